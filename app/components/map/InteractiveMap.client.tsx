// The interactive map: MapLibre GL JS over the Worker's vector tiles, with a numbered pin (a
// button named after its restaurant) for every card that has a position, and 'Search this area'
// once the visitor has moved the map. Its own chunk, with MapLibre: ./ResultsMap.tsx imports it
// only when the map is shown, after the first result has painted. The worker, the stylesheet
// and the font are the site's own files (hashed assets); nothing comes from another host.
import { useNavigate } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import {
  AttributionControl,
  Map as MapLibreMap,
  Marker,
  NavigationControl,
  setWorkerUrl,
  type StyleSpecification,
} from "maplibre-gl";
import { layers as protomapsLayers, namedFlavor } from "@protomaps/basemaps";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import stylesheetUrl from "maplibre-gl/dist/maplibre-gl.css?url";
import fontUrl from "@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url";
import { mapStyle, type TileJsonLike } from "~/lib/map/style";
import { resultId, type MapCentre, type MapPin } from "~/lib/map/pins";
import { NO_BASEMAP, fitView, searchAreaHref, type Insets } from "~/lib/map/view";
import { spreadPins } from "~/lib/map/spread";
import { parseSearchParams, type Search } from "~/lib/search/search-url";
import { rememberCoords, useCoordsOrigin } from "~/lib/map/map-area";
import { coordsCentreLabel } from "~/lib/places/centre-label";

let worker: Promise<void> | null = null;
/**
 * MapLibre's worker, the site's own file, started from a blob: copy of it: a worker started from
 * its URL would run under that file's own policy (no fetches, an opaque origin), one started
 * from a blob: runs under the page's (worker-src 'self' blob:, connect-src 'self').
 */
function loadWorker(): Promise<void> {
  worker ??= fetch(workerUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`${workerUrl} answered ${response.status}`);
      return response.text();
    })
    .then((code) => setWorkerUrl(URL.createObjectURL(new Blob([code], { type: "text/javascript" }))));
  return worker;
}

let stylesheet: Promise<void> | null = null;
/** maplibre-gl.css, as a file of the site's own, added to the document once. */
function loadStylesheet(): Promise<void> {
  stylesheet ??= new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = stylesheetUrl;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.appendChild(link);
  });
  return stylesheet;
}

/** The card of pin n: highlighted (the only one), scrolled to and focused. */
function chooseCard(n: number) {
  const card = document.getElementById(resultId(n));
  if (!card) return;
  for (const other of document.querySelectorAll("[data-highlighted]")) other.removeAttribute("data-highlighted");
  card.setAttribute("data-highlighted", "true");
  card.scrollIntoView({ block: "center", behavior: "smooth" });
  card.focus({ preventScroll: true });
}

/** The search's centre: a blue dot, named for screen readers. */
function centreElement(label: string): HTMLElement {
  const dot = document.createElement("div");
  dot.style.cssText = CENTRE_STYLE;
  dot.setAttribute("role", "img");
  dot.setAttribute("aria-label", label);
  dot.dataset.testid = "map-centre";
  return dot;
}

/** MapLibre's world is 512 · 2^zoom pixels wide, the views of ~/lib/map/view 256 · 2^zoom. */
const mapLibreZoom = (zoom: number) => zoom - 1;

/** A pin's tap area, in CSS pixels (WCAG 2.5.5): the button, its visible disc inside it. */
const PIN_SIZE = 44;
const PIN_STYLE =
  `width:${PIN_SIZE}px;height:${PIN_SIZE}px;padding:0;border:0;background:none;cursor:pointer;` +
  "display:flex;align-items:center;justify-content:center";
const DISC_STYLE =
  "min-width:28px;height:28px;padding:0 6px;border-radius:14px;box-sizing:border-box;" +
  "background:#047857;color:#fff;font:700 13px/24px system-ui,sans-serif;border:2px solid #fff;" +
  "box-shadow:0 1px 3px rgba(0,0,0,.4)";
const CENTRE_STYLE =
  "width:16px;height:16px;border-radius:50%;background:#1d4ed8;border:3px solid #fff;" +
  "box-shadow:0 0 0 8px rgba(29,78,216,.2),0 1px 3px rgba(0,0,0,.4);pointer-events:none";

/**
 * Room the fitted pins leave free, in CSS pixels: half a pin on every side, and beyond that the
 * zoom buttons (top right), 'Search this area' (top middle) and the attribution (the foot, two
 * lines on a phone).
 */
