// What the service worker (./service-worker.ts, docs/saved.md "Offline") does to pages, as plain
// functions of text: which requests it leaves alone, the script-free copy of a page it answers
// with no connection (with 'You are offline. Saved {Mon D, YYYY}.' and a policy that runs no
// script), and the offline page's list of saved places. No browser API here, so the tests run
// them as they are.

/** Paths the worker never answers or keeps: the review queue and the whole country's map tiles. */
export function neverKept(pathname: string): boolean {
  return /^\/review(?:[/.]|$)/.test(pathname) || /^\/tiles(?:\/|\.json$)/.test(pathname);
}

/** The restaurant a page path names (`/restaurant/{id}`), or null. */
export function restaurantIdOf(pathname: string): number | null {
  const match = /^\/restaurant\/([1-9][0-9]{0,15})$/.exec(pathname);
  return match ? Number(match[1]) : null;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** 'Mon D, YYYY' of a moment, in the browser's own time zone: the day the visitor stored the copy. */
function storedDay(at: Date): string {
  return `${MONTHS[at.getMonth()]} ${at.getDate()}, ${at.getFullYear()}`;
}

function offlineNotice(at: Date): string {
  return `You are offline. Saved ${storedDay(at)}.`;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", "#x27": "'" };

/** Markup's text as text: tags dropped, the entities React writes decoded. */
function textOf(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => ENTITIES[name] ?? "")
    .trim();
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A restaurant page's name: the text of its first heading; null when it has none. */
export function pageHeading(html: string): string | null {
  const match = /<h1\b[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  const text = match ? textOf(match[1] ?? "") : "";
  return text || null;
}

/** The static map's basemap images a page names (`/map.svg?…`), as paths to fetch. */
export function mapImagesOf(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/(?:href|src)="(\/map\.svg\?[^"]*)"/g)) {
    found.add((match[1] ?? "").replace(/&amp;/g, "&"));
  }
  return [...found];
}

/**
 * The page without its scripts: no `<script>` element, no module preload. The copy opens with
 * no connection, where the app could not load its data; its links are ordinary page loads,
 * which the worker answers.
 */
function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "");
}

/** The classes of the page's notices (app/components/ServerNotice.tsx), already in the stylesheet. */
const NOTICE_CLASS = "mx-auto mt-4 max-w-3xl rounded-lg border p-4 border-emerald-800 bg-emerald-50 text-emerald-900";

/** The copy of a stored page shown with no connection: script-free, with the offline notice atop <main>. */
export function offlineCopy(html: string, storedAt: Date): string {
  const notice = `<p role="status" class="${NOTICE_CLASS}" data-testid="offline-notice">${escapeHtml(offlineNotice(storedAt))}</p>`;
  const page = withoutScripts(html);
  const main = /<main\b[^>]*>/i.exec(page);
  if (!main) return page;
  const at = main.index + main[0].length;
  return page.slice(0, at) + notice + page.slice(at);
}

/**
 * The policy of a copy: the stored page's own (its style nonce matches the stored stylesheet),
 * with no script allowed at all. A replayed page never runs a script under a reused nonce.
 */
export function offlinePolicy(storedPolicy: string | null): string {
  const kept = (storedPolicy ?? "")
    .split(";")
    .map((directive) => directive.trim())
    .filter((directive) => directive && !/^script-src(?:-elem|-attr)?\s/i.test(directive));
  return [...kept, "script-src 'none'"].join("; ");
}

/** The id of the element of the offline page (app/routes/offline.tsx) that the worker fills. */
export const OFFLINE_LIST_ID = "offline-saved";

export type OfflinePlace = { id: number; name: string | null };

/**
 * What the offline page lists: each saved place with a copy, a link to it, and the list's copy.
 * The page's prose styles (app/components/StaticPage.tsx) lay it out; `link` is the site's link.
 */
function offlineListMarkup(places: readonly OfflinePlace[], hasList: boolean): string {
  if (places.length === 0 && !hasList) {
    return "<p>Nothing saved on this device yet.</p>";
  }
  const items = places
    .map(
      ({ id, name }) =>
        `<li><a class="link" href="/restaurant/${id}">${escapeHtml(name ?? `Restaurant ${id}`)}</a></li>`,
    )
    .join("");
  const list = hasList ? `<p><a class="link" href="/saved">Your saved places</a></p>` : "";
  return `${places.length ? `<ul>${items}</ul>` : ""}${list}`;
}

/** The offline page (as the server rendered it) with the saved places in its list, script-free. */
export function offlinePage(html: string, places: readonly OfflinePlace[], hasList: boolean): string {
  const element = new RegExp(`(<div\\b[^>]*\\bid="${OFFLINE_LIST_ID}"[^>]*>)[\\s\\S]*?(</div>)`);
  return withoutScripts(html).replace(
    element,
    (_, open: string, close: string) => open + offlineListMarkup(places, hasList) + close,
  );
}
