// One submission of the review queue (docs/routes.md): GET shows it with its decision form
// (or who decided it); POST decides, approve or reject, with the reviewer's edits, the listing's
// version the form was loaded with, 'I verified these facts' with how, and 'reopen'. Decided:
// 303 back to the queue. A refused value: 400, the form again with the message beside its
// field and the values as typed. The listing changed since the form was loaded, or it is
// closed and the approval does not reopen it: 409, nothing written, the form again with the
// listing as it is now. Not pending: 409. Unknown or malformed id: 404. Behind Cloudflare
// Access like the queue. A diner's confirmation: approve publishes it (never a write to the
// listing), with the reviewer's edits of its two free texts; reject only records the decision.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmationReviewItem } from "~/components/ConfirmationReviewItem";
import { ErrorPage } from "~/components/GeneralErrorBoundary";
import { BackToQueue, ReviewErrorBoundary, decisionNotUnderstood, reviewMeta } from "~/components/ReviewPage";
import { ReviewItem } from "~/components/ReviewItem";
import { guard } from "~/lib/directory/index.server";
import { reviewStoreOf } from "~/lib/directory/stores.server";
import { confirmationPublication, parseConfirmationEdits } from "~/lib/submissions/confirmation-decisions";
import {
  REVIEW_FORM_MAX_BYTES,
  planDecision,
  readReviewForm,
  utcDate,
  type FieldErrors,
} from "~/lib/submissions/decisions";
import { isUrgent } from "~/lib/submissions/queue";
import { REVIEW_NO_STORE, backToQueue, reviewedIdOf } from "~/lib/submissions/review-route.server";
import type { PendingSubmission, WritableColumn } from "~/lib/directory/submission-store";
import { readSubmission } from "~/lib/submissions/submit.server";
import { TEXT_MESSAGES } from "~/lib/submissions/text";
import { reviewHeaders } from "~/lib/web/cache-control";
import { notFound } from "~/lib/web/route.server";

export const headers = reviewHeaders;

export const meta = reviewMeta("Review a submission");

export async function loader(args: LoaderFunctionArgs) {
  const { env, id } = await reviewedIdOf(args, args.params.submissionId);
  const store = reviewStoreOf(env);
  const submission = await guard(store.getSubmission(id));
  if (!submission) notFound();
  if (submission.status !== "pending") {
    const { status, reviewedAt, reviewedBy } = submission;
    return data({ pending: null, decided: { status, reviewedAt, reviewedBy } }, { headers: REVIEW_NO_STORE });
  }
  const listing = submission.restaurantId === null ? null : await guard(store.getListing(submission.restaurantId));
  const pending: PendingSubmission = { ...submission, urgent: isUrgent(submission), restaurant: listing };
  return data({ pending, decided: null }, { headers: REVIEW_NO_STORE });
}

/** The form's fields as typed (the last value of each name), to show them again. */
function typedValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  form.forEach((value, name) => {
    if (typeof value === "string") values[name] = value;
  });
  return values;
}

function refused(errors: FieldErrors, values: Record<string, string>) {
  return data(
    { answer: "refused" as const, errors, values },
    { status: 400, statusText: "Bad Request", headers: REVIEW_NO_STORE },
  );
}

function conflict(answer: "stale" | "closed") {
  return data(
    { answer, errors: {} as FieldErrors, values: undefined },
    { status: 409, statusText: "Conflict", headers: REVIEW_NO_STORE },
  );
}

function alreadyDecided(): never {
  throw data(null, { status: 409, statusText: "Conflict", headers: REVIEW_NO_STORE });
}

/** The message for a value the table refused (the app's own checks let it through). */
function refusalMessage(column: WritableColumn | null): string {
  if (column === "website_url") return TEXT_MESSAGES.website;
  if (column === "menu_url") return TEXT_MESSAGES.menu;
  return "The database refused this value. Nothing was saved.";
}

export async function action(args: ActionFunctionArgs) {
  const { env, reviewer, id } = await reviewedIdOf(args, args.params.submissionId);
  const form = await readSubmission(args.request, REVIEW_FORM_MAX_BYTES);
  const values = typedValues(form);
  const read = readReviewForm(form);
  if (!read.ok) return refused(read.errors, values);

  const store = reviewStoreOf(env);
  const submission = await guard(store.getSubmission(id));
  if (!submission) notFound();
  if (submission.status !== "pending") alreadyDecided();
  const listing = submission.restaurantId === null ? null : await guard(store.getListing(submission.restaurantId));

  const now = new Date();
  // A confirmation is published (never a write to the listing), with the reviewer's edits of its texts.
  if (submission.kind === "confirmation" && read.form.decision === "approve") {
    const publication = confirmationPublication(submission, parseConfirmationEdits(form));
    if (!publication.ok) return refused(publication.errors, values);
    const published = await guard(
      store.publishConfirmations([publication.publication], reviewer.email, now.toISOString()),
    );
    // Decided by someone else between the read and the write: nothing was published.
    if (published.length === 0) return alreadyDecided();
    return backToQueue();
  }
  const plan = planDecision(submission, read.form, listing, utcDate(now));
  if (!plan.ok) return plan.status === 400 ? refused(plan.errors, values) : conflict(plan.reason);

  const decided = await guard(
    store.decide({
      id,
      status: read.form.decision === "approve" ? "approved" : "rejected",
      reviewer: reviewer.email,
      reviewedAt: now.toISOString(),
      write: plan.write,
    }),
  );
  switch (decided.outcome) {
    case "decided":
      return backToQueue();
    case "conflict":
      // Decided by someone else between the read and the write: nothing was changed.
      return alreadyDecided();
    case "stale":
      return conflict("stale");
    case "refused":
      return refused({ [decided.column ?? "decision"]: refusalMessage(decided.column) }, values);
  }
}

const ANSWERS = {
  refused: "Not saved: please correct the highlighted fields.",
  stale:
    "Not saved: the listing changed since you loaded this form, so nothing was written. Here it is as it is now; decide again.",
  closed:
    "Not saved: this restaurant is marked closed. Reject the report, or approve it with 'Reopen' if the restaurant is in business again.",
} as const;

export default function ReviewSubmission() {
  const { pending, decided } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <BackToQueue />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Review a submission</h1>
      {answer ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-800 bg-red-50 p-4 font-medium text-red-900"
          data-testid="review-answer"
        >
          {ANSWERS[answer.answer]}
        </p>
      ) : null}
      {decided ? (
        <p className="mt-4 text-slate-700" data-testid="review-decided">
          Already decided: {decided.status} by {decided.reviewedBy ?? "someone"} at {decided.reviewedAt}.
        </p>
      ) : null}
      {pending ? (
        <div className="mt-6">
          {pending.kind === "confirmation" ? (
            <ConfirmationReviewItem
              submission={pending}
              errors={answer?.errors}
              values={answer?.answer === "refused" ? answer.values : undefined}
            />
          ) : (
            <ReviewItem
              // A new form after each answer: a stale one starts again from the listing as it is now.
              key={`${pending.restaurant?.version ?? 0}-${answer?.answer ?? ""}`}
              submission={pending}
              errors={answer?.errors}
              values={answer?.answer === "refused" ? answer.values : undefined}
            />
          )}
        </div>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <ReviewErrorBoundary
      action="Back to the queue"
      statusHandlers={{
        400: decisionNotUnderstood,
        409: () => (
          <ErrorPage title="Already decided" message="This submission has already been decided. Nothing was changed." />
        ),
      }}
    />
  );
}
