// Server rendering: the whole document streamed to bots and people alike (for bots, after
// it is complete), with this response's CSP nonce on every script Remix writes.
import type { AppLoadContext, EntryContext, HandleErrorFunction } from "@remix-run/cloudflare";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { StylesheetProvider, NonceProvider } from "./lib/web/document";
import { ServerMarkupContext } from "./lib/web/server-markup";
// The stylesheet as text, inlined into every page by production builds (app/lib/web/document.tsx, InlineStylesheet).
import stylesheet from "./tailwind.css?inline";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ABORT_DELAY);
  let status = responseStatusCode;

  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <StylesheetProvider value={import.meta.env.DEV ? null : stylesheet}>
        <ServerMarkupContext.Provider value={loadContext.markup ?? null}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </ServerMarkupContext.Provider>
      </StylesheetProvider>
    </NonceProvider>,
    {
      nonce,
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        status = 500;
      },
    },
  );
  body.allReady.then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  );

  if (isbot(request.headers.get("user-agent") || "")) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}

/**
 * Server errors go to the log; a request's own fault (a 4xx such as a POST to a page without
 * an action, or an unknown path) and aborted requests do not, so hostile traffic cannot
 * flood the log with its own text.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
