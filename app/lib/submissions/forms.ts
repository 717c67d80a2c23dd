// The two public forms, one zod schema each: 'Suggest a Restaurant' and 'Report a problem'
// (docs/routes.md). The server validates with them (Conform's parseWithZod: field errors
// and the typed values) and the forms take their input constraints (required, maxLength)
// from them (in the loader: zod stays on the server); no message is written twice. Text follows
// ./text.ts, normalised before it is measured: single-line fields refuse invisible, control and
// text-direction characters, multi-line ones controls other than line breaks and tabs and
// text-direction characters; everything is kept in Unicode NFC, multi-line fields with LF line
// ends, and `state` as its two-letter code.
import { z } from "zod";
import { stateCode } from "../places/places";
import { REPORT_REASONS } from "../directory/submission-store";
import { line, optionalEmail, paragraphs, requiredLine } from "./schema-parts";
import { TEXT_MESSAGES, isHttpUrl } from "./text";

/** A US state, written as its name or its code; kept as the code. */
const usState = requiredLine("State").transform((value, context) => {
  const code = stateCode(value);
  if (code) return code;
  context.addIssue({ code: "custom", message: TEXT_MESSAGES.state });
  return z.NEVER;
});

const website = line(500).refine((value) => !value || isHttpUrl(value), TEXT_MESSAGES.website);

const email = optionalEmail(line(254));

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
  name: requiredLine("Restaurant name"),
  city: requiredLine("City"),
  state: usState,
  address: line(200),
  zip: line(20),
  phone: line(40),
  website,
  submitter_email: email,
  submitter_phone: line(40),
  cuisine: line(100),
  notes: paragraphs(4000),
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

const REPORT_DETAILS_MAX = 2000;

export const reportSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { errorMap: () => ({ message: "Please choose what is wrong." }) }),
    details: paragraphs(REPORT_DETAILS_MAX),
    submitter_email: email,
  })
  .superRefine((report, context) => {
    if (report.reason !== "confirm" && !report.details) {
      context.addIssue({ code: "custom", path: ["details"], message: "Please tell us what is wrong." });
    }
  });
