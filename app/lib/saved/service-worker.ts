// The service worker, /sw.js (docs/saved.md "Offline", docs/decisions/0030-service-worker.md):
// bundled by the build on its own (vite.config.ts, serviceWorker()), which gives it the build's
// version and the static files to keep. Never in a page's JavaScript.
//
// - Static files: the build's files (and the icons, the manifest, the offline page) kept on
//   install, in a cache named for the build; the build's hashed files answered from it first.
// - Pages: the network first, always; with no connection, the copy of /saved or of a saved
//   place's page, script-free with 'You are offline. Saved {Mon D, YYYY}.', or else the offline
//   page listing the saved places (./offline-copy.ts).
// - Copies: the page tells the worker the saved ids (./offline-register.ts); it keeps each
//   place's page, the list page and the list's map image, and refreshes them in the background.
// - Never: anything but GET, another origin, /review, the map's tiles.
import {
  mapImagesOf,
  neverKept,
  offlineCopy,
  offlinePage,
  offlinePolicy,
  pageHeading,
  restaurantIdOf,
  type OfflinePlace,
} from "./offline-copy";

// Set by the build (vite.config.ts).
declare const __SW_VERSION__: string;
declare const __SW_PRECACHE__: readonly string[];

// What this worker uses of the service worker scope (the DOM library types the page's side).
type ExtendableEvent = Event & { waitUntil(promise: Promise<unknown>): void };
type FetchEvent = ExtendableEvent & { request: Request; respondWith(response: Promise<Response>): void };
type MessageEvent = ExtendableEvent & { data: unknown };
type Scope = {
  addEventListener(type: "install" | "activate", listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: FetchEvent) => void): void;
  addEventListener(type: "message", listener: (event: MessageEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  location: Location;
};
const scope = self as unknown as Scope;

const PREFIX = "safebites-";
/** The build's static files and the offline page: one cache a build. */
const STATIC = `${PREFIX}static-${__SW_VERSION__}`;
/** The copies of saved pages and the list's map: one cache a build, so no stale page survives a new one. */
const PAGES = `${PREFIX}pages-${__SW_VERSION__}`;
/** The saved ids as the page last told them: kept across builds, to make the new build's copies. */
const LIST = `${PREFIX}list`;
const LIST_KEY = "/sw/saved-ids";
/** When a copy was stored (an ISO time), on each stored response. */
const STORED_AT = "X-Stored-At";
/** A copy older than this is fetched again when a page tells the list. */
const REFRESH_MS = 60 * 60 * 1000;
const OFFLINE_PATH = "/offline";

const here = (path: string) => new URL(path, scope.location.origin).href;

scope.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(STATIC)
      // A fresh copy of each: the browser's HTTP cache may hold the previous build's.
      .then((cache) =>
        cache.addAll([OFFLINE_PATH, ...__SW_PRECACHE__].map((path) => new Request(here(path), { cache: "reload" }))),
      )
      .then(() => scope.skipWaiting()),
  );
});

scope.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const kept = new Set([STATIC, PAGES, LIST]);
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(PREFIX) && !kept.has(name)).map((name) => caches.delete(name)),
      );
      await scope.clients.claim();
    })(),
  );
  // The new build's copies, from the list the previous one kept (in the background).
  void savedIds().then((ids) => (ids.length ? enqueue(ids) : undefined));
});

scope.addEventListener("message", (event) => {
  const data = event.data as { type?: unknown; ids?: unknown } | null;
  if (data?.type !== "saved" || !Array.isArray(data.ids)) return;
  const ids = data.ids.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, 100);
  event.waitUntil(enqueue(ids));
});

scope.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== scope.location.origin || neverKept(url.pathname)) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(request, url));
  } else if (url.pathname.startsWith("/assets/")) {
    event.respondWith(hashedFile(request));
  } else {
    // The icons, the manifest, the list's map image: the network, else what is kept.
    event.respondWith(fetch(request).catch(() => kept(request)));
  }
});

async function kept(request: Request | string): Promise<Response> {
  const found = (await (await caches.open(STATIC)).match(request)) ?? (await (await caches.open(PAGES)).match(request));
  return found ?? Response.error();
}

/** A file of the build (its name holds its hash): what is kept, else the network (then kept). */
async function hashedFile(request: Request): Promise<Response> {
  const cache = await caches.open(STATIC);
  const found = await cache.match(request);
  if (found) return found;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone()).catch(() => undefined);
  return response;
}

