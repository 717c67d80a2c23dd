// The page's side of the service worker (./service-worker.ts, served as /sw.js): registered
// once the browser is idle after the page has painted (this module is part of the saved list's
// store, loaded after hydration, never in the first visit's JavaScript), and told the saved
// ids each time the store reads or changes them, so that it keeps their pages for offline use.
// And a page opened while online that loses its connection: a link followed in the page (a
// data request, which fails) loads the page as a document instead, which the worker answers.

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

let registration: Promise<ServiceWorkerRegistration | null> | null = null;
let latest: readonly number[] = [];

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = (window as IdleWindow).requestIdleCallback;
    if (idle) idle(() => resolve(), { timeout: 5000 });
    else setTimeout(resolve, 1000);
  });
}

/** What this module reads of the router Remix keeps on the window. */
type RouterState = { navigation: { state: string }; errors: Record<string, unknown> | null };
type RemixWindow = Window & { __remixRouter?: { subscribe(listener: (state: RouterState) => void): () => void } };

/**
 * A navigation whose data could not be fetched at all (a TypeError from fetch: no connection)
 * while the worker controls the page: the page is loaded again as a document, which the worker
 * answers with its copy or the offline page, rather than the error page.
 */
function reloadWithoutConnection() {
  (window as RemixWindow).__remixRouter?.subscribe((state) => {
    if (state.navigation.state !== "idle" || !state.errors || !navigator.serviceWorker.controller) return;
    if (Object.values(state.errors).some((error) => error instanceof TypeError)) location.reload();
  });
}

function register(): Promise<ServiceWorkerRegistration | null> {
  registration ??= whenIdle()
    .then(() => navigator.serviceWorker.register("/sw.js", { scope: "/" }))
    .then(() => navigator.serviceWorker.ready)
    .then((ready) => (reloadWithoutConnection(), ready))
    .catch(() => null);
  return registration;
}

/** Tells the worker the saved ids (registering it first, once); nothing without service workers. */
export function keepOffline(ids: readonly number[]) {
  if (!("serviceWorker" in navigator)) return;
  latest = ids;
  void register().then((ready) => ready?.active?.postMessage({ type: "saved", ids: latest }));
}
