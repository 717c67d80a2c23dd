// What a restaurant's country changes in how a page reads it (CONTRACTS section 14, "How it
// reads"; docs/decisions/0032-international-formatting.md): its usual clock and its unit of
// distance (its name: ./country-names.ts). Small and pure, so a component may use it; it imports
// nothing of the app (the lowest of app/lib's layers).

/** The country every US rule was written for: its pages read as they always have. */
export const HOME_COUNTRY = "US";

/** Countries that tell the time on a 12-hour clock ('9:30 pm'); everywhere else, 24 hours ('21:30'). */
const TWELVE_HOUR_CLOCK: ReadonlySet<string> = new Set(["US", "CA", "AU", "NZ", "IN", "PH"]);

/** Countries that give distances in miles on their roads; everywhere else, kilometres. */
const MILES: ReadonlySet<string> = new Set(["US", "GB", "LR", "MM"]);

export type Clock = "12h" | "24h";

/** A stored country code, upper case; absent (a row from before the column) is the US. */
export function countryOf(country: string | null | undefined): string {
  return country ? country.toUpperCase() : HOME_COUNTRY;
}

/** The clock `country` tells the time by. */
export function clockOf(country: string | null | undefined): Clock {
  return TWELVE_HOUR_CLOCK.has(countryOf(country)) ? "12h" : "24h";
}

/** Whether `country` gives distances in kilometres. */
export function usesKilometres(country: string | null | undefined): boolean {
  return !MILES.has(countryOf(country));
}

const KM_PER_MILE = 1.609344;

/** A distance given in miles, in kilometres: '< 0.1 km', '1.2 km', '40 km', '1,207 km'. */
export function formatKilometres(miles: number): string {
  if (!Number.isFinite(miles)) return "";
  const km = Math.max(0, miles) * KM_PER_MILE;
  const tenths = Math.round(km * 10) / 10;
  if (tenths === 0) return "< 0.1 km";
  if (tenths < 10) return `${tenths.toFixed(1)} km`;
  return `${Math.round(km).toLocaleString("en-US")} km`;
}

/** A search radius (5, 10, 25 or 50 miles in the URL) in round kilometres: 8, 16, 40, 80. */
export function radiusKilometres(miles: number): number {
  return Math.round(miles * KM_PER_MILE);
}