/** A page: always the network while there is one; with none, a copy or the offline page. */
async function networkFirst(request: Request, url: URL): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const copy = await copyFor(url);
    if (copy) return replay(copy, offlineCopy(await copy.text(), storedAt(copy)));
    const page = await (await caches.open(STATIC)).match(here(OFFLINE_PATH));
    if (!page) throw error;
    const [places, list] = await Promise.all([
      offlinePlaces(),
      caches.open(PAGES).then((cache) => cache.match(here("/saved"))),
    ]);
    return replay(page, offlinePage(await page.text(), places, Boolean(list)), 200);
  }
}

/** The copy that answers a page with no connection: /saved (the visitor's list) or a saved place's page. */
async function copyFor(url: URL): Promise<Response | undefined> {
  const cache = await caches.open(PAGES);
  if (url.pathname === "/saved" && !url.search) return cache.match(here("/saved"));
  const id = restaurantIdOf(url.pathname);
  return id === null ? undefined : cache.match(here(`/restaurant/${id}`));
}

function storedAt(response: Response): Date {
  const at = new Date(response.headers.get(STORED_AT) ?? "");
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

/** A stored page's answer: the given markup, its status and type, and its policy with no script. */
function replay(stored: Response, html: string, status = stored.status): Response {
  return new Response(html, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": offlinePolicy(stored.headers.get("Content-Security-Policy")),
      "Cache-Control": "no-store",
    },
  });
}

/** The saved places that have a copy, in the list's order, named as their page names them. */
async function offlinePlaces(): Promise<OfflinePlace[]> {
  const cache = await caches.open(PAGES);
  const places: OfflinePlace[] = [];
  for (const id of await savedIds()) {
    const copy = await cache.match(here(`/restaurant/${id}`));
    if (copy) places.push({ id, name: pageHeading(await copy.text()) });
  }
  return places;
}

async function savedIds(): Promise<number[]> {
  const stored = await (await caches.open(LIST)).match(here(LIST_KEY));
  const ids: unknown = stored ? await stored.json().catch(() => []) : [];
  return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
}

// One refresh at a time, in the order the page told the lists.
let queue: Promise<unknown> = Promise.resolve();
function enqueue(ids: number[]): Promise<unknown> {
  queue = queue.then(() => keepCopies(ids)).catch(() => undefined);
  return queue;
}

/**
 * Keeps the copies of a list: each place's page (fetched when missing or older than
 * REFRESH_MS; dropped once removed or no longer listed), and, when the list changed or its copy
 * is old, the list page and its map image. With no connection, nothing is lost.
 */
async function keepCopies(ids: number[]): Promise<void> {
  const before = await savedIds();
  await (await caches.open(LIST)).put(here(LIST_KEY), Response.json(ids));
  const cache = await caches.open(PAGES);
  const now = Date.now();
  const stale = (response: Response | undefined) => !response || now - storedAt(response).getTime() > REFRESH_MS;

  // Pages of places no longer on the list go.
  for (const request of await cache.keys()) {
    const id = restaurantIdOf(new URL(request.url).pathname);
    if (id !== null && !ids.includes(id)) await cache.delete(request);
  }
  const due: number[] = [];
  for (const id of ids) if (stale(await cache.match(here(`/restaurant/${id}`)))) due.push(id);
  await inTurns(due, 4, (id) => store(cache, `/restaurant/${id}`));

  const listChanged = before.join(",") !== ids.join(",");
  if (!listChanged && !stale(await cache.match(here("/saved")))) return;
  const listPage = ids.length ? await store(cache, "/saved") : null;
  const images = listPage ? mapImagesOf(listPage) : [];
  // Map images of an earlier list go; this list's are kept.
  for (const request of await cache.keys()) {
    const { pathname, search } = new URL(request.url);
    if (pathname === "/map.svg" && !images.includes(pathname + search)) await cache.delete(request);
  }
  if (!ids.length) await cache.delete(here("/saved"));
  for (const image of images) await store(cache, image);
}

/**
 * Fetches a page (with the visitor's cookie, as the page itself would) and keeps it with the
 * time it was stored; its text, or null when it was not kept. A page that is no longer listed
 * (404) loses its copy; no connection or a server error keeps the old one.
 */
async function store(cache: Cache, path: string): Promise<string | null> {
  const response = await fetch(here(path), { credentials: "same-origin", cache: "no-store" }).catch(() => null);
  if (!response) return null;
  if (response.status === 404) {
    await cache.delete(here(path));
    return null;
  }
  // 410: a closed place's page, kept (it says it closed).
  if (!response.ok && response.status !== 410) return null;
  const body = await response.text();
  const headers = new Headers(response.headers);
  headers.set(STORED_AT, new Date().toISOString());
  await cache.put(here(path), new Response(body, { status: response.status, headers }));
  return body;
}

async function inTurns<T>(items: readonly T[], width: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane));
}
