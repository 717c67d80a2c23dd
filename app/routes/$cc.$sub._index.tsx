// A subdivision's landing page outside the US (/{cc}/{sub}, '-' for restaurants without one:
// docs/seo.md): its cities that have restaurants, with how many, as
// a US state's page lists them (app/components/landing/RegionLanding.tsx). A segment that is
// not a known country's code or a subdivision's, or one without restaurants: 404; so is '-' of a
// country whose restaurants all lack a subdivision (/sg/-: its page is /sg).
import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RegionLanding } from "~/components/landing/RegionLanding";
import { loadRegionPage } from "~/lib/landing/region-page.server";
import { statePageSeo } from "~/lib/seo/landing";
import { worldArea, refuseWorldPost, subdivisionsOf } from "~/lib/seo/world-landing.server";
import { directoryFor, guard } from "~/lib/directory/index.server";
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
  // '-' of a country whose restaurants have no subdivision is its country's page (/sg): one URL
  // per page, as in the US (docs/seo.md), so 404 here.
  if (code === "" && (await isCountryPage(country, context))) notFound();
  return loadRegionPage(worldArea(country, code), request, context);
}

/** Whether the country's restaurants all lack a subdivision, so that /{cc} lists its cities itself. */
async function isCountryPage(country: string, context: AppLoadContext): Promise<boolean> {
  const areas = subdivisionsOf(await guard(directoryFor(context).listStates()), country);
  return areas.length === 1 && areas[0]!.area.code === "";
}

export default function SubdivisionPage() {
  return <RegionLanding {...useLoaderData<typeof loader>()} />;
}
