// The entry routes and jobs use for the submissions port: the store of this request's
// backend (public key) and the review store (D1, or Supabase with the review key).
import { getConfig } from "../web/config.server";
import { createD1Review, createD1Submissions } from "./d1/submissions.server";
import { createDirectory } from "./index.server";
import type { ReviewStore, SubmissionStore } from "../submissions/store";
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
      createDirectory(backend);
      throw new Error("unreachable");
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
