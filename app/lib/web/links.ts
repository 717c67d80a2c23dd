// Links built from stored (untrusted) text. React writes any href it is given into the
// server HTML, `javascript:` included, and with JavaScript off such a link is live: so
// every stored URL passes through these allow-lists first.

/** The URL if it parses as http(s) with a host, else null. */
export function safeHttpUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  // Only a literal http:// or https:// prefix: no leading whitespace/control tricks.
  if (!/^https?:\/\//i.test(value) || value !== raw) return null;
  try {
    const url = new URL(value);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname) return null;
    if (url.username || url.password) return null;
    return url.href;
  } catch {
    return null;
  }
}

/** A photo source: an http(s) URL, or a root-relative path to an image this app serves. */
export function safeImageSrc(raw: string | null | undefined): string | null {
  if (!raw) return null;
  if (/^\/[^/\\]/.test(raw) && !/[\s"'<>]/.test(raw)) return raw;
  return safeHttpUrl(raw);
}

/** A URL as people read it: no scheme, no trailing slash. */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}

/**
 * A tel: link keeping only digits, `+` and the visual separators a tel: URI may hold (`-`,
 * `.`, `(`, `)`; RFC 3966): no spaces. Null if no digit is left.
 */
export function telHref(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const kept = raw.replace(/[^0-9+().-]/g, "");
  if (!/[0-9]/.test(kept)) return null;
  return `tel:${kept}`;
}

// No % in the local part: a client that percent-decodes `a%40evil.example%2Cb@x.example`
// before splitting on commas would see two recipients.
const SINGLE_ADDRESS =
  /^[A-Za-z0-9.!#$*+/=^`{|}~'-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** A mailto: link for exactly one plain address (no ?, &, %, commas or spaces); else null. */
export function mailtoHref(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const value = raw.trim();
  if (value.length > 254 || !SINGLE_ADDRESS.test(value) || /[?&,]/.test(value)) return null;
  return `mailto:${value}`;
}

export type AddressParts = {
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
};

/** The address as one line: "12 Main St, Portland, OR 97201". */
export function formatAddress({ address, city, state, zipCode }: AddressParts): string {
  const region = [state, zipCode].filter(Boolean).join(" ");
  return [address, city, region].filter(Boolean).join(", ");
}

/** A maps search for the whole address, encoded as one query value. */
export function mapsSearchHref(parts: AddressParts): string | null {
  const address = formatAddress(parts);
  if (!address) return null;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** Directions to the address. */
export function directionsHref(parts: AddressParts): string | null {
  const address = formatAddress(parts);
  if (!address) return null;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
}

/** The hours text split on commas, one entry per line. */
export function hoursLines(hours: string | null | undefined): string[] {
  return (hours ?? "")
    .split(",")
    .map((line) => line.trim())
    .filter(Boolean);
}
