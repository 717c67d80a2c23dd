// The zod pieces every public form's schema is built from ('Suggest a Restaurant' and 'Report a
// problem' in ./forms.ts, 'Ate here? Tell other diners' in ./confirmation-form.ts): single-line
// and multi-line text by the one text module (./text.ts: normalised first, then measured and
// checked), and an optional email address.
import { z } from "zod";
import { keptText, textProblem, tooLong, type TextShape } from "./text";

/** What a kept text may not hold (textProblem apart from its length, which the schema's max checks). */
const refusedCharacters = (shape: TextShape) => (value: string | undefined, context: z.RefinementCtx) => {
  const problem = value ? textProblem(value, shape, Number.POSITIVE_INFINITY) : null;
  if (problem) context.addIssue({ code: "custom", message: problem });
};

/**
 * Optional text as kept (keptText), then measured and checked: "" when blank. The limit sits on
 * the pipe's output, where Conform's getZodConstraint finds it (the field's maxLength); the
 * output is optional because Conform reads a blank string as absent on both sides of a pipe.
 */
const optionalText = (shape: TextShape, max: number) =>
  z
    .string()
    .transform((value) => keptText(value, shape))
    .pipe(z.string().max(max, tooLong(max)).optional())
    .superRefine(refusedCharacters(shape))
    .optional()
    .transform((value) => value ?? "");

/** Optional single-line text (names, city, cuisine, what was ordered): "" when left blank. */
export const line = (max: number) => optionalText("line", max);

/** Required single-line text: '{label} is required.' when blank (or only spaces). */
export const requiredLine = (label: string, max = 200) => {
  const required = `${label} is required.`;
  return z
    .string({ required_error: required })
    .transform((value) => keptText(value, "line"))
    .pipe(z.string({ required_error: required }).min(1, required).max(max, tooLong(max)))
    .superRefine(refusedCharacters("line"));
};

/** Optional multi-line text (notes, details): kept as typed, in NFC with LF line ends; "" when blank. */
export const paragraphs = (max: number) => optionalText("paragraphs", max);

/** An optional email address, read as the form's single-line text (`line`): blank, or a valid address. */
export const optionalEmail = <Line extends z.ZodType<string, z.ZodTypeDef, unknown>>(line: Line) =>
  line.refine((value) => !value || z.string().email().safeParse(value).success, "Please enter a valid email address.");
