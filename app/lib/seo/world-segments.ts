// The URL segments of the landing pages outside the US (/{cc}/{sub}/…, docs/seo.md). Pure: the
// loaders (./world-landing.server.ts) and the sitemap's file names (./sitemap.ts) share it.
import { HOME_COUNTRY, countryName } from "../world/countries";

/** The segment of a country without subdivisions, and of its restaurants without one. */
export const NO_SUBDIVISION_SEGMENT = "-";

/** The code the runtime names 'Unknown Region'. */
const UNKNOWN_REGION = "ZZ";

/** `{cc}`: a country's two-letter code in lower case, any but the US's; null for anything else. */
export function parseCountrySegment(segment: string | undefined): string | null {
  if (!segment || !/^[a-z]{2}$/.test(segment)) return null;
  const code = segment.toUpperCase();
  // A code the runtime cannot name is not a country ('ZZ' it names 'Unknown Region'); a
  // region it can name that holds no restaurant ('EU') finds no rows, so 404s all the same.
  if (code === HOME_COUNTRY || code === UNKNOWN_REGION) return null;
  return countryName(code) !== code ? code : null;
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
