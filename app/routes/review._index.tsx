// The review queue (docs/routes.md): pending submissions for the team, behind Cloudflare Access
// (app/lib/web/access.server.ts); confirmations that report a reaction (or that the diner could
// not order) first, then plain confirmations to decide several at once, then the rest, oldest
// first. POST decides plain confirmations in bulk. Never cached, never indexed.
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage, GeneralErrorBoundary, directoryUnavailable, pageNotFound } from "~/components/GeneralErrorBoundary";
import { ConfirmationReviewItem } from "~/components/ConfirmationReviewItem";
import { PlainConfirmations } from "~/components/PlainConfirmations";
import { ReviewItem } from "~/components/ReviewItem";
import { guard, reviewStoreOf } from "~/lib/directory/index.server";
import { QUEUE_PAGE_SIZE, type PendingSubmission } from "~/lib/submissions/store";
import { requireReviewer } from "~/lib/web/access.server";
import { pageTitle } from "~/lib/web/site";
import { readSubmission } from "~/lib/submissions/submit.server";
import {
  confirmationPublication,
  isPlainConfirmation,
  isUrgentConfirmation,
  parseIds,
} from "~/lib/submissions/confirmation-decisions";

const NO_STORE = { "Cache-Control": "no-store" };

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Review queue") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const reviewer = await requireReviewer(request, env);
  const pending = await guard(reviewStoreOf(env).listPending(QUEUE_PAGE_SIZE));
  return data({ reviewer: reviewer.email, pending }, { headers: NO_STORE });
}

/**
 * Plain confirmations decided in bulk: `decision` approve (the ticked `id`s), approve-all (every
 * `listed` one) or reject (the ticked). Only pending plain confirmations are decided; the rest of
 * the ids are left alone (decided meanwhile, or not plain: those are read one by one). 303 back.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const reviewer = await requireReviewer(request, env);
  const form = await readSubmission(request);
  const decision = form.get("decision");
  if (decision !== "approve" && decision !== "approve-all" && decision !== "reject") {
    throw data(null, { status: 400, statusText: "Bad Request", headers: NO_STORE });
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
  return redirect("/review", { status: 303, headers: NO_STORE });
}

export default function ReviewQueue() {
  const { reviewer, pending } = useLoaderData<typeof loader>();
  const urgent = pending.filter(isUrgentConfirmation);
  const plain = pending.filter(isPlainConfirmation);
  const rest = pending.filter((s) => !isUrgentConfirmation(s) && !isPlainConfirmation(s));
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
        {pending.length === 0
          ? "Nothing is waiting."
          : `${pending.length} waiting: diners' reactions first, then oldest first.`}
      </p>
      <div className="mt-8 space-y-8">
        {urgent.map(item)}
        <PlainConfirmations submissions={plain} />
        {rest.map(item)}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        400: () => <ErrorPage alert title="Not saved" message="The decision was not understood." />,
        403: () => <ErrorPage alert title="Forbidden" message="You do not have access to this page." />,
        404: pageNotFound,
        503: directoryUnavailable,
      }}
    />
  );
}
