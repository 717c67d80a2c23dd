// The review queue (docs/routes.md): pending submissions, oldest first, for the team, behind
// Cloudflare Access (app/lib/web/access.server.ts). Never cached, never indexed.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ErrorPage, GeneralErrorBoundary, directoryUnavailable, pageNotFound } from "~/components/GeneralErrorBoundary";
import { ReviewItem } from "~/components/ReviewItem";
import { guard, reviewStoreOf } from "~/lib/directory/index.server";
import { QUEUE_PAGE_SIZE } from "~/lib/submissions/store";
import { requireReviewer } from "~/lib/web/access.server";
import { pageTitle } from "~/lib/web/site";

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle(matches, "Review queue") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { env } = context.cloudflare;
  const reviewer = await requireReviewer(request, env);
  const pending = await guard(reviewStoreOf(env).listPending(QUEUE_PAGE_SIZE));
  return data({ reviewer: reviewer.email, pending }, { headers: { "Cache-Control": "no-store" } });
}

export default function ReviewQueue() {
  const { reviewer, pending } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Review queue</h1>
      <p className="mt-2 text-slate-700">
        Signed in as {reviewer}.{" "}
        {pending.length === 0 ? "Nothing is waiting." : `${pending.length} waiting, oldest first.`}
      </p>
      <div className="mt-8 space-y-8">
        {pending.map((submission) => (
          <ReviewItem key={submission.id} submission={submission} />
        ))}
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: () => <ErrorPage alert title="Forbidden" message="You do not have access to this page." />,
        404: pageNotFound,
        503: directoryUnavailable,
      }}
    />
  );
}
