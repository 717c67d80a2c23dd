// The document and shared frame: top bar, footer, toasts, and the error boundary for
// everything below it: 'Page Not Found', the 503 page and 'Unexpected Application Error!'.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { directoryUnavailable, GeneralErrorBoundary, pageNotFound } from "./components/GeneralErrorBoundary";
import { SiteFooter, SiteHeader } from "./components/SiteFrame";
import { ToastProvider } from "./components/ui/toast";
import { Spinner } from "./components/ui/styles";
import { rootHeaders } from "./lib/web/cache-control";
import { getConfig } from "./lib/web/config.server";
import { InlineStylesheet, useNonce } from "./lib/web/document";
import { DEFAULT_SITE_NAME, homeTitle } from "./lib/web/site";
import devStylesheet from "./tailwind.css?url";

// Production pages carry the stylesheet inline (<InlineStylesheet>, no request of its own);
// the dev server links it as a file, which it updates as classes change.
export const headers = rootHeaders;

export const links: LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: devStylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Installable (docs/saved.md "Offline"): the web app manifest, public/manifest.webmanifest.
  { rel: "manifest", href: "/manifest.webmanifest" },
];

export const meta: MetaFunction = ({ matches }) => [
  { title: homeTitle(matches) },
  {
    name: "description",
    content: "Find restaurants for gluten-free, dairy-free, vegetarian and vegan diets, by name, cuisine or place.",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { site } = getConfig(context.cloudflare.env);
  // origin: absolute canonical and preview URLs (app/lib/seo/seo.ts); the page cache keys by it.
  return { siteName: site.siteName, year: new Date().getUTCFullYear(), origin: new URL(request.url).origin };
}

/** The spinner shown while a restaurant page loads (docs/routes.md). */
function DetailLoadingIndicator() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !navigation.location.pathname.startsWith("/restaurant/")) return null;
  return (
    <div className="fixed inset-x-0 top-20 z-50 flex justify-center" data-testid="detail-loading">
      <div className="flex items-center gap-2 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg">
        <Spinner label="Loading restaurant" />
        <span aria-hidden="true">Loading restaurant…</span>
      </div>
    </div>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const siteName = data?.siteName ?? DEFAULT_SITE_NAME;
  // Pages of plain text opt out of hydration (handle.hydrate === false): they ship no
  // JavaScript at all, and their links are ordinary page loads.
  const hydrate = !useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#047857" />
        <Meta />
        <Links />
        <InlineStylesheet nonce={nonce} />
      </head>
      <body className="flex min-h-screen flex-col bg-white font-sans text-slate-800 antialiased">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-emerald-900 focus:shadow"
        >
          Skip to content
        </a>
        <ToastProvider>
          <SiteHeader siteName={siteName} />
          {hydrate ? <DetailLoadingIndicator /> : null}
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter siteName={siteName} year={data?.year ?? new Date().getUTCFullYear()} />
        </ToastProvider>
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: pageNotFound, 503: directoryUnavailable }} />;
}
