// `/restaurant/{id}`: a positive integer in canonical form (no sign, no leading zeros),
// no larger than both JavaScript and Postgres bigint can hold exactly.
export function parseRestaurantId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}
