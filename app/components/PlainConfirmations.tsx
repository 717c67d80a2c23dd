// The review queue's quick way through plain confirmations (a diner ate safely and wrote no
// note): one form lists them with a checkbox each, to approve or reject the ones ticked, or
// all listed, in one post (POST /review). A plain form: it works without JavaScript.
import { Form, Link } from "@remix-run/react";
import type { PendingSubmission } from "~/lib/directory/submission-store";
import { confirmationFacts } from "./ConfirmationReviewItem";
import { focusRing, primaryButton, secondaryButton } from "./ui/styles";

export function PlainConfirmations({ submissions }: { submissions: PendingSubmission[] }) {
  if (submissions.length === 0) return null;
  return (
    <section
      aria-labelledby="plain-confirmations-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="plain-confirmations"
    >
      <h2 id="plain-confirmations-title" className="text-lg font-semibold text-slate-900">
        Confirmations without a note ({submissions.length})
      </h2>
      <p className="text-sm text-slate-700">
        Diners who ate safely and wrote no note. Tick the ones to decide, or approve every one listed.
      </p>
      <Form method="post" action="/review" className="mt-4 space-y-4">
        <ul className="divide-y divide-slate-100">
          {submissions.map((submission) => {
            const facts = confirmationFacts(submission.payload);
            const id = `bulk-${submission.id}`;
            return (
              <li key={submission.id} className="flex items-start gap-3 py-2" data-testid="plain-confirmation">
                <input type="hidden" name="listed" value={submission.id} />
                <input
                  id={id}
                  type="checkbox"
                  name="id"
                  value={submission.id}
                  className={`mt-1 h-5 w-5 shrink-0 accent-emerald-700 ${focusRing}`}
                />
                <label htmlFor={id} className="text-sm text-slate-900">
                  <span className="font-semibold">{submission.restaurant?.name ?? "—"}</span> · {facts.visited} ·{" "}
                  {facts.condition} · {facts.outcome}
                  {facts.staff !== "—" ? ` · ${facts.staff}` : ""}
                  {facts.seen !== "—" ? ` · Saw: ${facts.seen}` : ""}
                  {facts.ordered !== "—" ? ` · Ordered: ${facts.ordered}` : ""}
                </label>
                {submission.restaurant ? (
                  <Link
                    to={`/restaurant/${submission.restaurant.id}`}
                    className="ml-auto shrink-0 text-sm text-emerald-800 underline"
                  >
                    Listing
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="decision" value="approve" className={primaryButton}>
            Approve ticked
          </button>
          <button type="submit" name="decision" value="approve-all" className={secondaryButton}>
            Approve all {submissions.length} listed
          </button>
          <button type="submit" name="decision" value="reject" className={secondaryButton}>
            Reject ticked
          </button>
        </div>
      </Form>
    </section>
  );
}
