// Rendering one route to HTML in integration tests: its real loader (with the given env as
// the Worker's bindings) under a root route that gives the origin, as root.tsx does, with the
// markup the loader keeps for the document (app/lib/web/server-markup.tsx), as entry.server.tsx.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { Outlet } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { ToastProvider } from "~/components/ui/toast";
import { NonceProvider } from "~/lib/web/document";
import { ServerMarkupContext } from "~/lib/web/server-markup";
import { loaderArgs } from "./loaders";

/** The root route's data, as matches[0] of a route's meta. */
const rootMatchOf = (origin: string) => ({
  id: "root",
  data: { siteName: "SafeBites", origin, year: 2026 },
});

export async function renderRoute(
  { origin, env }: { origin: string; env: Partial<Env> },
  path: string,
  route: { path: string; loader: (a: never) => unknown; Component: () => JSX.Element },
) {
  const markup = new Map<string, string>();
  const context = { cloudflare: { env }, nonce: "test-nonce", markup } as unknown as AppLoadContext;
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => rootMatchOf(origin).data,
      Component: Outlet,
      children: [
        {
          id: "page",
          path: route.path,
          loader: (a) => route.loader({ ...a, context } as never) as never,
          Component: route.Component,
        },
      ],
    },
  ]);
  const result = await handler.query(new Request(`${origin}${path}`));
  if (result instanceof Response) throw new Error(`unexpected response ${result.status}`);
  const router = createStaticRouter(handler.dataRoutes, result);
  const html = renderToString(
    <NonceProvider value="test-nonce">
      <ServerMarkupContext.Provider value={markup}>
        <ToastProvider>
          <StaticRouterProvider router={router} context={result} hydrate={false} />
        </ToastProvider>
      </ServerMarkupContext.Provider>
    </NonceProvider>,
  );
  return { html, status: result.statusCode };
}

/**
 * The pages of the site at `origin` with the bindings `env()` gives when called (e.g. a D1
 * started in beforeAll): loader arguments for a path, a rendered route, the root's match.
 */
export function pagesAt(origin: string, env: () => Partial<Env>) {
  return {
    args: (path: string, params: Record<string, string>) => loaderArgs(`${origin}${path}`, env(), params),
    render: (path: string, route: Parameters<typeof renderRoute>[2]) =>
      renderRoute({ origin, env: env() }, path, route),
    rootMatch: rootMatchOf(origin),
  };
}
