// D1: the reads of a restaurant's published confirmations (its page's 'From diners' card), one
// range of confirmations_restaurant_idx each, and the writes that publish confirmations
// (migrations/0010_confirmations.sql). Pure.
import type { Month } from "../../trust/confirmations";
import type { ConfirmationPublication } from "../submission-store";
import { CONFIRMATION_COLUMNS } from "../confirmation-rows";
import type { SqlStatement, SqlValue } from "./fts-query";

/** The most confirmations a page lists. */
const MAX_LISTED = 50;

/** [tallies since `since` (condition, outcome, count, latest), the newest `limit` confirmations]. */
export function confirmationsStatements(restaurantId: number, since: Month, limit: number): SqlStatement[] {
  return [
    {
      sql:
        "SELECT condition, outcome, count(*) AS n, max(visited) AS latest FROM confirmations " +
        "WHERE restaurant_id = ?1 AND visited >= ?2 GROUP BY condition, outcome",
      params: [restaurantId, since],
    },
    {
      sql:
        `SELECT ${CONFIRMATION_COLUMNS.join(", ")} FROM confirmations WHERE restaurant_id = ?1 ` +
        "ORDER BY visited DESC, id DESC LIMIT ?2",
      params: [restaurantId, Math.min(Math.max(limit, 0), MAX_LISTED)],
    },
  ];
}

/**
 * Approving confirmations, as one batch: for each, the confirmation is inserted only while its
 * submission is a pending confirmation, then the submission records the decision (RETURNING
 * its id when it did). published_at is the moment of the decision.
 */
export function publishStatements(
  items: readonly ConfirmationPublication[],
  reviewer: string,
  reviewedAt: string,
): SqlStatement[] {
  const pending = "s.id = ?1 AND s.status = 'pending' AND s.kind = 'confirmation'";
  return items.flatMap((item) => [
    {
      sql:
        "INSERT INTO confirmations (restaurant_id, submission_id, condition, visited, outcome, staff, seen, ordered, note, published_at) " +
        `SELECT s.restaurant_id, s.id, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9 FROM submissions AS s WHERE ${pending}`,
      params: [
        item.id,
        item.condition,
        item.visited,
        item.outcome,
        item.staff ?? null,
        JSON.stringify(item.seen),
        item.ordered ?? null,
        item.note ?? null,
        reviewedAt,
      ] as SqlValue[],
    },
    {
      sql:
        "UPDATE submissions SET status = 'approved', reviewed_at = ?2, reviewed_by = ?3 " +
        "WHERE id = ?1 AND status = 'pending' AND kind = 'confirmation' RETURNING id",
      params: [item.id, reviewedAt, reviewer],
    },
  ]);
}
