// The zod pieces the public forms' schemas share ('Suggest a Restaurant' and 'Report a problem'
// in ./forms.ts, 'Ate here? Tell other diners' in ./confirmation-form.ts): the message for a
// value too long, multi-line text, and an optional email address.
import { z } from "zod";
import { multiLine } from "./text";

export const tooLong = (max: number) => `Please keep this under ${max} characters.`;

/** Optional multi-line text (notes, details): kept as typed, in NFC with LF line ends; "" when blank. */
export const paragraphs = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .transform(multiLine)
    .optional()
    .transform((value) => value ?? "");

/** An optional email address, read as the form's single-line text (`line`): blank, or a valid address. */
export const optionalEmail = <Line extends z.ZodType<string, z.ZodTypeDef, unknown>>(line: Line) =>
  line.refine((value) => !value || z.string().email().safeParse(value).success, "Please enter a valid email address.");
