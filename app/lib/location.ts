// The location rules of docs/search-url.md, as a pure parse of the location box.

export type LocationFilter =
  | { kind: "none" }
  /** Exactly five digits: matched exactly against zip_code. */
  | { kind: "zip"; zip: string }
  /** Contains a comma: city part and state part, each trimmed, partial, case-insensitive. */
  | { kind: "cityState"; city: string; state: string }
  /** Anything else: partial, case-insensitive, against city or state. */
  | { kind: "cityOrState"; text: string };

export function parseLocation(raw: string): LocationFilter {
  const value = raw.trim();
  if (!value) return { kind: "none" };
  if (/^[0-9]{5}$/.test(value)) return { kind: "zip", zip: value };
  const comma = value.indexOf(",");
  if (comma !== -1) {
    return {
      kind: "cityState",
      city: value.slice(0, comma).trim(),
      state: value.slice(comma + 1).trim(),
    };
  }
  return { kind: "cityOrState", text: value };
}
