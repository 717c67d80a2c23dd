// A restaurant's published confirmations as either backend returns them (D1: JSON text;
// Postgres: jsonb), validated into the types of app/lib/trust/confirmations.ts, with its
// tallies (./restaurant-rows.ts tallyListSchema, which every found row's tallies pass through too).
import { z } from "zod";
import {
  CONDITIONS,
  OUTCOMES,
  SEEN_SIGNS,
  STAFF_ANSWERS,
  type Confirmation,
  type DinerConfirmations,
} from "../trust/confirmations";
import { idSchema, jsonOf, monthSchema, tallyListSchema } from "./restaurant-rows";

const confirmationRowSchema = z
  .object({
    id: idSchema,
    restaurant_id: idSchema,
    condition: z.enum(CONDITIONS),
    visited: monthSchema,
    outcome: z.enum(OUTCOMES),
    staff: z.enum(STAFF_ANSWERS).nullable(),
    seen: jsonOf(z.array(z.enum(SEEN_SIGNS))),
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
