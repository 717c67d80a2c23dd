// /offline: the page the service worker answers, with no connection, for any page it has no
// copy of (docs/saved.md "Offline"). It keeps this page on install and fills its list
// (OFFLINE_LIST_ID) with the saved places whose pages it keeps (app/lib/saved/offline-copy.ts).
// Opened with a connection, it says the same, with no list. A page of text: no JavaScript.
import { Link } from "@remix-run/react";
import { StaticPage, type TextPage } from "~/components/StaticPage";
import { textLink } from "~/components/ui/styles";
import { OFFLINE_LIST_ID } from "~/lib/saved/offline-copy";
import { pageMeta } from "~/lib/seo/seo";
import type { MetaFunction } from "@remix-run/cloudflare";
import { pageTitle } from "~/lib/web/site";

export { headers, handle } from "~/components/StaticPage";

const page: TextPage = {
  title: "You are offline",
  intro: <p>This page needs a connection. The places you saved on this device open without one.</p>,
  description: "What SafeBites keeps for you with no connection: the places you saved.",
  path: "/offline",
};

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: pageTitle(matches, page.title),
    description: page.description,
    path: page.path,
    noindex: true,
  });

export default function OfflinePage() {
  return (
    <StaticPage page={page}>
      <h2>Saved places</h2>
      <div id={OFFLINE_LIST_ID} data-testid="offline-saved">
        <p>Nothing saved on this device yet.</p>
      </div>
      <p>
        Once you are back online,{" "}
        <Link to="/" className={textLink} reloadDocument>
          search the directory
        </Link>
        .
      </p>
    </StaticPage>
  );
}
