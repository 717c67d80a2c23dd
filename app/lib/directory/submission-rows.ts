// Rows of the submissions table as either backend returns them, validated into typed values.
import { z } from "zod";
import {
  EDITABLE_FLAG_COLUMNS,
  EDITABLE_PRACTICE_COLUMNS,
  EDITABLE_TEXT_COLUMNS,
  REPORT_REASONS,
  STAMP_COLUMNS,
  type Payload,
  type RestaurantColumns,
  type StoredSubmission,
} from "../submissions/store";

const id = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^[1-9][0-9]{0,15}$/)
    .transform(Number),
]);
const payloadValue = z.union([z.string(), z.boolean(), z.null()]);
/** D1 hands the payload over as JSON text, Postgres (jsonb) as an object. */
const payload: z.ZodType<Payload, z.ZodTypeDef, unknown> = z
  .union([z.string().transform((text): unknown => JSON.parse(text)), z.record(z.unknown())])
  .pipe(z.record(payloadValue));
/** Postgres timestamps arrive as text too; dates as "YYYY-MM-DD". */
const timestamp = z.string();

export const storedSubmissionSchema = z
  .object({
    id,
    kind: z.enum(["restaurant", "report", "confirmation"]),
    restaurant_id: id.nullable(),
    reason: z.enum(REPORT_REASONS).nullable(),
    payload,
    status: z.enum(["pending", "approved", "rejected"]),
    created_at: timestamp,
    reviewed_at: timestamp.nullable(),
    reviewed_by: z.string().nullable(),
  })
  .transform((row): StoredSubmission => ({
    id: row.id,
    kind: row.kind,
    restaurantId: row.restaurant_id,
    reason: row.reason,
    payload: row.payload,
    status: row.status,
    createdAt: row.created_at,
    reviewedAt: row.reviewed_at,
    reviewedBy: row.reviewed_by,
  }));

const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => value === true || value === 1);
const practice = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.null()])
  .optional()
  .transform((value) => (value === undefined || value === null ? null : value === true || value === 1));

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/** The columns a reviewer may edit, each checked by its kind, from a listing's row. */
function editableColumns(row: Record<string, unknown>): RestaurantColumns {
  const columns: RestaurantColumns = {};
  for (const c of EDITABLE_TEXT_COLUMNS) columns[c] = text.parse(row[c]);
  for (const c of STAMP_COLUMNS) columns[c] = text.parse(row[c]);
  for (const c of EDITABLE_FLAG_COLUMNS) columns[c] = flag.optional().parse(row[c]) ?? false;
  for (const c of EDITABLE_PRACTICE_COLUMNS) columns[c] = practice.parse(row[c]);
  return columns;
}

/** A restaurant's current listing beside a report: its id and the columns a reviewer may edit. */
export const pendingRestaurantSchema = z
  .object({ id })
  .passthrough()
  .transform(({ id, ...row }): RestaurantColumns & { id: number } => ({ id, ...editableColumns(row) }));
