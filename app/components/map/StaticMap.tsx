// The map without JavaScript: the SVG the loader drew (app/lib/map/static-map.server.ts) with
// the page's numbered pins, each a link to its card (#result-{n}), and the map's attribution.
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
        <path d={map.land} fill="#f8f7f2" />
        {map.water ? <path d={map.water} fill="#bfdbfe" /> : null}
        {map.roads ? <path d={map.roads} fill="none" stroke="#e7d9b8" strokeWidth="1.5" /> : null}
        <path d={map.minorBorders} fill="none" stroke="#d6d3d1" strokeWidth="0.8" />
        <path d={map.borders} fill="none" stroke="#a8a29e" strokeWidth="1.4" strokeDasharray="4 2" />
        <g fontSize="11" fill="#57534e" textAnchor="middle" aria-hidden="true">
          {map.labels.map((label) => (
            <text
              key={`${label.text}-${label.x}`}
              x={label.x}
              y={label.y}
              stroke="#f8f7f2"
              strokeWidth="3"
              paintOrder="stroke"
            >
              {label.text}
            </text>
          ))}
        </g>
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
