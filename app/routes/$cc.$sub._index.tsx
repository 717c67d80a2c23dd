// A subdivision's landing page outside the US (/{cc}/{sub}, '-' for restaurants without one:
// docs/seo.md): its cities that have restaurants, with how many, as
// a US state's page lists them (app/components/landing/RegionLanding.tsx). A segment that is
// not a known country's code or a subdivision's, or one without restaurants: 404.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RegionLanding } from "~/components/landing/RegionLanding";
import { loadRegionPage } from "~/lib/landing/region-page.server";
import { statePageSeo } from "~/lib/seo/landing";
import { worldArea, refuseWorldPost } from "~/lib/seo/world-landing.server";
import { parseCountrySegment, parseSubdivisionSegment } from "~/lib/seo/world-segments";
import { landingMeta } from "~/lib/seo/seo";
import { loaderCacheControl } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";

export const headers = loaderCacheControl;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  landingMeta(matches, data && statePageSeo(data.area, data.page));

export function action({ params }: ActionFunctionArgs) {
  refuseWorldPost(params);
}

export async function loader({ params, request, context }: LoaderFunctionArgs) {
  const country = parseCountrySegment(params.cc);
  const code = parseSubdivisionSegment(params.sub);
  if (!country || code === null) notFound();
  return loadRegionPage(worldArea(country, code), request, context);
}

export default function SubdivisionPage() {
  return <RegionLanding {...useLoaderData<typeof loader>()} />;
}
