// /robots.txt: every public page may be crawled (searches that should stay out of indexes say
// noindex themselves); the sitemap index is at /sitemap.xml (docs/seo.md).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { EDGE_POLICY } from "~/lib/web/cache-control";
import { robotsTxt } from "~/lib/seo/sitemap";

export async function loader({ request }: LoaderFunctionArgs) {
  return new Response(robotsTxt(new URL(request.url).origin), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": EDGE_POLICY.sitemap },
  });
}
