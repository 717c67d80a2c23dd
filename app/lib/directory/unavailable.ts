// The time budget of one backend call: a slow or failing backend becomes
// DirectoryUnavailableError, which routes turn into the 503 page.

/** The backend could not answer (unreachable, failing or too slow): the page answers 503. */
export class DirectoryUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "DirectoryUnavailableError";
  }
}

/** Runs `work` with a deadline; a timeout or failure becomes DirectoryUnavailableError. */
export async function withDeadline<T>(
  label: string,
  timeoutMs: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new DirectoryUnavailableError(`${label}: timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } catch (error) {
    if (error instanceof DirectoryUnavailableError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new DirectoryUnavailableError(`${label}: ${message}`, { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

export const QUERY_TIMEOUT_MS = 3000;
