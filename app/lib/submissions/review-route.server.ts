// What the review pages' loaders and actions share (docs/routes.md): the reviewer, behind
// Cloudflare Access (app/lib/web/access.server.ts); the id a page's URL names; answers no cache
// keeps; and the 303 back to the queue once a decision is saved.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireReviewer } from "../web/access.server";
import { REVIEW_CACHE_CONTROL } from "../web/cache-control";
import { notFound, parseRestaurantId } from "../web/route.server";

type RouteArgs = Pick<LoaderFunctionArgs, "request" | "context">;

/** A review page's answers are the reviewer's alone: no cache keeps them. */
export const REVIEW_NO_STORE = { "Cache-Control": REVIEW_CACHE_CONTROL };

/** The reviewer of this request (404 when the queue is not configured, 403 without access), and the settings. */
export async function reviewerOf({ request, context }: RouteArgs) {
  const { env } = context.cloudflare;
  const reviewer = await requireReviewer(request, env);
  return { env, reviewer };
}

/** The same, then the id the URL names (`raw`, a submission's or a restaurant's): 404 when malformed. */
export async function reviewedIdOf(args: RouteArgs, raw: string | undefined) {
  const { env, reviewer } = await reviewerOf(args);
  const id = parseRestaurantId(raw);
  if (id === null) notFound();
  return { env, reviewer, id };
}

/** A decision saved: 303 back to the queue. */
export function backToQueue() {
  return redirect("/review", { status: 303, headers: REVIEW_NO_STORE });
}
