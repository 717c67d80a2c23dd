// The typed load context every loader and action receives: the Worker's env, execution
// context and request.cf, and the CSP nonce made for this response (server.ts). The same
// shape comes from wrangler's platform proxy under `npm run dev` (vite.config.ts).
// It also carries the response's Server-Timing record, which the directory adds its backend
// and cache time to, and the markup its loaders keep for the document (app/lib/web/server-markup.tsx). `Env` itself is generated from wrangler.toml by `npm run typegen` (worker-configuration.d.ts).

import { createTiming, type Timing } from "./app/lib/web/timing.server";

declare global {
  // Secrets and optional settings that wrangler.toml does not declare (docs/configuration.md).
  interface Env {
    SUPABASE_URL?: string;
    SUPABASE_ANON_KEY?: string;
    /** When set, the only other origins photos may come from (CSP img-src); unset: any https host. docs/configuration.md. */
    PHOTO_HOSTS?: string;
  }
}

export type Cloudflare = {
  env: Env;
  ctx: { waitUntil(promise: Promise<unknown>): void };
  /** request.cf: the connection's properties (its approximate position among them). */
  cf: object | undefined;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    nonce: string;
    /** This response's Server-Timing (app/lib/web/timing.server.ts); absent only where tests call loaders directly. */
    timing?: Timing;
    /** Markup for this response's document that its loader data leaves out (app/lib/web/server-markup.tsx). */
    markup?: Map<string, string>;
  }
}

/** A fresh random nonce (128 bits, base64) for one response's Content-Security-Policy. */
export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function getLoadContext({
  context,
  nonce,
  timing,
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
  nonce?: string;
  timing?: Timing;
}) {
  return {
    cloudflare: context.cloudflare,
    nonce: nonce ?? createNonce(),
    timing: timing ?? createTiming(),
    markup: new Map<string, string>(),
  };
}
