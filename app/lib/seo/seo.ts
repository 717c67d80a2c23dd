// What search engines and link previews read (docs/seo.md): the canonical URL, robots, Open
// Graph and Twitter card tags of every page, and the structured data (JSON-LD) of restaurant
// and landing pages. Stored text is untrusted: jsonLdText makes JSON that cannot end its
// <script> element, and only http(s) URLs go into it.
import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { Restaurant } from "../directory/restaurant-rows";
import { formatAddress, safeHttpUrl } from "../web/links";
import { pageTitle, siteNameOf } from "../web/site";
import type { OpeningHoursSpecification } from "../hours/hours";

type Match = { id: string; data: unknown };

/** The request's origin ("https://safebites.example"), from the root route's data. */
export function originOf(matches: readonly Match[]): string {
  const data = matches.find((match) => match.id === "root")?.data;
  const origin = data && typeof data === "object" && "origin" in data ? data.origin : undefined;
  return typeof origin === "string" ? origin : "";
}

/** An absolute http(s) URL for a path of this site (or an http(s) URL as it is); null for anything else. */
export function absoluteUrl(origin: string, pathOrUrl: string): string | null {
  if (pathOrUrl.startsWith("/") && !pathOrUrl.startsWith("//")) {
    try {
      return new URL(pathOrUrl, origin).href;
    } catch {
      return null;
    }
  }
  return safeHttpUrl(pathOrUrl);
}

export type PageSeo = {
  /** The whole <title>. */
  title: string;
  description: string;
  /** The canonical path and query ("/us/or/portland?page=2"). */
  path: string;
  /** Arbitrary search combinations: noindex, follow. */
  noindex?: boolean;
  /** A picture for link previews: a path of this site or an http(s) URL. */
  image?: string | null;
  imageAlt?: string;
};

/**
 * A landing page's tags (/us, /us/{st}, /us/{st}/{city}): its heading with the site's name as
 * the title. Without data (the loader answered 404) the page is the 'Page Not Found' page, and
 * only that title describes it.
 */
export function landingMeta(
  matches: readonly Match[],
  page: (Omit<PageSeo, "title"> & { heading: string }) | undefined,
): MetaDescriptor[] {
  if (!page) return [{ title: pageTitle(matches, "Page Not Found") }];
  const { heading, ...seo } = page;
  return pageMeta(matches, { title: pageTitle(matches, heading), ...seo });
}

/** Title, description, canonical link, robots, Open Graph and Twitter card tags of a page. */
export function pageMeta(matches: readonly Match[], page: PageSeo): MetaDescriptor[] {
  const origin = originOf(matches);
  const canonical = absoluteUrl(origin, page.path);
  const image = page.image ? absoluteUrl(origin, page.image) : null;
  const tags: MetaDescriptor[] = [{ title: page.title }, { name: "description", content: page.description }];
  if (canonical) tags.push({ tagName: "link", rel: "canonical", href: canonical });
  if (page.noindex) tags.push({ name: "robots", content: "noindex, follow" });
  tags.push(
    { property: "og:site_name", content: siteNameOf(matches) },
    { property: "og:type", content: "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
  );
  if (canonical) tags.push({ property: "og:url", content: canonical });
  tags.push(
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
  );
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
    if (page.imageAlt) {
      tags.push(
        { property: "og:image:alt", content: page.imageAlt },
        { name: "twitter:image:alt", content: page.imageAlt },
      );
    }
  }
  return tags;
}

/**
 * JSON for a <script type="application/ld+json">: `<`, `>` and `&` as \u escapes, so no stored
 * text can end the element (`</script>`) or open a comment (`<!--`), and U+2028/U+2029 too.
 * JSON.parse reads the same values back.
 */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}

export type Crumb = { name: string; path: string };

/** schema.org BreadcrumbList of absolute URLs, home first. */
export function breadcrumbJsonLd(origin: string, crumbs: readonly Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(origin, crumb.path),
    })),
  };
}

/** Own coordinates when both are numbers in range (a ZIP's centre is not the restaurant's place). */
function geoOf({ latitude, longitude }: Restaurant) {
  if (latitude === null || longitude === null || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { "@type": "GeoCoordinates", latitude, longitude };
}

/**
 * schema.org Restaurant. `url`: the restaurant's own website when it has an http(s) one, else
 * this page; `mainEntityOfPage`: this page. Absent values are left out, never empty.
 */
export function restaurantJsonLd(
  origin: string,
  restaurant: Restaurant,
  {
    path,
    photos,
    openingHours,
  }: {
    path: string;
    photos: readonly string[];
    /** Its understood hours (openingHoursSpecification in ../hours/hours.ts, worked out by the loader). */
    openingHours?: OpeningHoursSpecification;
  },
) {
  const page = absoluteUrl(origin, path);
  const images = photos.flatMap((src) => absoluteUrl(origin, src) ?? []);
  const address = {
    "@type": "PostalAddress",
    streetAddress: restaurant.address ?? undefined,
    addressLocality: restaurant.city ?? undefined,
    addressRegion: restaurant.state ?? undefined,
    postalCode: restaurant.zipCode ?? undefined,
    addressCountry: restaurant.country ?? "US",
  };
  return {
    "@context": "https://schema.org",
    "@type": "Restaurant",
    "@id": page ? `${page}#restaurant` : undefined,
    name: restaurant.name,
    url: safeHttpUrl(restaurant.websiteUrl) ?? page ?? undefined,
    mainEntityOfPage: page ?? undefined,
    description: restaurant.description ?? undefined,
    address: formatAddress(restaurant) ? address : undefined,
    geo: geoOf(restaurant),
    telephone: restaurant.phoneNumber ?? undefined,
    servesCuisine: restaurant.cuisineType ?? undefined,
    hasMenu: safeHttpUrl(restaurant.menuUrl) ?? undefined,
    openingHoursSpecification: openingHours,
    image: images.length > 0 ? images : undefined,
  };
}
