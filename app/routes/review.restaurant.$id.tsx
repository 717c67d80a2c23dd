// A listing's history (docs/routes.md): every column the review queue's decisions changed, its
// value before and after, who changed it and when, newest first, 50 a page (`?page=`). Nothing
// overwritten is lost. Behind Cloudflare Access like the queue; unknown restaurant 404.
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { BackToQueue, reviewMeta } from "~/components/ReviewPage";
import { PreviousNext } from "~/components/Pagination";
import { COLUMN_LABELS, shown } from "~/components/ReviewItem";
import { textLink } from "~/components/ui/styles";
import { guard } from "~/lib/directory/index.server";
import { reviewStoreOf } from "~/lib/directory/stores.server";
import { parseQueueParams } from "~/lib/submissions/queue";
import { REVIEW_NO_STORE, reviewedIdOf } from "~/lib/submissions/review-route.server";
import { HISTORY_PAGE_SIZE } from "~/lib/directory/submission-store";
import { reviewHeaders } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";

export const headers = reviewHeaders;

// 403 without access, 404 for an unknown restaurant, 503 when the directory is down.
export { ReviewErrorBoundary as ErrorBoundary } from "~/components/ReviewPage";

export const meta = reviewMeta("Listing history");

/** The history's columns: for each change, when, who, which column, its value before and after, and the submission. */
const HEADINGS = ["When", "Who", "Column", "Before", "After", "Submission"];

export async function loader(args: LoaderFunctionArgs) {
  const { env, id } = await reviewedIdOf(args, args.params.id);
  const { page } = parseQueueParams(new URL(args.request.url).searchParams);
  const store = reviewStoreOf(env);
  const listing = await guard(store.getListing(id));
  if (!listing) notFound();
  const changes = await guard(store.listChanges(id, (page - 1) * HISTORY_PAGE_SIZE, HISTORY_PAGE_SIZE));
  // A full page may have older changes after it (an empty page says so).
  const more = changes.length === HISTORY_PAGE_SIZE;
  return data(
    { restaurant: { id, name: listing.name ?? "", version: listing.version }, page, changes, more },
    { headers: REVIEW_NO_STORE },
  );
}

export default function ListingHistory() {
  const { restaurant, page, changes, more } = useLoaderData<typeof loader>();
  const here = `/review/restaurant/${restaurant.id}`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <BackToQueue />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">History of {restaurant.name}</h1>
      <p className="mt-2 text-slate-700">
        <Link to={`/restaurant/${restaurant.id}`} className={textLink}>
          The public page
        </Link>{" "}
        · version {restaurant.version}
      </p>
      {changes.length === 0 ? (
        <p className="mt-6 text-slate-700">{page > 1 ? "Nothing on this page." : "No recorded change yet."}</p>
      ) : (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="listing-history">
            <thead className="border-b border-slate-300 text-slate-700">
              <tr>
                {HEADINGS.map((heading, index) => (
                  <th key={heading} scope="col" className={index < HEADINGS.length - 1 ? "py-2 pr-4" : "py-2"}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 align-top">
              {changes.map((change) => (
                <tr key={change.id} data-testid="listing-change">
                  <td className="py-2 pr-4 whitespace-nowrap">{change.changedAt}</td>
                  <td className="py-2 pr-4">{change.changedBy}</td>
                  <td className="py-2 pr-4">{COLUMN_LABELS[change.column] ?? change.column}</td>
                  <td className="py-2 pr-4 break-words whitespace-pre-line">{shown(change.oldValue)}</td>
                  <td className="py-2 pr-4 break-words whitespace-pre-line">{shown(change.newValue)}</td>
                  <td className="py-2">{change.submissionId ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PreviousNext
        hrefFor={(n) => (n === 1 ? here : `${here}?page=${n}`)}
        page={page}
        hasNext={more}
        label="Pages of the history"
        previousText="Newer changes"
        nextText="Older changes"
        className="mt-6 flex gap-4"
        linkClassName={textLink}
      />
    </div>
  );
}
