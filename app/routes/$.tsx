// Any other path: 'Page Not Found' with HTTP 404.
import { GeneralErrorBoundary, pageNotFound } from "~/components/GeneralErrorBoundary";
import { notFound } from "~/lib/web/route.server";

export async function loader() {
  notFound();
}

export async function action() {
  notFound();
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: pageNotFound }} />;
}
