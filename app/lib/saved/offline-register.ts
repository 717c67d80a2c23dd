// The page's side of the service worker (./service-worker.ts, served as /sw.js): registered
// once the browser is idle after the page has painted (this module is part of the saved list's
// store, loaded after hydration, never in the first visit's JavaScript), and told the saved
// ids each time the store reads or changes them, so that it keeps their pages for offline use.

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

function register(): Promise<ServiceWorkerRegistration | null> {
  registration ??= whenIdle()
    .then(() => navigator.serviceWorker.register("/sw.js", { scope: "/" }))
    .then(() => navigator.serviceWorker.ready)
    .catch(() => null);
  return registration;
}

/** Tells the worker the saved ids (registering it first, once); nothing without service workers. */
export function keepOffline(ids: readonly number[]) {
  if (!("serviceWorker" in navigator)) return;
  latest = ids;
  void register().then((ready) => ready?.active?.postMessage({ type: "saved", ids: latest }));
}
