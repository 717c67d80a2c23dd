// The review queue's specs: a server and database of their own (own-server.ts) behind a
// locally signed Access token (scripts/lib/access-keys.mjs serves the keys; the Worker checks
// the token exactly as it checks Cloudflare Access's), and browser contexts from an address of
// their own, as the reviewer or as anyone.
import { test, type Browser } from "@playwright/test";
import { startLocalAccess } from "../../scripts/lib/access-keys.mjs";
import { ownServer, type OwnServerOptions } from "./own-server";

/**
 * Call inside a serial `test.describe`, as ownServer: the keys are served from its beforeAll
 * (before the server starts, which is told where they are) until its afterAll.
 */
export function reviewServer(options: Omit<OwnServerOptions, "vars">) {
  let access: Awaited<ReturnType<typeof startLocalAccess>> | undefined;
  test.beforeAll(async () => {
    access = await startLocalAccess();
  });
  test.afterAll(async () => {
    await access?.close();
  });
  const keys = () => {
    if (!access) throw new Error("the keys are served from beforeAll");
    return access;
  };
  const server = ownServer({ ...options, vars: () => keys().vars });
  /** A token signed for the reviewer. */
  const reviewerToken = () => keys().sign({ email: "reviewer@example.test" });
  return {
    server,
    reviewerToken,
    /** A context whose requests come from `address` (CF-Connecting-IP), signed in as the reviewer when `reviewer`. */
    async contextOf(browser: Browser, javaScriptEnabled: boolean, address: string, reviewer = true) {
      const context = await browser.newContext({
        javaScriptEnabled,
        baseURL: server.origin,
        extraHTTPHeaders: { "CF-Connecting-IP": address },
      });
      if (reviewer) {
        await context.addCookies([{ name: "CF_Authorization", value: await reviewerToken(), url: server.origin }]);
      }
      return { context, page: await context.newPage() };
    },
  };
}
