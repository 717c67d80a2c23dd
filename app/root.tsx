// The document and shared frame: top bar, footer, toasts, and the error boundary that
// renders 'Page Not Found', the 503 page and 'Unexpected Application Error!'.
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { SiteFooter, SiteHeader } from "./components/SiteFrame";
import { ToastProvider } from "./components/ui/toast";
import { Spinner } from "./components/ui/styles";
import { getSiteSettings } from "./lib/env.server";
import { InlineStylesheet } from "./lib/inline-stylesheet";
import { useNonce } from "./lib/nonce";
import devStylesheet from "./tailwind.css?url";

// Production pages carry the stylesheet inline (<InlineStylesheet>, no request of its own);
// the dev server links it as a file, which it updates as classes change.
export const links: LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: devStylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "SafeBites – Find Food That Won't Fight Back" },
  {
    name: "description",
    content: "Find restaurants for gluten-free, dairy-free, vegetarian and vegan diets, by name, cuisine or place.",
  },
];

export async function loader({ context }: LoaderFunctionArgs) {
  const site = getSiteSettings(context.cloudflare.env);
  return { siteName: site.siteName, year: new Date().getUTCFullYear() };
}

/** The spinner of spec section 2 (detail): shown while a restaurant page loads. */
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
  const siteName = data?.siteName ?? "SafeBites";
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
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-emerald-900 focus:shadow"
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

const buttonClass =
  "inline-flex items-center justify-center rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700";

export function ErrorPage({ title, message, action = "Go to Homepage" }: { title: string; message: string; action?: string }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      <Link to="/" className={`${buttonClass} mt-8`}>
        {action}
      </Link>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      return <ErrorPage title="Page Not Found" message="Sorry, we couldn't find the page you were looking for." />;
    }
    if (error.status === 503) {
      return (
        <ErrorPage
          title="We'll be right back"
          message="The restaurant directory is temporarily unavailable. Please try again in a moment."
          action="Try the Homepage"
        />
      );
    }
    return (
      <div className="mx-auto max-w-2xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Unexpected Application Error!</h1>
        <p className="mt-4 text-slate-700">
          {error.status} {error.statusText || "Error"}
        </p>
        <Link to="/" className={`${buttonClass} mt-8`}>
          Go to Homepage
        </Link>
      </div>
    );
  }
  // Only the message: never a stack trace (Remix already replaces server errors' messages
  // in production builds).
  const message = error instanceof Error ? error.message : "Unknown error";
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Unexpected Application Error!</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      <Link to="/" className={`${buttonClass} mt-8`}>
        Go to Homepage
      </Link>
    </div>
  );
}
