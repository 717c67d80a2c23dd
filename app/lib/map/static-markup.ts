// The static map's SVG, as markup made on the server (the page inserts it as it is, so none of
// this is in the page's JavaScript): the basemap image (/map.svg, ./static-map.server.ts) when
// there is a basemap, else a plain background; the search's centre as a blue dot; the numbered
// pins, each a link to its card with a tap area of STATIC_PIN_SIZE (44 CSS pixels on a 390 px
// phone), moved apart where they would cover each other (./spread.ts), a line and a dot
// marking where a moved pin's restaurant is. A page has up to 25 pins, so what they share is
// written once: their mark (tap area and disc) is one <use> of a shape in <defs>, the dot at
// the end of a moved pin's line is a marker of that line (not an element of its own), their
// numbers' text style is on the group around them. Pure.
import { xmlEscape } from "../web/xml";
import { resultId } from "./pins";

/** A pin's tap area in the map's pixels: the map is 480 wide, about 360 CSS pixels on a 390 px phone. */
export const STATIC_PIN_SIZE = 60;

export type StaticPin = { n: number; name: string; x: number; y: number; at: { x: number; y: number } };

const PIN_COLOUR = "#047857";
const CENTRE_COLOUR = "#1d4ed8";

/** A pin's mark, drawn once (in the SVG's <defs>) and placed by each pin's <use>: its tap area and its disc. */
const PIN_MARK_ID = "static-pin-mark";
/** The dot (radius 3) where a moved pin's restaurant is: the start marker of the pin's line. */
const PIN_DOT_ID = "static-pin-dot";

function pinMarkDef(): string {
  const half = STATIC_PIN_SIZE / 2;
  return (
    `<defs><g id="${PIN_MARK_ID}">` +
    `<rect x="-${half}" y="-${half}" width="${STATIC_PIN_SIZE}" height="${STATIC_PIN_SIZE}" fill="transparent"/>` +
    `<circle r="13" fill="${PIN_COLOUR}" stroke="#fff" stroke-width="2"/></g>` +
    `<marker id="${PIN_DOT_ID}" markerUnits="userSpaceOnUse" markerWidth="6" markerHeight="6" refX="3" refY="3" overflow="visible">` +
    `<circle cx="3" cy="3" r="3" fill="${PIN_COLOUR}"/></marker></defs>`
  );
}

/** A pin: its link, the line to where its restaurant is when it was moved, its mark and its number (the group's text style). */
function pinMarkup({ n, name, x, y, at }: StaticPin): string {
  const moved = at.x !== x || at.y !== y;
  return [
    `<a href="#${resultId(n)}" aria-label="${xmlEscape(`${n}: ${name}`)}" data-testid="static-pin">`,
    moved
      ? `<path d="M${at.x} ${at.y}L${x} ${y}" stroke="${PIN_COLOUR}" stroke-width="1.5" marker-start="url(#${PIN_DOT_ID})"/>`
      : "",
    `<use href="#${PIN_MARK_ID}" x="${x}" y="${y}" data-pin-area=""/>`,
    `<text x="${x}" y="${y + 4}">${n}</text>`,
    "</a>",
  ].join("");
}

/** The search's centre: a blue dot in a pale ring, named for screen readers, never in a tap's way. */
function centreMarkup(centre: { x: number; y: number; label: string }): string {
  const label = xmlEscape(centre.label);
  return (
    `<g role="img" aria-label="${label}" data-testid="search-centre" pointer-events="none">` +
    `<title>${label}</title>` +
    `<circle cx="${centre.x}" cy="${centre.y}" r="15" fill="${CENTRE_COLOUR}" fill-opacity=".2"/>` +
    `<circle cx="${centre.x}" cy="${centre.y}" r="7" fill="${CENTRE_COLOUR}" stroke="#fff" stroke-width="3"/></g>`
  );
}

/**
 * The map's SVG: `base` the basemap's URL, or null when there is no basemap (then no image is
 * there to break: the pins stand on the plain background).
 */
export function staticMapSvg(
  width: number,
  height: number,
  base: string | null,
  pins: readonly StaticPin[],
  centre: { x: number; y: number; label: string } | null,
): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="100%" style="display:block;height:auto" role="group" aria-labelledby="static-map-title">`,
    '<title id="static-map-title">Map of the restaurants on this page</title>',
    base
      ? `<image href="${xmlEscape(base)}" x="0" y="0" width="${width}" height="${height}" aria-hidden="true"/>`
      : `<rect width="${width}" height="${height}" fill="#f1f5f9" data-testid="plain-background"/>`,
    centre ? centreMarkup(centre) : "",
    pins.length > 0
      ? `${pinMarkDef()}<g font-size="12" font-weight="700" fill="#fff" text-anchor="middle">${pins.map(pinMarkup).join("")}</g>`
      : "",
    "</svg>",
  ].join("");
}
