// The site's name and tagline, for page titles and the shared frame. The name is a setting
// (SITE_NAME, docs/configuration.md) that the root loader returns as `siteName`; meta
// functions read it from the root match, so every title follows the setting.
export const DEFAULT_SITE_NAME = "SafeBites";

export const TAGLINE = "Find Food That Won't Fight Back";

type Match = { id: string; data: unknown };

/** The configured name, from the root route's data; the default while that data is missing (its own error page). */
export function siteNameOf(matches: readonly Match[]): string {
  const data = matches.find((match) => match.id === "root")?.data;
  const name = data && typeof data === "object" && "siteName" in data ? data.siteName : undefined;
  return typeof name === "string" && name ? name : DEFAULT_SITE_NAME;
}

/** "{page} | {site name}" */
export function pageTitle(matches: readonly Match[], page: string): string {
  return `${page} | ${siteNameOf(matches)}`;
}

/** "{site name} – {tagline}": the home page's title. */
export function homeTitle(matches: readonly Match[]): string {
  return `${siteNameOf(matches)} – ${TAGLINE}`;
}
