// The map without JavaScript: the page's numbered pins, each a link to its card (#result-{n}),
// and the search's centre, over the basemap image the server draws (/map.svg;
// app/lib/map/static-map.server.ts) or, without a basemap, a plain background; and the map's
// caption. The SVG is markup the loader made (app/lib/map/static-markup.ts), inserted as it is.
// With JavaScript it stays until the interactive map has loaded over it.
import type { StaticMapData } from "~/lib/map/pins";

export function StaticMap({ map }: { map: StaticMapData }) {
  return (
    <figure className="m-0" data-testid="static-map">
      <div className="overflow-hidden rounded-lg bg-sky-100" dangerouslySetInnerHTML={{ __html: map.svg }} />
      <figcaption className="mt-1 text-xs text-slate-600" data-testid="map-attribution">
        {map.caption}
      </figcaption>
    </figure>
  );
}
