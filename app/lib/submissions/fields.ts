// What the public forms' pages need in the browser, kept apart from the schemas (./forms.ts) so
// that zod stays on the server: the browser takes the fields' constraints from the loader
// (getZodConstraint), and the names and labels from here.
import type { REPORT_REASONS } from "../directory/submission-store";

/** The country of a row or a form that names none (the contract's section 14: in the US unless it says otherwise). */
export const DEFAULT_COUNTRY = "US";

/** A field people never see or fill; bots that fill every input give themselves away. */
export const HONEYPOT_FIELD = "company_fax";

export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  closed: "It has closed permanently",
  hours: "The hours are wrong",
  diet: "The dietary information is wrong",
  contact: "The address, phone or website is wrong",
  confirm: "I ate here recently and the dietary information is right",
  other: "Something else",
};
