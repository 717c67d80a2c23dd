// Rows of the submissions and listing_changes tables, and a listing as the review queue reads
// it, as either backend returns them, validated into typed values.
import { z } from "zod";
import {
  EDITABLE_FLAG_COLUMNS,
  EDITABLE_PRACTICE_COLUMNS,
  EDITABLE_TEXT_COLUMNS,
  REPORT_REASONS,
  STAMP_COLUMNS,
  SUBMISSION_KINDS,
  type Listing,
  type ListingChangeRecord,
  type Payload,
  type PendingCount,
  type RestaurantColumns,
  type StoredSubmission,
} from "./submission-store";

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
const flag = z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((value) => value === true || value === 1);

export const storedSubmissionSchema = z
  .object({
    id,
    kind: z.enum(SUBMISSION_KINDS),
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

const practice = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.null()])
  .optional()
  .transform((value) => (value === undefined || value === null ? null : value === true || value === 1));
const text = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

/** The columns a reviewer may edit and a decision stamps, each checked by its kind, from a listing's row. */
function writableColumns(row: Record<string, unknown>): RestaurantColumns {
  const columns: RestaurantColumns = {};
  for (const c of EDITABLE_TEXT_COLUMNS) columns[c] = text.parse(row[c]);
  for (const c of STAMP_COLUMNS) columns[c] = text.parse(row[c]);
  for (const c of EDITABLE_FLAG_COLUMNS) columns[c] = flag.optional().parse(row[c]) ?? false;
  for (const c of EDITABLE_PRACTICE_COLUMNS) columns[c] = practice.parse(row[c]);
  return columns;
}

/** A restaurant's listing as the queue shows and compares it: id, version and the writable columns. */
export const listingSchema = z
  .object({ id, version: z.number().int().nonnegative() })
  .passthrough()
  .transform(({ id, version, ...row }): Listing => ({ id, version, ...writableColumns(row) }));

/** A pending submission of the queue's page, with `urgent` and, for a report, its restaurant's listing. */
export const pendingSubmissionSchema = z
  .intersection(
    storedSubmissionSchema,
    z.object({
      urgent: flag,
      /** D1 hands the listing over as JSON text, Postgres as an object. */
      restaurant: z
        .union([z.string().transform((text): unknown => JSON.parse(text)), z.record(z.unknown()), z.null()])
        .pipe(listingSchema.nullable()),
    }),
  )
  .transform(({ urgent, restaurant, ...submission }) => ({ ...submission, urgent, restaurant }));

export const pendingCountSchema = z
  .object({
    kind: z.enum(SUBMISSION_KINDS),
    reason: z.enum(REPORT_REASONS).nullable(),
    pending: z.number().int().nonnegative(),
  })
  .transform((row): PendingCount => row);

export const listingChangeSchema = z
  .object({
    id,
    submission_id: id.nullable(),
    column_name: z.string(),
    old_value: z.string().nullable(),
    new_value: z.string().nullable(),
    changed_by: z.string(),
    changed_at: timestamp,
  })
  .transform((row): ListingChangeRecord => ({
    id: row.id,
    submissionId: row.submission_id,
    column: row.column_name,
    oldValue: row.old_value,
    newValue: row.new_value,
    changedBy: row.changed_by,
    changedAt: row.changed_at,
  }));
