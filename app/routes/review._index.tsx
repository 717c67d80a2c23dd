// The review queue (docs/routes.md): pending submissions, 50 a page, safety first (reports
// that the dietary information is wrong or that the place closed, confirmations of a reaction
// or of a diner who could not order) then oldest first, with how many are pending of each kind
// and reason and a filter by kind, for the team, behind Cloudflare Access
// (app/lib/web/access.server.ts). The page's plain confirmations (ate safely, no note) are
// listed together to decide several at once: POST decides them in bulk. Never cached, never
// indexed.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmationReviewItem } from "~/components/ConfirmationReviewItem";
import { PlainConfirmations } from "~/components/PlainConfirmations";
import { ReviewErrorBoundary, decisionNotUnderstood, reviewMeta } from "~/components/ReviewPage";
import { ReviewItem } from "~/components/ReviewItem";
import { pill, textLink } from "~/components/ui/styles";
import { guard } from "~/lib/directory/index.server";
import { reviewStoreOf } from "~/lib/directory/stores.server";
import { KIND_LABELS, countLines, parseQueueParams, pendingOf, queueHref, queueOffset } from "~/lib/submissions/queue";
import { QUEUE_PAGE_SIZE, SUBMISSION_KINDS, type PendingSubmission } from "~/lib/directory/submission-store";
import { REVIEW_NO_STORE, backToQueue, reviewerOf } from "~/lib/submissions/review-route.server";
import { reviewHeaders } from "~/lib/web/cache-control";
import { readSubmission } from "~/lib/submissions/submit.server";
import { REVIEW_FORM_MAX_BYTES } from "~/lib/submissions/decisions";
import { confirmationPublication, isPlainConfirmation, parseIds } from "~/lib/submissions/confirmation-decisions";

export const headers = reviewHeaders;

export const meta = reviewMeta("Review queue");

export async function loader(args: LoaderFunctionArgs) {
  const { env, reviewer } = await reviewerOf(args);
  const { request } = args;
  const view = parseQueueParams(new URL(request.url).searchParams);
  const store = reviewStoreOf(env);
  const [pending, counts] = await Promise.all([
    guard(store.listPending({ kind: view.kind, offset: queueOffset(view.page), limit: QUEUE_PAGE_SIZE })),
    guard(store.countPending()),
  ]);
  return data({ reviewer: reviewer.email, view, pending, counts }, { headers: REVIEW_NO_STORE });
}

/**
 * Plain confirmations decided in bulk: `decision` approve (the ticked `id`s), approve-all (every
 * `listed` one) or reject (the ticked). Only pending plain confirmations are decided; the rest of
 * the ids are left alone (decided meanwhile, or not plain: those are read one by one). 303 back.
 */
export async function action(args: ActionFunctionArgs) {
  const { env, reviewer } = await reviewerOf(args);
  const form = await readSubmission(args.request, REVIEW_FORM_MAX_BYTES);
  const decision = form.get("decision");
  if (decision !== "approve" && decision !== "approve-all" && decision !== "reject") {
    throw data(null, { status: 400, statusText: "Bad Request", headers: REVIEW_NO_STORE });
  }
  const ids = parseIds(form, decision === "approve-all" ? "listed" : "id", QUEUE_PAGE_SIZE);
  const store = reviewStoreOf(env);
  const chosen = ids.length
    ? (await guard(store.getSubmissions(ids))).filter((s) => s.status === "pending" && isPlainConfirmation(s))
    : [];
  const reviewedAt = new Date().toISOString();
  if (decision === "reject") {
    for (const { id } of chosen) {
      await guard(
        store.decide({ id, status: "rejected", reviewer: reviewer.email, reviewedAt, write: { action: "none" } }),
      );
    }
  } else {
    const publications = chosen.flatMap((submission) => {
      const result = confirmationPublication(submission);
      return result.ok ? [result.publication] : [];
    });
    await guard(store.publishConfirmations(publications, reviewer.email, reviewedAt));
  }
  return backToQueue();
}

export default function ReviewQueue() {
  const { reviewer, view, pending, counts } = useLoaderData<typeof loader>();
  const waiting = pendingOf(counts, view.kind);
  const pages = Math.max(1, Math.ceil(waiting / QUEUE_PAGE_SIZE));
  const first = queueOffset(view.page) + 1;
  const plain = pending.filter(isPlainConfirmation);
  const urgent = pending.filter((s) => s.urgent);
  const rest = pending.filter((s) => !s.urgent && !isPlainConfirmation(s));
  const item = (submission: PendingSubmission) =>
    submission.kind === "confirmation" ? (
      <ConfirmationReviewItem key={submission.id} submission={submission} />
    ) : (
      <ReviewItem key={submission.id} submission={submission} />
    );
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Review queue</h1>
      <p className="mt-2 text-slate-700">
        Signed in as {reviewer}.{" "}
        {pendingOf(counts, null) === 0
          ? "Nothing is waiting."
          : `${pendingOf(counts, null)} waiting: safety reports first, then oldest first.`}
      </p>
      <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-3" data-testid="review-counts">
        {countLines(counts).map(({ kind, total, reasons }) => (
          <div key={kind} className="rounded-lg border border-slate-200 bg-slate-50 p-3">
            <dt className="font-semibold text-slate-900">
              {KIND_LABELS[kind]}: {total}
            </dt>
            {reasons ? <dd className="text-slate-700">{reasons}</dd> : null}
          </div>
        ))}
      </dl>
      <nav aria-label="Filter by kind" className="mt-4 flex flex-wrap gap-2">
        {[null, ...SUBMISSION_KINDS].map((kind) => (
          <Link
            key={kind ?? "all"}
            to={queueHref({ kind, page: 1 })}
            className={pill(view.kind === kind)}
            aria-current={view.kind === kind ? "page" : undefined}
          >
            {kind ? KIND_LABELS[kind] : "All"} ({pendingOf(counts, kind)})
          </Link>
        ))}
      </nav>
      {pending.length > 0 ? (
        <p className="mt-4 text-sm text-slate-700" data-testid="review-range">
          Showing {first}–{first + pending.length - 1} of {waiting}.
        </p>
      ) : view.page > 1 ? (
        <p className="mt-4 text-sm text-slate-700">Nothing on this page.</p>
      ) : null}
      <div className="mt-6 space-y-8">
        {urgent.map(item)}
        <PlainConfirmations submissions={plain} />
        {rest.map(item)}
      </div>
      {pages > 1 || view.page > 1 ? (
        <nav aria-label="Pages of the queue" className="mt-8 flex flex-wrap items-center gap-4">
          {view.page > 1 ? (
            <Link to={queueHref({ kind: view.kind, page: Math.min(view.page - 1, pages) })} className={textLink}>
              Previous page
            </Link>
          ) : null}
          <span className="text-sm text-slate-700">
            Page {view.page} of {pages}
          </span>
          {view.page < pages ? (
            <Link to={queueHref({ kind: view.kind, page: view.page + 1 })} className={textLink}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <ReviewErrorBoundary statusHandlers={{ 400: decisionNotUnderstood }} />;
}
