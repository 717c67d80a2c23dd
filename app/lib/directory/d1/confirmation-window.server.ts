// D1: the restaurants whose confirmations of the last 12 months changed because the months
// moved on (confirmation_stale_from reached: migrations/0010_confirmations.sql), derived again
// by the scheduled job (app/lib/jobs/confirmation-window.server.ts).

/** Derives again at most `limit` rows whose window has moved; returns how many it wrote. */
export async function refreshConfirmationWindowD1(db: D1Database, limit: number): Promise<number> {
  const { results } = await db
    .prepare(
      `UPDATE restaurants SET (confirmation_tallies, confirmation_tags, confirmation_stale_from) =
         (SELECT f.tallies, f.tags, f.stale_from FROM restaurant_confirmation_facts AS f WHERE f.id = restaurants.id)
       WHERE id IN (SELECT id FROM restaurants WHERE confirmation_stale_from <= strftime('%Y-%m', 'now')
                    ORDER BY confirmation_stale_from LIMIT ?1)
       RETURNING id`,
    )
    .bind(limit)
    .all();
  // Rows written, from RETURNING: meta.changes also counts what the triggers wrote (the index).
  return results.length;
}
