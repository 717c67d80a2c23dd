// The URL segments of the landing pages outside the US (/{cc}/{sub}/…, docs/seo.md). Pure: the
// loaders (./world-landing.server.ts) and the sitemap's file names (./sitemap.ts) share it.
import { HOME_COUNTRY } from "../world/countries";

/** The segment of a country without subdivisions, and of its restaurants without one. */
export const NO_SUBDIVISION_SEGMENT = "-";

/**
 * `{cc}`: two letters in lower case, any but the US's, as the code the rows keep; null for
 * anything else. A code that names no country ('zz') or a country without restaurants finds no
 * rows, and its page answers 404 (the loaders, ./world-landing.server.ts). No list of
 * countries here: this module reaches the browser's bundle through ./sitemap.ts.
 */
export function parseCountrySegment(segment: string | undefined): string | null {
  if (!segment || !/^[a-z]{2}$/.test(segment)) return null;
  const code = segment.toUpperCase();
  return code === HOME_COUNTRY ? null : code;
}

/** `{sub}`: a subdivision's code in lower case ('on', 'eng', '62'), or '-' for none (''). */
export function parseSubdivisionSegment(segment: string | undefined): string | null {
  if (segment === NO_SUBDIVISION_SEGMENT) return "";
  if (!segment || !/^[a-z0-9]{1,3}$/.test(segment)) return null;
  return segment.toUpperCase();
}

export function countryPath(country: string): string {
  return `/${country.toLowerCase()}`;
}
