// A saved list for maps apps (docs/saved.md): KML 2.2 (Organic Maps, Google My Maps)
// and GPX 1.1 waypoints, one for each listed place with a position: its name, address, phone,
// the diets and trust line as its description, and its page's URL. Every text is escaped as
// XML character data (never CDATA, so a name holding `]]>` cannot end a section).
import type { Restaurant } from "../directory/restaurant-rows";
import { DIET_LABELS, dietsOf } from "../search/diet";
import { formatAddress } from "../web/links";
import { TRUST_TEXT, formatDay } from "../trust/trust";
import { xmlEscape } from "../web/xml";

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A listed place with a position, as the export needs it. */
type Placed = Restaurant & { latitude: number; longitude: number };

const placed = (restaurants: readonly Restaurant[]): Placed[] =>
  restaurants.filter((r): r is Placed => r.latitude !== null && r.longitude !== null);

/** The description: diets, trust line, and 'Closed {day}' for a closed place. */
function exportDescription(restaurant: Restaurant): string {
  const day = restaurant.verifiedAt ? formatDay(restaurant.verifiedAt) : null;
  const closed = restaurant.closedAt ? `Closed ${formatDay(restaurant.closedAt) ?? restaurant.closedAt}. ` : "";
  const diets = dietsOf(restaurant).map((diet) => DIET_LABELS[diet]);
  const trust = day ? TRUST_TEXT.verified(day, restaurant.verifiedHow) : TRUST_TEXT.notVerified;
  return `${closed}${diets.length ? `${diets.join(", ")}. ` : ""}${trust}`;
}

const pageUrl = (origin: string, id: number) => `${origin}/restaurant/${id}`;

export function savedKml(restaurants: readonly Restaurant[], origin: string): string {
  const placemarks = placed(restaurants).map((r) => {
    const address = formatAddress(r);
    return [
      "    <Placemark>",
      `      <name>${xmlEscape(r.name)}</name>`,
      `      <atom:link href="${xmlEscape(pageUrl(origin, r.id))}"/>`,
      address ? `      <address>${xmlEscape(address)}</address>` : null,
      r.phoneNumber ? `      <phoneNumber>${xmlEscape(r.phoneNumber)}</phoneNumber>` : null,
      `      <description>${xmlEscape(exportDescription(r))}</description>`,
      `      <ExtendedData><Data name="url"><value>${xmlEscape(pageUrl(origin, r.id))}</value></Data></ExtendedData>`,
      `      <Point><coordinates>${r.longitude},${r.latitude}</coordinates></Point>`,
      "    </Placemark>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });
  return `${HEAD}<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:atom="http://www.w3.org/2005/Atom">
  <Document>
    <name>SafeBites saved places</name>
${placemarks.join("\n")}
  </Document>
</kml>
`;
}

export function savedGpx(restaurants: readonly Restaurant[], origin: string): string {
  const waypoints = placed(restaurants).map((r) => {
    const address = formatAddress(r);
    const comment = [address, r.phoneNumber].filter(Boolean).join(" · ");
    return [
      `  <wpt lat="${r.latitude}" lon="${r.longitude}">`,
      `    <name>${xmlEscape(r.name)}</name>`,
      comment ? `    <cmt>${xmlEscape(comment)}</cmt>` : null,
      `    <desc>${xmlEscape(exportDescription(r))}</desc>`,
      `    <link href="${xmlEscape(pageUrl(origin, r.id))}"><text>${xmlEscape(r.name)}</text></link>`,
      "  </wpt>",
    ]
      .filter((line) => line !== null)
      .join("\n");
  });
  return `${HEAD}<gpx version="1.1" creator="SafeBites" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>SafeBites saved places</name></metadata>
${waypoints.join("\n")}
</gpx>
`;
}
