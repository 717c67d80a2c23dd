// A decision on one submission (docs/routes.md): approve or reject, with the reviewer's
// edits (a confirmation's: its two free texts; approving publishes it); 303 back to the queue. Not pending (already decided): 409, nothing changes.
// Unknown or malformed id: 404. Behind Cloudflare Access like the queue.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ErrorPage, GeneralErrorBoundary, directoryUnavailable, pageNotFound } from "~/components/GeneralErrorBoundary";
import { guard, reviewStoreOf } from "~/lib/directory/index.server";
import { requireReviewer } from "~/lib/web/access.server";
import { decisionWrite, parseEdits, utcDate } from "~/lib/submissions/decisions";
import { confirmationPublication, parseConfirmationEdits } from "~/lib/submissions/confirmation-decisions";
import { notFound, parseRestaurantId } from "~/lib/web/route.server";
import { readSubmission } from "~/lib/submissions/submit.server";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET: the queue holds every pending submission; this address only takes decisions. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireReviewer(request, context.cloudflare.env);
  if (parseRestaurantId(params.submissionId) === null) notFound();
  return redirect("/review", { status: 303, headers: NO_STORE });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { env } = context.cloudflare;
  const reviewer = await requireReviewer(request, env);
  const id = parseRestaurantId(params.submissionId);
  if (id === null) notFound();
  const form = await readSubmission(request);
  const decision = form.get("decision");
  if (decision !== "approve" && decision !== "reject") {
    throw data(null, { status: 400, statusText: "Bad Request", headers: NO_STORE });
  }
  const store = reviewStoreOf(env);
  const submission = await guard(store.getSubmission(id));
  if (!submission) notFound();
  if (submission.status !== "pending") throw data(null, { status: 409, statusText: "Conflict", headers: NO_STORE });

  const now = new Date();
  // A confirmation is published (never a write to the listing), with the reviewer's edits of its texts.
  if (submission.kind === "confirmation" && decision === "approve") {
    const edits = parseConfirmationEdits(form);
    const publication = edits.ok ? confirmationPublication(submission, edits.edits) : edits;
    if (!publication.ok) {
      throw data({ message: publication.error }, { status: 400, statusText: "Bad Request", headers: NO_STORE });
    }
    const published = await guard(
      store.publishConfirmations([publication.publication], reviewer.email, now.toISOString()),
    );
    if (published.length === 0) throw data(null, { status: 409, statusText: "Conflict", headers: NO_STORE });
    return redirect("/review", { status: 303, headers: NO_STORE });
  }
  const edits = parseEdits(form);
  const write = edits.ok ? decisionWrite(submission, decision, edits.edits, utcDate(now)) : edits;
  if (!write.ok) throw data({ message: write.error }, { status: 400, statusText: "Bad Request", headers: NO_STORE });

  const outcome = await guard(
    store.decide({
      id,
      status: decision === "approve" ? "approved" : "rejected",
      reviewer: reviewer.email,
      reviewedAt: now.toISOString(),
      write: write.write,
    }),
  );
  // Decided by someone else between the read and the write: nothing was changed.
  if (outcome === "conflict") throw data(null, { status: 409, statusText: "Conflict", headers: NO_STORE });
  return redirect("/review", { status: 303, headers: NO_STORE });
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      action="Back to the queue"
      statusHandlers={{
        400: (error) => (
          <ErrorPage
            alert
            title="Not saved"
            message={
              typeof error.data === "object" && error.data && "message" in error.data
                ? String(error.data.message)
                : "The decision was not understood."
            }
          />
        ),
        403: () => <ErrorPage alert title="Forbidden" message="You do not have access to this page." />,
        404: pageNotFound,
        409: () => (
          <ErrorPage title="Already decided" message="This submission has already been decided. Nothing was changed." />
        ),
        503: directoryUnavailable,
      }}
    />
  );
}