const FIT_INSETS = { top: 76, right: 68, bottom: 64, left: 30 };

/** The map without its basemap: a plain background under the pins. */
const PLAIN_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: "background", type: "background", paint: { "background-color": "#f1f5f9" } }],
};

/** The cooperative gestures' hints (MapLibre's own words, written out so they are ours to keep). */
const COOPERATIVE_HINTS = {
  "CooperativeGesturesHandler.WindowsHelpText": "Use Ctrl + scroll to zoom the map",
  "CooperativeGesturesHandler.MacHelpText": "Use ⌘ + scroll to zoom the map",
  "CooperativeGesturesHandler.MobileHelpText": "Use two fingers to move the map",
};

const protomaps = (source: string) => protomapsLayers(source, namedFlavor("light"), { lang: "en" });

export type InteractiveMapProps = {
  pins: MapPin[];
  /** The search's centre, a distinct marker the view includes. */
  centre?: MapCentre;
  search: Search;
  /** The map has drawn its first frame (the static map under it may go). */
  onReady: () => void;
};

/** The pins' and the centre's positions, the view fitted to them inside the insets. */
const fitted = (
  pins: readonly MapPin[],
  centre: MapCentre | undefined,
  width: number,
  height: number,
  insets: Insets,
) => fitView(centre ? [...pins, centre] : pins, width, height, insets);

