// The two public forms, one zod schema each: 'Suggest a Restaurant' and 'Report a problem'
// (docs/routes.md). The server validates with them (Conform's parseWithZod: field errors
// and the typed values) and the forms take their input constraints (required, maxLength)
// from them; no message is written twice.
import { z } from "zod";
import { REPORT_REASONS } from "./store";

/** A field people never see or fill; bots that fill every input give themselves away. */
export const HONEYPOT_FIELD = "company_fax";

const tooLong = (max: number) => `Please keep this under ${max} characters.`;

/** Optional text: trimmed, "" when left blank (Conform hands a blank field over as undefined). */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .optional()
    .transform((value) => value ?? "");

const required = (label: string, max = 200) =>
  z
    .string({ required_error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, tooLong(max));

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
  } catch {
    return false;
  }
}

const website = text(500).refine(
  (value) => !value || isHttpUrl(value),
  "Please enter a website address starting with http:// or https://.",
);

const email = text(254).refine(
  (value) => !value || z.string().email().safeParse(value).success,
  "Please enter a valid email address.",
);

/** A checkbox: present means yes. */
const checkbox = z
  .boolean()
  .optional()
  .transform((value) => value ?? false);

/** Yes / No / Not sure (absent or blank): "yes", "no" or null. */
const practice = z
  .enum(["yes", "no"], { errorMap: () => ({ message: "Please choose Yes, No or Not sure." }) })
  .optional()
  .transform((value) => value ?? null);

export const suggestionSchema = z.object({
  name: required("Restaurant name"),
  city: required("City"),
  state: required("State"),
  address: text(200),
  zip: text(20),
  phone: text(40),
  website,
  submitter_email: email,
  submitter_phone: text(40),
  cuisine: text(100),
  notes: text(4000),
  gluten_free: checkbox,
  dairy_free: checkbox,
  vegetarian: checkbox,
  vegan: checkbox,
  gluten_free_only: checkbox,
  dairy_free_only: checkbox,
  vegetarian_only: checkbox,
  vegan_only: checkbox,
  gf_dedicated_fryer: practice,
  gf_separate_prep: practice,
  gf_trained_staff: practice,
});

export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  closed: "It has closed permanently",
  hours: "The hours are wrong",
  diet: "The dietary information is wrong",
  contact: "The address, phone or website is wrong",
  confirm: "I ate here recently and the dietary information is right",
  other: "Something else",
};

export const REPORT_DETAILS_MAX = 2000;

export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { errorMap: () => ({ message: "Please choose what is wrong." }) }),
    details: text(REPORT_DETAILS_MAX),
    submitter_email: email,
  })
  .superRefine((report, context) => {
    if (report.reason !== "confirm" && !report.details) {
      context.addIssue({ code: "custom", path: ["details"], message: "Please tell us what is wrong." });
    }
  });
