// The benchmark's D1 loader writes each generated restaurant with its confirmations' derived
// columns already set (bench/lib/d1.mjs): then the confirmations' insert trigger finds the
// tags unchanged and reindexes nothing (for most of a million rows it would). The rule is the
// database's (migrations/0010_confirmations.sql, restaurant_confirmation_facts); should this
// copy ever disagree, that trigger writes the database's values over it as it inserts each
// confirmation, so the data set is right either way: this only saves time.
import { CONFIRMED_BASE, token } from "~/lib/directory/d1/fts-query";
import {
  CONDITION_BITS,
  CONDITION_MASKS,
  RECENT_MONTHS,
  monthsBefore,
  withinLastMonths,
  type Condition,
} from "~/lib/trust/confirmations";

type Generated = { condition: string; visited: string; outcome: string };

/** confirmation_tallies, confirmation_tags and confirmation_stale_from as of `month`. */
export function confirmationColumnsD1(confirmations: readonly Generated[], month: string) {
  const counted = confirmations.filter((c) => withinLastMonths(c.visited, month, RECENT_MONTHS));
  if (counted.length === 0) return { tallies: null, tags: null, staleFrom: null };
  const groups = new Map<string, { condition: string; outcome: string; n: number; latest: string }>();
  let safe = 0;
  let reacted = 0;
  for (const c of counted) {
    const key = `${c.condition}\u0000${c.outcome}`;
    const group = groups.get(key) ?? { condition: c.condition, outcome: c.outcome, n: 0, latest: c.visited };
    group.n += 1;
    if (c.visited > group.latest) group.latest = c.visited;
    groups.set(key, group);
    const bit = CONDITION_BITS[c.condition as Condition] ?? 0;
    if (c.outcome === "ate-safely") safe |= bit;
    if (c.outcome === "reacted") reacted |= bit;
  }
  const tallies = [...groups.values()]
    .sort((a, b) =>
      a.condition === b.condition ? (a.outcome < b.outcome ? -1 : 1) : a.condition < b.condition ? -1 : 1,
    )
    .map((g) => [g.condition, g.outcome, g.n, g.latest]);
  const tags = CONDITION_MASKS.filter((mask) => (safe & mask) !== 0 && (reacted & mask) === 0)
    .map((mask) => token(CONFIRMED_BASE + mask))
    .join(" ");
  const earliest = counted.map((c) => c.visited).reduce((a, b) => (b < a ? b : a));
  return { tallies: JSON.stringify(tallies), tags: tags || null, staleFrom: monthsBefore(earliest, -13) };
}
