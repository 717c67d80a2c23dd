// 'Use My Location' without JavaScript (near=me), through the home loader: the connection's
// position (request.cf on Workers) becomes a redirect to a bookmarkable URL with lat/lng (three
// decimals) and a one-time notice that it is approximate; with no position for the
// connection, the page itself, with a notice that asks for a city or ZIP code.
import { describe, expect, it } from "vitest";
import { loader as homeLoader } from "~/routes/_index";
import { NOTICES } from "~/lib/web/notices";
import { loadSharedFixture, useD1 } from "../support/d1";
import { loaderArgs, settle } from "../support/loaders";

const d1 = useD1(loadSharedFixture);

/** The home loader for `url`, with `cf` as the connection's properties. */
function home(url: string, cf: object | undefined) {
  const args = loaderArgs(url, { DB: d1.db });
  (args.context.cloudflare as { cf?: object }).cf = cf;
  return settle(() => homeLoader(args));
}

describe("near=me", () => {
  it("redirects to the connection's position, rounded to three decimals, keeping the search", async () => {
    const { threw, value } = await home(
      "http://localhost/?q=thai&location=Nowhere&radius=10&diet=vegan&page=3&near=me",
      {
        latitude: "45.52346",
        longitude: "-122.67621",
      },
    );
    expect(threw).toBe(true);
    const response = value as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/?q=thai&radius=10&diet=vegan&lat=45.523&lng=-122.676");
    expect(response.headers.get("Set-Cookie")).toMatch(/^sb_flash=/);
    expect(response.headers.get("Cache-Control")).toMatch(/no-store/);
  });

  it.each([
    ["no connection properties", undefined],
    ["no position in them", { country: "US" }],
    ["a position out of range", { latitude: "91", longitude: "10" }],
    ["a position that is not a number", { latitude: "north", longitude: "west" }],
  ])("with %s: the page, with a notice asking for a city or ZIP", async (_label, cf) => {
    const { threw, value } = await home("http://localhost/?q=thai&near=me", cf);
    expect(threw).toBe(false);
    const { data, init } = value as {
      data: { notice: unknown; restaurants: { id: number }[] };
      init: { headers: Record<string, string> };
    };
    expect(data.notice).toEqual(NOTICES.connectionPositionUnknown);
    expect(data.restaurants.map((r) => r.id)).toEqual([12, 11]);
    expect(init.headers["Cache-Control"]).toMatch(/no-store/);
  });
});
