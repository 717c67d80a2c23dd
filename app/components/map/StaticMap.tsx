// The map without JavaScript: the page's numbered pins, each a link to its card (#result-{n}),
// and the search's centre, over the basemap image the server draws (/map.svg;
// app/lib/map/static-map.server.ts) or, without a basemap, a plain background; and the map's
// caption. The SVG is markup the loader made (app/lib/map/static-markup.ts), which the server
// inserts as it is and the page's data does not carry (app/lib/web/server-markup.tsx): after
// a client-side navigation the map's box stays empty under the interactive map. With
// JavaScript it stays until the interactive map has loaded over it.
import type { PageStaticMap } from "~/lib/map/pins";
import { ServerMarkup } from "~/lib/web/server-markup";

/** `hidden`: covered by the interactive map (invisible, keeping its room). */
export function StaticMap({ map, hidden }: { map: PageStaticMap; hidden?: boolean }) {
  return (
    <figure className={hidden ? "invisible" : undefined} data-testid="static-map">
      {/* The box keeps the SVG's 480 x 400 when it is empty. */}
      <ServerMarkup markup={map.svg} className="aspect-[6/5] overflow-hidden rounded-lg bg-sky-100" />
      <figcaption className="mt-1 text-xs text-slate-600" data-testid="map-attribution">
        {map.caption}
      </figcaption>
    </figure>
  );
}
