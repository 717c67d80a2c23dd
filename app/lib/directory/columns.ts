// Column names that both the port (RESTAURANT_COLUMNS) and the review queue's form
// (EDITABLE_TEXT_COLUMNS) list; apart from port.ts so that the browser's bundle takes them
// without the port's row schemas.

/** A restaurant's listing as text: where it is, how to reach it, its hours and its description. */
export const LISTING_TEXT_COLUMNS = [
  "address",
  "city",
  "state",
  "zip_code",
  "phone_number",
  "email_address",
  "website_url",
  "menu_url",
  "hours_of_operation",
  "description",
] as const;
