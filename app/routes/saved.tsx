// /saved (docs/saved.md): the visitor's saved places (the `saved` cookie, which of the pages
// only this one reads or sets; the browser's copy and /saved.kml, /saved.gpx use it too), or
// `/saved?ids=…`, the same list for anyone.
// Each entry a card as on the results, with 'Remove' on the visitor's own list; 'No longer
// listed' for an id the directory has lost, 'Closed' with its day for a closed place; the
// list's static map. The post (no JavaScript: 'Save' and 'Remove') answers 303 to the list.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";
import { RestaurantCard } from "~/components/RestaurantCard";
import { SavedListContext } from "~/components/SaveControl";
import { SavedListTools } from "~/components/SavedListTools";
import { StaticMap } from "~/components/map/StaticMap";
import { ServerMarkupContext } from "~/lib/web/server-markup";
import { secondaryButton } from "~/components/ui/styles";
import { cardOf } from "~/lib/directory/card";
import { openStatesOf } from "~/lib/hours/hours";
import type { MapPin } from "~/lib/map/pins";
import { mapAttribution } from "~/lib/map/tiles.server";
import { resultsMapOf } from "~/lib/map/view";
import { addSaved, parseSavedId, removeSaved, savedCookie, savedIdsFromCookie } from "~/lib/saved/saved-list";
import { requestedList, savedEntries } from "~/lib/saved/saved-page.server";
import { SAVED_FULL, SAVED_TEXT } from "~/lib/saved/saved-text";
import { formatDay } from "~/lib/trust/trust";
import { EDGE_POLICY, formPageHeaders, loaderCacheControl } from "~/lib/web/cache-control";
import { pageMeta } from "~/lib/seo/seo";
import { pageTitle } from "~/lib/web/site";

export const headers = formPageHeaders(loaderCacheControl);

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: pageTitle(matches, "Saved places"),
    description: "Restaurants saved for a trip.",
    path: "/saved",
    noindex: true,
  });

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { ids, shared } = requestedList(request);
  const entries = await savedEntries(context, ids);
  const open = entries.flatMap(({ restaurant }) => (restaurant && !restaurant.closedAt ? [restaurant] : []));
  const openStates = openStatesOf(open, new Date());
  // A pin for each listed place with a position, numbered as its card (its place on the list).
  const pins: MapPin[] = entries.flatMap(({ restaurant }, index) =>
    restaurant && restaurant.geoLat !== null && restaurant.geoLng !== null
      ? [{ n: index + 1, id: restaurant.id, name: restaurant.name, lat: restaurant.geoLat, lng: restaurant.geoLng }]
      : [],
  );
  const { staticMap } = resultsMapOf(pins, pins.length > 0 ? await mapAttribution(context.cloudflare.env) : "");
  return data(
    {
      ids,
      shared,
      full: new URL(request.url).searchParams.get("notice") === "full",
      // What each card shows (cardOf), and a closed place's day.
      entries: entries.map(({ id, restaurant }) => ({
        id,
        closedAt: restaurant?.closedAt ?? null,
        restaurant: restaurant ? cardOf(restaurant, openStates[restaurant.id]) : null,
      })),
      // The list has no interactive map: its static map's SVG comes in the page's data (unlike a
      // result page's, app/lib/map/page-map.server.ts), so that a client-side navigation to
      // the list ('Saved (N)' in the header) draws it too.
      staticMap: staticMap && { svg: staticMap.svg, caption: staticMap.caption },
    },
    { headers: { "Cache-Control": EDGE_POLICY.never } },
  );
}

/** The form's id (`add` or `remove`); null when it names none or not one. */
function formId(form: FormData, name: string): number | null {
  const value = form.get(name);
  return typeof value === "string" ? parseSavedId(value) : null;
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const add = form && formId(form, "add");
  const remove = form && formId(form, "remove");
  if ((add === null) === (remove === null)) {
    throw data("A place to save or remove, by its id.", { status: 400 });
  }
  const ids = savedIdsFromCookie(request.headers.get("Cookie")) ?? [];
  const next = add !== null ? addSaved(ids, add) : { ids: removeSaved(ids, remove!), full: false };
  return redirect(next.full ? "/saved?notice=full" : "/saved", {
    status: 303,
    headers: {
      "Set-Cookie": savedCookie(next.ids, new URL(request.url).protocol === "https:"),
      "Cache-Control": EDGE_POLICY.never,
    },
  });
}

/** The key of the list's static map, whose SVG the page's data carries (the loader's comment). */
const SAVED_MAP = "saved";

export default function SavedPage() {
  const { ids, shared, full, entries, staticMap } = useLoaderData<typeof loader>();
  const origin = useRouteLoaderData<typeof rootLoader>("root")?.origin ?? "";
  return (
    <div className="mx-auto max-w-6xl px-4 py-4 sm:py-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {shared ? "A saved list" : "Saved places"}
      </h1>
      {full ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-800 bg-red-50 p-4 text-red-900"
          data-testid="saved-full"
        >
          {SAVED_FULL}
        </p>
      ) : null}
      {ids.length === 0 ? (
        <p className="mt-4 text-slate-800" data-testid="saved-empty">
          {SAVED_TEXT.empty}
        </p>
      ) : (
        <>
          <p className="mt-2 max-w-3xl text-sm text-slate-700 print:hidden">{SAVED_TEXT.browserCopy}</p>
          <SavedListTools ids={ids} />
          {/* The cards' headings (h3) sit under this one, as on the results. */}
          <h2 className="mt-6 text-xl font-bold text-slate-900">
            {ids.length === 1 ? "1 place" : `${ids.length} places`}
          </h2>
          <div className="mt-4 lg:grid lg:grid-cols-3 lg:gap-6">
            <SavedListContext.Provider value={!shared}>
              <ol className="grid gap-5 sm:grid-cols-2 lg:col-span-2" data-testid="saved-entries">
                {entries.map(({ id, closedAt, restaurant }, index) => (
                  <li key={id} className="flex flex-col gap-2 print:break-inside-avoid" data-testid="saved-entry">
                    {restaurant ? (
                      <>
                        {closedAt ? (
                          <p className="font-semibold text-red-900" data-testid="saved-closed">
                            Closed {formatDay(closedAt) ?? closedAt}
                          </p>
                        ) : null}
                        <RestaurantCard restaurant={restaurant} number={index + 1} />
                      </>
                    ) : (
                      <p
                        className="rounded-xl border border-slate-200 bg-white p-5 text-slate-800"
                        data-testid="saved-gone"
                      >
                        <span className="font-semibold">{index + 1}. </span>
                        {SAVED_TEXT.gone}
                      </p>
                    )}
                    {/* On paper the page's link is text. */}
                    {restaurant ? (
                      <p className="hidden text-sm print:block">
                        {origin}/restaurant/{id}
                      </p>
                    ) : null}
                    {shared ? null : (
                      <form method="post" action="/saved" className="print:hidden">
                        <input type="hidden" name="remove" value={id} />
                        <button type="submit" className={secondaryButton}>
                          Remove
                          <span className="sr-only"> {restaurant?.name ?? `place ${index + 1}`}</span>
                        </button>
                      </form>
                    )}
                  </li>
                ))}
              </ol>
            </SavedListContext.Provider>
            {staticMap ? (
              <div className="mt-8 lg:mt-0 print:break-before-page">
                <ServerMarkupContext.Provider value={new Map([[SAVED_MAP, staticMap.svg]])}>
                  <StaticMap map={{ svg: SAVED_MAP, caption: staticMap.caption }} />
                </ServerMarkupContext.Provider>
              </div>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
