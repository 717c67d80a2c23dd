/** What PostgREST (or supabase-js, for a network failure) reports as `error`. */
type PostgrestFailure = { message: string; code?: string; details?: string | null; hint?: string | null };

/** The backend's own words, for the log (never for the page). */
function failure(error: PostgrestFailure): Error {
  const code = error.code ? ` [${error.code}]` : "";
  // For a network failure supabase-js puts the cause ("connect ECONNREFUSED ...") in details.
  const cause = error.details?.split("\n").find((line) => line.startsWith("Caused by:"));
  return new Error(`${error.message}${code}${cause ? ` (${cause})` : ""}`, { cause: error });
}

/** Resolves to the response's data, or rejects with its error (withDeadline makes it a 503). */
async function dataOf<T>(response: PromiseLike<{ data: T; error: PostgrestFailure | null }>): Promise<T> {
  const { data, error } = await response;
  if (error) throw failure(error);
  return data;
}
