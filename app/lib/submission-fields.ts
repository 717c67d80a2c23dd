// Field names of the suggestion form (docs/routes.md), shared by form and action.

/** A field people never see or fill; bots that fill every input give themselves away. */
export const HONEYPOT_FIELD = "company_fax";

export const SUBMISSION_FIELDS = [
  "name",
  "city",
  "state",
  "address",
  "zip",
  "phone",
  "website",
  "submitter_email",
  "submitter_phone",
  "cuisine",
  "notes",
] as const;
export const SUBMISSION_CHECKBOXES = ["gluten_free", "dairy_free", "vegetarian", "vegan"] as const;

type TextField = (typeof SUBMISSION_FIELDS)[number];
type CheckboxField = (typeof SUBMISSION_CHECKBOXES)[number];
export type SubmissionValues = Record<TextField, string> & Record<CheckboxField, boolean>;
export type SubmissionErrors = Partial<Record<TextField, string>>;
