// The interactive map: MapLibre GL JS over the Worker's vector tiles, with a numbered pin (a
// button named after its restaurant) for every card that has a position, and 'Search this area'
// once the visitor has moved the map. Its own chunk, with MapLibre: ./ResultsMap.tsx imports it
// only when the map is shown, after the first result has painted. The worker, the stylesheet
// and the font are the site's own files (hashed assets); nothing comes from another host.
import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { AttributionControl, Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl } from "maplibre-gl";
import { layers as protomapsLayers, namedFlavor } from "@protomaps/basemaps";
import workerUrl from "maplibre-gl/dist/maplibre-gl-worker.mjs?url";
import stylesheetUrl from "maplibre-gl/dist/maplibre-gl.css?url";
import fontUrl from "@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff2?url";
import { mapStyle, type TileJsonLike } from "~/lib/map/style";
import type { MapPin } from "~/lib/map/pins";
import { fitView, searchAreaHref } from "~/lib/map/view";
import type { Search } from "~/lib/search/search-url";

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

/** MapLibre's world is 512 · 2^zoom pixels wide, the views of ~/lib/map/view 256 · 2^zoom. */
const mapLibreZoom = (zoom: number) => zoom - 1;

const PIN_STYLE =
  "min-width:28px;height:28px;padding:0 6px;border-radius:14px 14px 14px 2px;transform:rotate(0);" +
  "background:#047857;color:#fff;font:700 13px/28px system-ui,sans-serif;border:2px solid #fff;" +
  "box-shadow:0 1px 3px rgba(0,0,0,.4);cursor:pointer";

const protomaps = (source: string) => protomapsLayers(source, namedFlavor("light"), { lang: "en" });

export type InteractiveMapProps = {
  pins: MapPin[];
  search: Search;
  /** A pin was chosen: highlight and scroll to its card. */
  onChoose: (n: number) => void;
  /** The map has drawn its first frame (the static map under it may go). */
  onReady: () => void;
};

export default function InteractiveMap({ pins, search, onChoose, onReady }: InteractiveMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [moved, setMoved] = useState(false);
  const [failed, setFailed] = useState(false);
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
      const [tileJson] = await Promise.all([
        fetch(`${origin}/tiles.json`).then((response) => {
          if (!response.ok) throw new Error(`/tiles.json answered ${response.status}`);
          return response.json() as Promise<TileJsonLike>;
        }),
        loadStylesheet(),
        loadWorker(),
      ]);
      if (cancelled) return;
      const rect = element.getBoundingClientRect();
      const view = fitView(pins, Math.max(rect.width, 200), Math.max(rect.height, 200), 40);
      const instance = new MapLibreMap({
        container: element,
        style: mapStyle(`${origin}/tiles.json`, tileJson, new URL(fontUrl, origin).href, protomaps),
        center: [view.center.lng, view.center.lat],
        zoom: mapLibreZoom(view.zoom),
        attributionControl: false,
        dragRotate: false,
        pitchWithRotate: false,
        touchPitch: false,
        maxZoom: 16,
      });
      // The archive's own attribution (TileJSON), always shown.
      instance.addControl(new AttributionControl({ compact: false }));
      instance.addControl(new NavigationControl({ showCompass: false }), "top-right");
      instance.touchZoomRotate.disableRotation();
      instance.once("load", () => onReady());
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

  // The pins: buttons over the map, in card order, named after their restaurant.
  useEffect(() => {
    if (!map) return;
    const markers = pins.map((pin) => {
      const button = document.createElement("button");
      button.type = "button";
      // Styled here rather than in the site's stylesheet, which every page carries inline.
      button.style.cssText = PIN_STYLE;
      button.textContent = String(pin.n);
      button.setAttribute("aria-label", `${pin.n}: ${pin.name}`);
      button.dataset.testid = "map-pin";
      button.addEventListener("click", (event) => {
        event.stopPropagation();
        onChoose(pin.n);
      });
      return new Marker({ element: button, anchor: "bottom" }).setLngLat([pin.lng, pin.lat]).addTo(map);
    });
    return () => markers.forEach((marker) => marker.remove());
  }, [map, pins, onChoose]);

  // New results: fit them.
  useEffect(() => {
    if (!map || pins.length === 0) return;
    const rect = map.getContainer().getBoundingClientRect();
    const view = fitView(pins, rect.width, rect.height, 40);
    map.jumpTo({ center: [view.center.lng, view.center.lat], zoom: mapLibreZoom(view.zoom) });
  }, [map, pins]);

  const searchArea = () => {
    const instance = map;
    if (!instance) return;
    const bounds = instance.getBounds();
    const corners = [bounds.getNorthWest(), bounds.getNorthEast(), bounds.getSouthWest(), bounds.getSouthEast()];
    const center = instance.getCenter();
    navigate(
      searchAreaHref(
        search,
        { lat: center.lat, lng: center.lng },
        corners.map((corner) => ({ lat: corner.lat, lng: corner.lng })),
      ),
    );
  };

  if (failed) return null;
  return (
    <div className="absolute inset-0" data-testid="interactive-map">
      <div ref={container} className="h-full w-full rounded-lg" />
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
