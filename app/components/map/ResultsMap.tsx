// A result list with its map: beside the list from 1024 px wide, behind a 'Map' button below
// that. The server renders the static map (SVG, pins linking to the cards), which is all there
// is without JavaScript: there 'Map' is a link down to it. With JavaScript, MapLibre (its own
// chunk, ./InteractiveMap.client.tsx) is loaded after the first result has painted, on a wide screen
// once the page is idle and on a phone when 'Map' is pressed, and takes the static map's place.
// Choosing a pin highlights and scrolls to its card (the map's chunk does it). docs/decisions/0024-map-tiles-from-r2-and-maplibre.md.
import { useCallback, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { useHydrated } from "~/lib/web/hydrated";
import type { PageMapData } from "~/lib/map/pins";
import type { Search } from "~/lib/search/search-url";
import { StaticMap } from "./StaticMap";
import type { InteractiveMapProps } from "./InteractiveMap.client";
import { secondaryButton } from "../ui/styles";

/** Where the map goes beside the list (Tailwind's `lg`). */
const WIDE = "(min-width: 1024px)";

/** The moment the map may load: after the page's load event, once the browser is idle. */
function afterFirstPaint(start: () => void): () => void {
  let idle = 0;
  const schedule = () => {
    idle = window.requestIdleCallback
      ? window.requestIdleCallback(start, { timeout: 2000 })
      : window.setTimeout(start, 200);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

export function ResultsMap({
  map: { pins, centre, staticMap },
  search,
  children,
}: {
  map: PageMapData;
  search: Search;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const [wide, setWide] = useState(false);
  const [open, setOpen] = useState(false);
  const [Interactive, setInteractive] = useState<ComponentType<InteractiveMapProps> | null>(null);
  const [ready, setReady] = useState(false);
  const shown = pins.length > 0;

  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const update = () => setWide(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);

  const wanted = shown && (wide || open);
  useEffect(() => {
    if (!wanted || Interactive) return;
    let cancelled = false;
    const load = () =>
      void import("./InteractiveMap.client").then(
        (module) => {
          if (!cancelled) setInteractive(() => module.default);
        },
        () => {}, // the static map stays
      );
    // A phone asked for it: at once. A wide screen: once the first result has painted and the page is idle.
    if (open) load();
    const cancel = open ? () => {} : afterFirstPaint(load);
    return () => {
      cancelled = true;
      cancel();
    };
  }, [wanted, open, Interactive]);

  const onReady = useCallback(() => setReady(true), []);
  if (!shown) return <>{children}</>;

  // Below 1024 px: without JavaScript the static map follows the list; with it, the map opens above it.
  const mapClasses = hydrated ? (open ? "order-first mb-4 lg:order-none lg:mb-0" : "hidden lg:block") : "mt-8 lg:mt-0";
  return (
    <div className="mt-3 flex flex-col lg:mt-6 lg:grid lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start lg:gap-6">
      {/* Above the list on a phone, in room of its own: nothing floats over a card's text. */}
      <p className="order-first mb-2 flex justify-end lg:hidden">
        {hydrated ? (
          <button
            type="button"
            className={secondaryButton}
            aria-expanded={open}
            aria-controls="map"
            onClick={() => setOpen((value) => !value)}
            data-testid="map-button"
          >
            {open ? "Hide map" : "Map"}
          </button>
        ) : (
          <a href="#map" className={secondaryButton} data-testid="map-button">
            Map
          </a>
        )}
      </p>
      <div className="min-w-0">{children}</div>
      {/* The interactive map covers the static map (both its box and its caption) once ready. */}
      <aside
        id="map"
        aria-label="Map"
        className={`relative lg:sticky lg:top-24 ${mapClasses}`}
        data-testid="results-map"
      >
        {staticMap ? <StaticMap map={staticMap} hidden={ready} /> : null}
        {Interactive ? <Interactive pins={pins} centre={centre} search={search} onReady={onReady} /> : null}
      </aside>
    </div>
  );
}
