// The review store for a request or a job: the backend's, or the 503 page (logged) when the
// backend cannot be written by the review (Supabase without its review key).
import { unavailable } from "./index.server";
import { reviewOf } from "./submissions.server";
import type { ReviewStore } from "../submissions/store";

export function reviewStoreOf(env: Partial<Env>): ReviewStore {
  const review = reviewOf(env);
  if (review.store) return review.store;
  console.error(`[review] ${review.reason}`);
  unavailable();
}
