// Any other path: 'Page Not Found' with HTTP 404.
import { data } from "@remix-run/cloudflare";
import { GeneralErrorBoundary, pageNotFound } from "~/components/GeneralErrorBoundary";

export async function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export async function action() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: pageNotFound }} />;
}
