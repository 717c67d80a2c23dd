// The generated data set as Postgres takes it, batch by batch: each restaurant as a Postgres
// row (postgresRow) with its diners' confirmations, whose visits count back from the month of
// the build. pg.mjs loads it; search.mjs reads it whole, at a small size, for the reference.
import { DEFAULT_SEED, currentMonth, generateBatches, generateConfirmations, postgresRow } from "../generate.mjs";

/** Restaurants 1 to n in batches of `batchSize`, each restaurant as { row, confirmations }. */
export function* postgresBatches(n, { seed = DEFAULT_SEED, batchSize }) {
  const month = currentMonth();
  for (const batch of generateBatches(n, { seed, batchSize })) {
    yield batch.map((r) => ({ row: postgresRow(r), confirmations: generateConfirmations(r.id, month, seed) }));
  }
}
