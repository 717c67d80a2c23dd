// PLACEHOLDER (the places helper's module replaces this file at merge).
export const EARTH_RADIUS_MILES = 3958.8;
export type PlaceQuery =
  | { kind: "zip"; zip: string }
  | { kind: "cityState"; key: string; state: string }
  | { kind: "name"; key: string }
  | { kind: "state"; state: string }
  | { kind: "none" };
export function placeKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[.']/g, "").replace(/[\s-]+/g, " ").trim();
}
export function parsePlaceQuery(location: string): PlaceQuery {
  const value = location.trim();
  if (!value) return { kind: "none" };
  if (/^[0-9]{5}$/.test(value)) return { kind: "zip", zip: value };
  const comma = value.indexOf(",");
  if (comma !== -1) {
    const state = value.slice(comma + 1).trim().toUpperCase();
    if (!/^[A-Z]{2}$/.test(state)) return { kind: "none" };
    return { kind: "cityState", key: placeKey(value.slice(0, comma)), state };
  }
  return { kind: "name", key: placeKey(value) };
}
export function roundCoordinate(value: number): number {
  return Math.round(value * 1000) / 1000;
}
export function formatDistance(miles: number): string {
  return miles < 10 ? `${(Math.round(miles * 10) / 10).toFixed(1)} mi` : `${Math.round(miles)} mi`;
}
