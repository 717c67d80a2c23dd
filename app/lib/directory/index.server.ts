// Chooses the directory backend from env (docs/configuration.md) and turns backend
// failures into the 503 page. Routes call `getDirectory` and `guard`, never an adapter.
import { data } from "@remix-run/cloudflare";
import type { Env } from "../../../load-context";
import { createD1Directory } from "./d1.server";
import { createSupabaseDirectory } from "./supabase.server";
import { DirectoryUnavailableError } from "./deadline";
import { type Directory } from "./port";

export type { Directory } from "./port";

export const RETRY_AFTER_SECONDS = 30;

/** The 503 response a route throws when the directory cannot answer. */
export function unavailable(): never {
  throw data(
    { message: "The restaurant directory is temporarily unavailable. Please try again in a moment." },
    { status: 503, statusText: "Service Unavailable", headers: { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" } },
  );
}

export function getDirectory(env: Env): Directory {
  const url = env.SUPABASE_URL?.trim();
  const key = env.SUPABASE_ANON_KEY?.trim();
  if (url || key) {
    // Supabase is chosen as soon as either setting is present; half a configuration is an error.
    if (!url) return misconfigured("SUPABASE_URL is missing (SUPABASE_ANON_KEY is set)");
    if (!key) return misconfigured("SUPABASE_ANON_KEY is missing (SUPABASE_URL is set)");
    return createSupabase(url, key);
  }
  if (env.DB) return createD1Directory(env.DB);
  return misconfigured("no directory backend: set the D1 binding DB, or SUPABASE_URL and SUPABASE_ANON_KEY");
}

function createSupabase(url: string, key: string): Directory {
  try {
    return createSupabaseDirectory(url, key);
  } catch (error) {
    // supabase-js refuses a malformed URL when the client is made: a configuration error too.
    return misconfigured(`Supabase client: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function misconfigured(reason: string): never {
  console.error(`[directory] ${reason}`);
  unavailable();
}

/** Awaits a directory call; an unavailable backend is logged and becomes the 503 page. */
export async function guard<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof DirectoryUnavailableError) {
      console.error(`[directory] ${error.message}`);
      unavailable();
    }
    throw error;
  }
}
