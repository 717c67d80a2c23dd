// A city's landing page (/us/{st}/{city}), its page for one diet (/us/{st}/{city}/{diet}) and
// for one diet served exclusively (/us/{st}/{city}/{diet}/dedicated, app/routes.ts): the
// restaurants the spec's text rule finds for "City, ST", by name, 25 a page, with the dietary
// and cuisine buttons (docs/seo.md; the page: app/components/landing/CityLanding.tsx, its
// reads: app/lib/landing/city-page.server.ts). Unknown or malformed state, city, diet or last
// segment, or a page past the end: 404.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CityLanding } from "~/components/landing/CityLanding";
import { loadCityPage } from "~/lib/landing/city-page.server";
import { cityPageSeo, parseStateSegment, usArea } from "~/lib/seo/landing";
import { landingMeta } from "~/lib/seo/seo";
import { loaderCacheControl } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";

export const headers = loaderCacheControl;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  landingMeta(matches, data && cityPageSeo({ ...data, area: usArea(data.state) }));

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const state = parseStateSegment(params.state);
  if (!state) notFound();
  const page = await loadCityPage(usArea(state), params, request, context);
  return data({ ...page.data, state }, page.init ?? undefined);
}

export default function CityPage() {
  return <CityLanding {...useLoaderData<typeof loader>()} />;
}
