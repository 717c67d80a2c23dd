// A diner's confirmation on the review queue (docs/routes.md): what they said,
// the restaurant it is about, a reaction in the warning style, the two free texts editable (to
// take out a name or a phone number before it is public), and approve or reject. Approving
// publishes it; the listing is never changed by it. Everything stored is shown as inert text.
import { Form, Link } from "@remix-run/react";
import type { PendingSubmission } from "~/lib/directory/submission-store";
import { confirmationTexts } from "~/lib/submissions/confirmation-decisions";
import {
  CONDITION_LABELS,
  NOTE_MAX,
  ORDERED_MAX,
  OUTCOME_LABELS,
  SEEN_LABELS,
  STAFF_LABELS,
  formatMonth,
  isCondition,
  isOutcome,
  isStaffAnswer,
  normaliseSeen,
} from "~/lib/trust/confirmations";
import { fieldLabel, inputField } from "./ui/form";
import { DecisionButtons } from "./DecisionButtons";

const text = (value: unknown) => (typeof value === "string" ? value : "");

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-900">
      {message}
    </p>
  ) : null;
}

/** What a confirmation's payload says, in words ('—' for what was not said). */
export function confirmationFacts(payload: PendingSubmission["payload"]) {
  const seen = normaliseSeen(text(payload.seen).split(","));
  return {
    condition: isCondition(payload.condition) ? CONDITION_LABELS[payload.condition] : "—",
    visited: formatMonth(text(payload.visited)) || "—",
    outcome: isOutcome(payload.outcome) ? OUTCOME_LABELS[payload.outcome] : "—",
    staff: isStaffAnswer(payload.staff) ? STAFF_LABELS[payload.staff] : "—",
    seen: seen.length ? seen.map((sign) => SEEN_LABELS[sign]).join(" · ") : "—",
    ordered: text(payload.ordered) || "—",
    reacted: payload.outcome === "reacted",
  };
}

/**
 * `errors`: why the last approval was not saved, by field (a free text too long or holding a
 * refused character; `decision`: an answer not understood), with `values` as the reviewer typed
 * them. Without an answer, a stored text that cannot be published as it stands (a row kept
 * before the text rules of issue 37) says so beside its field from the start.
 */
export function ConfirmationReviewItem({
  submission,
  errors,
  values,
}: {
  submission: PendingSubmission;
  errors?: Record<string, string>;
  values?: Record<string, string>;
}) {
  const facts = confirmationFacts(submission.payload);
  const restaurant = submission.restaurant;
  const key = (field: string) => `s${submission.id}-${field}`;
  const messages = errors ?? confirmationTexts(submission.payload).errors;
  const error = messages.decision;
  const valueOf = (field: "ordered" | "note") => values?.[field] ?? text(submission.payload[field]);
  return (
    <article
      className={`rounded-xl border bg-white p-5 shadow-sm ${facts.reacted ? "border-red-800" : "border-slate-200"}`}
      aria-labelledby={key("title")}
      data-testid="review-confirmation"
    >
      <h2 id={key("title")} className={`text-lg font-semibold ${facts.reacted ? "text-red-900" : "text-slate-900"}`}>
        {facts.reacted ? <span aria-hidden="true">⚠ </span> : null}
        Confirmation: {facts.outcome} ({facts.condition}, {facts.visited})
      </h2>
      <p className="text-sm text-slate-700">
        Received {submission.createdAt}
        {restaurant ? (
          <>
            {" "}
            about{" "}
            <Link to={`/restaurant/${restaurant.id}`} className="font-semibold text-emerald-800 underline">
              {restaurant.name ?? "—"}
            </Link>
          </>
        ) : null}
      </p>
      <dl className="mt-3 grid grid-cols-[minmax(0,10rem)_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium text-slate-700">Staff</dt>
        <dd className="text-slate-900">{facts.staff}</dd>
        <dt className="font-medium text-slate-700">Saw</dt>
        <dd className="text-slate-900">{facts.seen}</dd>
        <dt className="font-medium text-slate-700">Email</dt>
        <dd className="break-words text-slate-900">{text(submission.payload.submitter_email) || "—"}</dd>
      </dl>
      <Form method="post" action={`/review/${submission.id}`} className="mt-4 space-y-4">
        <div>
          <label htmlFor={key("ordered")} className={fieldLabel}>
            What they ordered (published as written here)
          </label>
          <input
            id={key("ordered")}
            name="ordered"
            type="text"
            maxLength={ORDERED_MAX}
            defaultValue={valueOf("ordered")}
            aria-invalid={messages.ordered ? true : undefined}
            aria-describedby={messages.ordered ? key("ordered-error") : undefined}
            className={inputField}
          />
          <FieldMessage id={key("ordered-error")} message={messages.ordered} />
        </div>
        <div>
          <label htmlFor={key("note")} className={fieldLabel}>
            Their note (published as written here)
          </label>
          <textarea
            id={key("note")}
            name="note"
            rows={3}
            maxLength={NOTE_MAX}
            defaultValue={valueOf("note")}
            aria-invalid={messages.note ? true : undefined}
            aria-describedby={messages.note ? key("note-error") : undefined}
            className={inputField}
          />
          <FieldMessage id={key("note-error")} message={messages.note} />
        </div>
        {error ? (
          <p id={key("error")} className="text-sm font-medium text-red-900">
            {error}
          </p>
        ) : null}
        <DecisionButtons approve="Approve: publish" />
      </Form>
    </article>
  );
}
