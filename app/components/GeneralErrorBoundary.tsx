// The one error boundary. A route's ErrorBoundary says which page each HTTP status gets (a
// 413 has the site's own page everywhere); every other failure is the spec's 'Unexpected Application Error!' page with the status
// line or the error's message, never a stack trace or a backend's words (docs/routes.md).
import { Link, isRouteErrorResponse, useRouteError, type ErrorResponse } from "@remix-run/react";
import type { ReactElement } from "react";
import { primaryButton } from "./ui/styles";

export type StatusHandler = (error: ErrorResponse) => ReactElement;

type ErrorPageProps = {
  title: string;
  message: string;
  /** The label of the link home. */
  action?: string;
  /** Announce the page to assistive technology: for failures, not for "not found". */
  alert?: boolean;
};

export function ErrorPage({ title, message, action = "Go to Homepage", alert = false }: ErrorPageProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center" role={alert ? "alert" : undefined}>
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      <Link to="/" className={`${primaryButton} mt-8`}>
        {action}
      </Link>
    </div>
  );
}

/** 404 for a path no route serves. */
export const pageNotFound: StatusHandler = () => (
  <ErrorPage title="Page Not Found" message="Sorry, we couldn't find the page you were looking for." />
);

/** 404 for a restaurant id that is malformed or names no row (its page and its report form). */
export const restaurantNotFound: StatusHandler = () => (
  <ErrorPage
    title="Restaurant Not Found"
    message="The restaurant you are looking for may have been removed or doesn't exist."
    action="Return to Homepage"
  />
);

/** 503: the directory's backend is down, slow or not configured. */
export const directoryUnavailable: StatusHandler = () => (
  <ErrorPage
    title="We'll be right back"
    message="The restaurant directory is temporarily unavailable. Please try again in a moment."
    action="Try the Homepage"
  />
);

/**
 * 413: a form's body over its limit (app/lib/submissions/submit.server.ts), on every page with
 * a form; a route's own handler for 413 wins.
 */
const formTooLarge: StatusHandler = () => (
  <ErrorPage
    alert
    title="Too much to send"
    message="What you sent is larger than this form accepts, so nothing was saved. Please go back, shorten the longest text and send it again."
  />
);

/** The pages every boundary knows, whatever the route says. */
const SHARED_HANDLERS: Partial<Record<number, StatusHandler>> = { 413: formTooLarge };

const UNEXPECTED = "Unexpected Application Error!";

export function GeneralErrorBoundary({
  statusHandlers = {},
  action,
}: {
  /** The page for each status this route answers with on purpose. */
  statusHandlers?: Partial<Record<number, StatusHandler>>;
  /** The label of the link home on the 'Unexpected Application Error!' page. */
  action?: string;
}) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers[error.status] ?? SHARED_HANDLERS[error.status];
    if (handler) return handler(error);
    return (
      <ErrorPage alert title={UNEXPECTED} message={`${error.status} ${error.statusText || "Error"}`} action={action} />
    );
  }
  // Only the message, never the stack (production builds already replace server errors'
  // messages with a generic one).
  const message = error instanceof Error ? error.message : "Unknown error";
  return <ErrorPage alert title={UNEXPECTED} message={message} action={action} />;
}
