// Shared layout for the text pages (Our Mission, Privacy Policy, Terms of Service,
// Contact Us): a centred, readable column with the page title. There is no typography
// plugin, so the prose styling is done with descendant variants on the content wrapper.
// Also the route exports those pages share: their `headers`, `handle` and `meta`.
import type { MetaFunction } from "@remix-run/cloudflare";
import type { ReactNode } from "react";
import { pageMeta } from "~/lib/seo/seo";
import { staticCacheControl } from "~/lib/web/cache-control";
import { pageTitle } from "~/lib/web/site";

const proseClass = [
  "text-base leading-7 text-slate-800",
  "[&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 sm:[&_h2]:text-2xl",
  "[&_h2:first-child]:mt-0",
  "[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_p]:mt-3",
  "[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6",
  "[&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:space-y-1.5 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-slate-900",
].join(" ");

/** What a text page says about itself: its header, and what its `meta` tells search engines. */
export type TextPage = {
  title: string;
  /** Shown as "Last updated: {lastUpdated}" under the title, e.g. "May 4, 2025". */
  lastUpdated?: string;
  /** A short lead paragraph under the title. */
  intro?: ReactNode;
  description: string;
  path: string;
};

type StaticPageProps = {
  page: TextPage;
  /** Apply the prose styles to the content (off for pages that lay out their own content). */
  prose?: boolean;
  children: ReactNode;
};

export function StaticPage({ page: { title, lastUpdated, intro }, prose = true, children }: StaticPageProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 text-slate-800 sm:px-6 sm:py-14">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {lastUpdated ? <p className="mt-2 text-sm text-slate-600">Last updated: {lastUpdated}</p> : null}
        {intro ? <div className="mt-4 text-lg leading-8 text-slate-700">{intro}</div> : null}
      </header>
      <div className={prose ? `mt-8 ${proseClass}` : "mt-8"}>{children}</div>
    </article>
  );
}

/** A text page's `headers`: the static pages' Cache-Control (app/lib/web/cache-control.ts). */
export const headers = staticCacheControl;

/** A text page's `handle`: no JavaScript is sent (see app/root.tsx). */
export const handle = { hydrate: false };

/** A text page's `meta`: its title (with the site's name), description and canonical path. */
export function textPageMeta(page: TextPage): MetaFunction {
  return ({ matches }) =>
    pageMeta(matches, { title: pageTitle(matches, page.title), description: page.description, path: page.path });
}