export default function InteractiveMap({ pins, centre: searchCentre, search, onReady }: InteractiveMapProps) {
  // The centre of a map area is no one's location; the visitor's own position is theirs
  // (app/lib/map/map-area.ts). Otherwise the loader's name stands (the nearest place's).
  const origin = useCoordsOrigin(search.coords);
  const centre = useMemo(
    () =>
      searchCentre && search.coords && origin
        ? { ...searchCentre, label: coordsCentreLabel(search.coords, origin, null) }
        : searchCentre,
    [searchCentre, search.coords, origin],
  );
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [moved, setMoved] = useState(false);
  const [failed, setFailed] = useState(false);
  const [basemapDown, setBasemapDown] = useState(false);
  const navigate = useNavigate();
  // New results: wait for the next move before offering 'Search this area' again.
  const [pinsShown, setPinsShown] = useState(pins);
  if (pinsShown !== pins) {
    setPinsShown(pins);
    setMoved(false);
  }

  // The map itself, once.
  useEffect(() => {
    let cancelled = false;
    let created: MapLibreMap | null = null;
    const element = container.current;
    if (!element) return;
    const origin = window.location.origin;
    (async () => {
      // No TileJSON (no archive, R2 failing): the pins on a plain background, and a word saying so.
      const [tileJson] = await Promise.all([
        fetch(`${origin}/tiles.json`)
          .then((response) => (response.ok ? (response.json() as Promise<TileJsonLike>) : null))
          .catch(() => null),
        loadStylesheet(),
        loadWorker(),
      ]);
      if (cancelled) return;
      const rect = element.getBoundingClientRect();
      const view = fitted(pins, centre, Math.max(rect.width, 200), Math.max(rect.height, 200), FIT_INSETS);
      const instance = new MapLibreMap({
        container: element,
        style: tileJson
          ? mapStyle(`${origin}/tiles.json`, tileJson, new URL(fontUrl, origin).href, protomaps)
          : PLAIN_STYLE,
        center: [view.center.lng, view.center.lat],
        zoom: mapLibreZoom(view.zoom),
        attributionControl: false,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        maxZoom: 16,
        // One finger and the mouse wheel move the page, not the map: two fingers move the map on a
        // touch screen, Ctrl (⌘ on a Mac) + wheel zooms it, and a hint says so when they are missing.
        cooperativeGestures: true,
        locale: COOPERATIVE_HINTS,
      });
      // The archive's own attribution (TileJSON), always shown; without it, what is shown instead.
      instance.addControl(
        new AttributionControl({
          compact: false,
          customAttribution: tileJson ? undefined : "Pins only, on a plain background",
        }),
      );
      instance.addControl(new NavigationControl({ showCompass: false }), "top-right");
      instance.touchZoomRotate.disableRotation();
      instance.once("load", () => onReady());
      if (!tileJson) setBasemapDown(true);
      // A tile the Worker could not serve (503: the archive missing, R2 failing).
      instance.on("error", (event) => {
        if ((event as { sourceId?: string }).sourceId) setBasemapDown(true);
      });
      // Only a move the visitor made (drag, wheel, keys, the zoom buttons) offers 'Search this area'.
      instance.on("moveend", (event) => {
        if (event.originalEvent) setMoved(true);
      });
      created = instance;
      setMap(instance);
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      created?.remove();
    };
    // The map is made once (its first view from the first pins); the effects below follow the pins.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The pins: buttons over the map, in card order, named after their restaurant; the centre a
  // dot under them that no tap reaches. After every zoom, pins that would cover each other are
  // moved apart (their tap areas never overlap).
  useEffect(() => {
    if (!map) return;
    const centreMarker = centre
      ? new Marker({ element: centreElement(centre.label), anchor: "center" })
          .setLngLat([centre.lng, centre.lat])
          .addTo(map)
      : null;
    const markers = pins.map((pin) => {
      const button = document.createElement("button");
      button.type = "button";
      // Styled here rather than in the site's stylesheet, which every page carries inline.
      button.style.cssText = PIN_STYLE;
      const disc = document.createElement("span");
      disc.style.cssText = DISC_STYLE;
      disc.textContent = String(pin.n);
      button.appendChild(disc);
      button.setAttribute("aria-label", `${pin.n}: ${pin.name}`);
      button.dataset.testid = "map-pin";
      button.addEventListener("click", (event) => {
        event.stopPropagation();
        chooseCard(pin.n);
      });
      return new Marker({ element: button, anchor: "center" }).setLngLat([pin.lng, pin.lat]).addTo(map);
    });
    const spread = () => {
      const { width, height } = map.getContainer().getBoundingClientRect();
      const points = pins.map((pin) => map.project([pin.lng, pin.lat]));
      const half = PIN_SIZE / 2;
      const area = { left: half, top: half, right: width - half, bottom: height - half };
      const obstacles = centre ? [map.project([centre.lng, centre.lat])] : [];
      const placed = spreadPins([...obstacles, ...points], PIN_SIZE, area).slice(obstacles.length);
      markers.forEach((marker, i) => marker.setOffset([placed[i]!.x - points[i]!.x, placed[i]!.y - points[i]!.y]));
    };
    spread();
    map.on("zoomend", spread);
    return () => {
      map.off("zoomend", spread);
      markers.forEach((marker) => marker.remove());
      centreMarker?.remove();
    };
  }, [map, pins, centre]);

  // New results: fit them.
  useEffect(() => {
    if (!map || pins.length === 0) return;
    const rect = map.getContainer().getBoundingClientRect();
    const view = fitted(pins, centre, rect.width, rect.height, FIT_INSETS);
    map.jumpTo({ center: [view.center.lng, view.center.lat], zoom: mapLibreZoom(view.zoom) });
  }, [map, pins, centre]);

  const searchArea = () => {
    const instance = map;
    if (!instance) return;
    const bounds = instance.getBounds();
    const corners = [bounds.getNorthWest(), bounds.getNorthEast(), bounds.getSouthWest(), bounds.getSouthEast()];
    const center = instance.getCenter();
    const href = searchAreaHref(
      search,
      { lat: center.lat, lng: center.lng },
      corners.map((corner) => ({ lat: corner.lat, lng: corner.lng })),
    );
    const coords = parseSearchParams(new URL(href, window.location.origin).searchParams).coords;
    if (coords) rememberCoords("map", coords);
    // The visitor stays where they were on the page (the list beside the map).
    navigate(href, { preventScrollReset: true });
  };

  if (failed) return null;
  return (
    <div className="absolute inset-0" data-testid="interactive-map">
      <div ref={container} className="h-full w-full rounded-lg" />
      {basemapDown ? (
        <p
          role="status"
          className="absolute top-2 left-2 z-10 max-w-[calc(100%-4rem)] rounded bg-white/95 px-2 py-1 text-xs text-slate-800 shadow"
          data-testid="basemap-unavailable"
        >
          {NO_BASEMAP}
        </p>
      ) : null}
      {moved ? (
        <button
          type="button"
          onClick={searchArea}
          className="absolute top-3 left-1/2 z-10 -translate-x-1/2 rounded-full bg-white px-4 py-2 text-sm font-semibold text-emerald-900 shadow-md ring-1 ring-slate-300 hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          Search this area
        </button>
      ) : null}
    </div>
  );
}
