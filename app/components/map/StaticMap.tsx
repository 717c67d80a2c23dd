// The map without JavaScript: the page's numbered pins, each a link to its card (#result-{n}),
// over the basemap image the server draws (/map.svg; app/lib/map/static-map.server.ts), and the
// map's attribution.
// With JavaScript it stays until the interactive map has loaded over it.
import { resultId, type StaticMapData } from "~/lib/map/pins";

export function StaticMap({ map }: { map: StaticMapData }) {
  return (
    <figure className="m-0" data-testid="static-map">
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        className="block h-auto w-full rounded-lg bg-sky-100"
        aria-labelledby="static-map-title"
        role="group"
      >
        <title id="static-map-title">Map of the restaurants on this page</title>
        <image href={map.base} x="0" y="0" width={map.width} height={map.height} aria-hidden="true" />
        {map.pins.map((pin) => (
          <a key={pin.n} href={`#${resultId(pin.n)}`} aria-label={`${pin.n}: ${pin.name}`} data-testid="static-pin">
            <path d={`M${pin.x} ${pin.y}l-8-11a10 10 0 1 1 16 0z`} fill="#047857" stroke="#ffffff" strokeWidth="1.5" />
            <text x={pin.x} y={pin.y - 14} fontSize="11" fontWeight="700" fill="#ffffff" textAnchor="middle">
              {pin.n}
            </text>
          </a>
        ))}
      </svg>
      <figcaption className="mt-1 text-xs text-slate-600" data-testid="map-attribution">
        Map data: {map.attribution || "none"}
      </figcaption>
    </figure>
  );
}
