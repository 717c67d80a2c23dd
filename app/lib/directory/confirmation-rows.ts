// Confirmations as either backend returns them (D1: JSON text; Postgres: jsonb), validated into
// the types of app/lib/trust/confirmations.ts: a restaurant's tallies ([condition, outcome,
// count, latest month] each) and its published confirmations.
import { z } from "zod";
import {
  CONDITIONS,
  OUTCOMES,
  SEEN_SIGNS,
  STAFF_ANSWERS,
  type Confirmation,
  type ConfirmationTally,
  type DinerConfirmations,
} from "../trust/confirmations";

const month = z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/);
const id = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number),
]);
/** D1 hands JSON over as text, Postgres (jsonb) as values. */
const json = <T extends z.ZodTypeAny>(schema: T) =>
  z.union([z.string().transform((text) => JSON.parse(text) as unknown), z.unknown()]).pipe(schema);

const tally = z
  .tuple([z.enum(CONDITIONS), z.enum(OUTCOMES), z.number().int().nonnegative(), month])
  .transform(([condition, outcome, count, latest]): ConfirmationTally => ({ condition, outcome, count, latest }));

/** Tallies in a fixed order (the conditions', then the outcomes'), whatever order the backend gave. */
function inOrder(tallies: ConfirmationTally[]): ConfirmationTally[] {
  return [...tallies].sort(
    (a, b) =>
      CONDITIONS.indexOf(a.condition) - CONDITIONS.indexOf(b.condition) ||
      OUTCOMES.indexOf(a.outcome) - OUTCOMES.indexOf(b.outcome),
  );
}

/** A list of tallies; null (none in the window) is an empty list. */
export const tallyListSchema = z
  .union([z.null(), json(z.array(tally).nullable())])
  .transform((tallies) => inOrder(tallies ?? []));

const confirmationRowSchema = z
  .object({
    id,
    restaurant_id: id,
    condition: z.enum(CONDITIONS),
    visited: month,
    outcome: z.enum(OUTCOMES),
    staff: z.enum(STAFF_ANSWERS).nullable(),
    seen: json(z.array(z.enum(SEEN_SIGNS))),
    ordered: z.string().nullable(),
    note: z.string().nullable(),
    published_at: z.string(),
  })
  .transform((row): Confirmation => ({
    id: row.id,
    restaurantId: row.restaurant_id,
    condition: row.condition,
    visited: row.visited,
    outcome: row.outcome,
    staff: row.staff,
    seen: row.seen,
    ordered: row.ordered,
    note: row.note,
    publishedAt: row.published_at,
  }));

export const dinerConfirmationsSchema = z
  .object({ tallies: tallyListSchema, confirmations: z.array(confirmationRowSchema) })
  .transform((answer): DinerConfirmations => answer);

/** The columns of a confirmation a restaurant page reads (never a contact field: there is none). */
export const CONFIRMATION_COLUMNS = [
  "id",
  "restaurant_id",
  "condition",
  "visited",
  "outcome",
  "staff",
  "seen",
  "ordered",
  "note",
  "published_at",
] as const;
