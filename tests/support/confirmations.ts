// Loads diners' confirmations into a test database as the table owner would (another client:
// the database's triggers derive each restaurant's columns and tags on insert).
import type { PGlite } from "@electric-sql/pglite";
import type { ReferenceConfirmation } from "../fixtures/reference-search";

type Row = ReferenceConfirmation & { restaurant_id: number };

const COLUMNS = "id, restaurant_id, condition, visited, outcome, staff, seen, ordered, note";

/** A row's values in COLUMNS' order, unknown answers null; `seen` as the database takes a list. */
const valuesOf = (c: Row, seen: (signs: string[]) => unknown) => [
  c.id,
  c.restaurant_id,
  c.condition,
  c.visited,
  c.outcome,
  c.staff ?? null,
  seen(c.seen ?? []),
  c.ordered ?? null,
  c.note ?? null,
];

export async function loadConfirmationsD1(db: D1Database, rows: readonly Row[]) {
  const insert = (c: Row) =>
    db
      .prepare(`INSERT INTO confirmations (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`)
      .bind(...valuesOf(c, (signs) => JSON.stringify(signs)));
  for (let i = 0; i < rows.length; i += 100) await db.batch(rows.slice(i, i + 100).map(insert));
}

export async function loadConfirmationsPglite(db: PGlite, rows: readonly Row[]) {
  await db.transaction(async (tx) => {
    for (const c of rows) {
      await tx.query(
        `insert into public.confirmations (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        valuesOf(c, (signs) => signs),
      );
    }
    await tx.exec(
      "select setval(pg_get_serial_sequence('public.confirmations', 'id'), coalesce((select max(id) from public.confirmations), 0) + 1, false)",
    );
  });
}
