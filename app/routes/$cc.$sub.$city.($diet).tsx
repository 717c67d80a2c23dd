// A city's landing page outside the US (/{cc}/{sub}/{city}), its page for one diet
// (/{cc}/{sub}/{city}/{diet}) and for one diet served exclusively (…/{diet}/dedicated,
// app/routes.ts): the US city page's (app/components/landing/CityLanding.tsx,
// app/lib/landing/city-page.server.ts) for the label "Toronto, ON" ("Singapore" under '-'), its
// headings naming the country (docs/seo.md). Unknown or malformed
// country, subdivision, city, diet or last segment, or a page past the end: 404.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CityLanding } from "~/components/landing/CityLanding";
import { loadCityPage } from "~/lib/landing/city-page.server";
import { cityPageSeo } from "~/lib/seo/landing";
import { worldArea, refuseWorldPost } from "~/lib/seo/world-landing.server";
import { parseCountrySegment, parseSubdivisionSegment } from "~/lib/seo/world-segments";
import { landingMeta } from "~/lib/seo/seo";
import { loaderCacheControl } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";

export const headers = loaderCacheControl;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => landingMeta(matches, data && cityPageSeo(data));

export function action({ params }: ActionFunctionArgs) {
  refuseWorldPost(params);
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const country = parseCountrySegment(params.cc);
  const code = parseSubdivisionSegment(params.sub);
  if (!country || code === null) notFound();
  return loadCityPage(worldArea(country, code), params, request, context);
}

export default function CityPage() {
  return <CityLanding {...useLoaderData<typeof loader>()} />;
}
