// The door to the writes that routes and jobs use: the submissions port's stores
// (./submission-store.ts) of the configured backend, for what visitors send
// (suggestions, reports, confirmations) and for the review queue. The reads have their door
// in ./index.server.ts; like it (and the scheduled jobs' .server files), this file may import
// the adapters.
import { getConfig } from "../web/config.server";
import type { ReviewStore, SubmissionStore } from "./submission-store";
import { misconfigured, unavailable } from "./index.server";
import { createD1Review, createD1Submissions } from "./d1/submissions.server";
import { createSupabaseReview, createSupabaseSubmissions } from "./supabase/submissions.server";

/** The submissions store of the configured backend (routes pass `context.cloudflare.env`). */
export function submissionsOf(env: Partial<Env>): SubmissionStore {
  const { backend } = getConfig(env);
  switch (backend.kind) {
    case "d1":
      return createD1Submissions(backend.db);
    case "supabase":
      return createSupabaseSubmissions(backend.url, backend.anonKey);
    case "none":
      // Logs which setting is missing and throws the 503 page.
      return misconfigured(backend.reason);
  }
}

/**
 * The review store, or null with the reason when the backend cannot be written by the review
 * (Supabase without SUPABASE_REVIEW_KEY, or no backend at all).
 */
export function reviewOf(env: Partial<Env>): { store: ReviewStore } | { store: null; reason: string } {
  const { backend, supabaseReviewKey } = getConfig(env);
  switch (backend.kind) {
    case "d1":
      return { store: createD1Review(backend.db) };
    case "supabase":
      return supabaseReviewKey
        ? { store: createSupabaseReview(backend.url, supabaseReviewKey) }
        : { store: null, reason: "SUPABASE_REVIEW_KEY is missing (the review queue writes with it)" };
    case "none":
      return { store: null, reason: backend.reason };
  }
}

/**
 * The review store for a request or a job: the backend's, or the 503 page (logged) when the
 * backend cannot be written by the review (Supabase without its review key).
 */
export function reviewStoreOf(env: Partial<Env>): ReviewStore {
  const review = reviewOf(env);
  if (review.store) return review.store;
  console.error(`[review] ${review.reason}`);
  unavailable();
}
