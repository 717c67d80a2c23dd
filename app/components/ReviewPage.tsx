// What the review pages share on the page (docs/routes.md): their title for a browser tab that
// search engines never index, the link back to the queue above the heading, and the error page
// (no access, not found, the directory down, and each page's own).
import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { pageTitle } from "~/lib/web/site";
import {
  ErrorPage,
  GeneralErrorBoundary,
  directoryUnavailable,
  pageNotFound,
  type StatusHandler,
} from "./GeneralErrorBoundary";
import { textLink } from "./ui/styles";

/** A review page's `meta`: its title, and never indexed. */
export function reviewMeta(title: string): MetaFunction {
  return ({ matches }) => [{ title: pageTitle(matches, title) }, { name: "robots", content: "noindex" }];
}

/** Above a page's heading. */
export function BackToQueue() {
  return (
    <p>
      <Link to="/review" className={textLink}>
        Back to the queue
      </Link>
    </p>
  );
}

/** A decision the page could not read (400). */
export const decisionNotUnderstood: StatusHandler = () => (
  <ErrorPage alert title="Not saved" message="The decision was not understood." />
);

/** 403 without access, 404, 503 when the directory is down, and `statusHandlers`, the page's own. */
export function ReviewErrorBoundary({
  action,
  statusHandlers,
}: {
  action?: string;
  statusHandlers?: Partial<Record<number, StatusHandler>>;
}) {
  return (
    <GeneralErrorBoundary
      action={action}
      statusHandlers={{
        403: () => <ErrorPage alert title="Forbidden" message="You do not have access to this page." />,
        404: pageNotFound,
        503: directoryUnavailable,
        ...statusHandlers,
      }}
    />
  );
}
