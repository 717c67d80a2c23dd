// Markup kept for the document, not for the page's data: the key the data carries, and what
// the server's render inserts under it.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ServerMarkup, ServerMarkupContext } from "./server-markup";
import { keepServerMarkup } from "./server-markup.server";

const contextWith = (markup?: Map<string, string>) => ({ markup }) as unknown as AppLoadContext;

describe("keepServerMarkup", () => {
  it("keeps the markup for the document under a short key of letters and digits, the same for the same markup", () => {
    const markup = new Map<string, string>();
    const svg = '<svg><a href="#result-1" aria-label="1: Greenleaf Kitchen"></a></svg>';
    const key = keepServerMarkup(contextWith(markup), svg);
    expect(key).toMatch(/^[0-9a-z]{1,7}$/);
    expect(markup.get(key)).toBe(svg);
    expect(keepServerMarkup(contextWith(new Map()), svg)).toBe(key);
    expect(keepServerMarkup(contextWith(new Map()), svg.replace("1: ", "2: "))).not.toBe(key);
  });

  it("without a document to render (a loader called on its own) still gives the key", () => {
    expect(keepServerMarkup(contextWith(), "<svg></svg>")).toMatch(/^[0-9a-z]+$/);
  });
});

describe("ServerMarkup on the server", () => {
  it("inserts the kept markup as it is", () => {
    const markup = new Map([["k1", '<svg><title id="t">Map</title></svg>']]);
    const html = renderToString(
      <ServerMarkupContext.Provider value={markup}>
        <ServerMarkup markup="k1" className="box" />
      </ServerMarkupContext.Provider>,
    );
    expect(html).toBe('<div class="box"><svg><title id="t">Map</title></svg></div>');
  });

  it("an unknown key, or no markup for this render (the browser's): the empty box", () => {
    const unknown = renderToString(
      <ServerMarkupContext.Provider value={new Map()}>
        <ServerMarkup markup="k2" className="box" />
      </ServerMarkupContext.Provider>,
    );
    expect(unknown).toBe('<div class="box"></div>');
    expect(renderToString(<ServerMarkup markup="k2" className="box" />)).toBe('<div class="box"></div>');
  });
});
