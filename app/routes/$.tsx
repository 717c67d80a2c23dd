// Any other path: 'Page Not Found' with HTTP 404 (rendered by the root error boundary).
import { data } from "@remix-run/cloudflare";

export async function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export async function action() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  return null;
}
