// The two public forms, one zod schema each: 'Suggest a Restaurant' and 'Report a problem'
// (docs/routes.md). The server validates with them (Conform's parseWithZod: field errors
// and the typed values) and the forms take their input constraints (required, maxLength)
// from them (in the loader: zod stays on the server); no message is written twice. Text follows
// ./text.ts, normalised before it is measured: single-line fields refuse invisible, control and
// text-direction characters, multi-line ones controls other than line breaks and tabs and
// text-direction characters; everything is kept in Unicode NFC, multi-line fields with LF line
// ends. Where the restaurant is follows its country (./address-rules.ts): `state` kept as the
// code of a US state or of the country's subdivision, `zip` as the country writes it; `country`
// is kept in the payload only outside the US (a suggestion without it is in the US, as a row is).
import { z } from "zod";
import { REPORT_REASONS } from "../directory/submission-store";
import { ADDRESS_MESSAGES, checkPostalCode, checkState } from "./address-rules";
import { isCountryCode } from "./countries";
import { DEFAULT_COUNTRY } from "./fields";
import { line, optionalEmail, paragraphs, requiredLine } from "./schema-parts";
import { TEXT_MESSAGES, hasHiddenCharacter, isHttpUrl, singleLine } from "./text";

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

const suggestionFields = z.object({
  name: requiredLine("Restaurant name"),
  city: requiredLine("City"),
  // Required where the country has states or provinces (./address-rules.ts), so not by the
  // browser: a country without them leaves it blank.
  state: line(100),
  address: line(200),
  zip: line(20),
  country: z
    .string()
    .optional()
    .transform((value) => value ?? DEFAULT_COUNTRY),
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

/** A raw text field of the form as kept ("" when absent), or null when the text rules refuse it (their message shows). */
function keptLine(raw: unknown): string | null {
  const text = typeof raw === "string" ? singleLine(raw) : "";
  return hasHiddenCharacter(text) ? null : text;
}

/**
 * The country and what depends on it, read before the fields (so that their messages show with
 * every other field's): an unknown country, or a state or postal code that is not one of the
 * country's, is a message beside its field; valid ones are handed on as they are kept (a
 * state's code, a postal code in capitals).
 */
function placeByCountry(raw: unknown, context: z.RefinementCtx): unknown {
  if (typeof raw !== "object" || raw === null) return raw;
  const fields = { ...(raw as Record<string, unknown>) };
  const country = (typeof fields.country === "string" ? fields.country.trim().toUpperCase() : "") || DEFAULT_COUNTRY;
  if (!isCountryCode(country)) {
    context.addIssue({ code: "custom", path: ["country"], message: ADDRESS_MESSAGES.country });
    return fields;
  }
  fields.country = country;
  const checks = [
    ["state", checkState],
    ["zip", checkPostalCode],
  ] as const;
  for (const [name, check] of checks) {
    const text = keptLine(fields[name]);
    if (text === null) continue;
    const checked = check(country, text);
    if (checked.ok) fields[name] = checked.value ?? "";
    else context.addIssue({ code: "custom", path: [name], message: checked.message });
  }
  return fields;
}

export const suggestionSchema = z.preprocess(
  placeByCountry,
  suggestionFields.transform(({ country, ...suggestion }) =>
    country === DEFAULT_COUNTRY ? suggestion : { ...suggestion, country },
  ),
);

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
