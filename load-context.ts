// The typed load context every loader and action receives: the Worker's env and
// execution context, plus the CSP nonce made for this response (server.ts).
import type { PlatformProxy } from "wrangler";

export interface Env {
  DB?: D1Database;
  SITE_NAME?: string;
  SUPPORT_EMAIL?: string;
  SUPPORT_PHONE?: string;
  HQ_ADDRESS?: string;
  SUPABASE_URL?: string;
  SUPABASE_ANON_KEY?: string;
  /** When set, the only other origins photos may come from (CSP img-src); unset: any https host. */
  PHOTO_HOSTS?: string;
}

type Cloudflare = Omit<PlatformProxy<Env>, "dispose">;

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    cloudflare: Cloudflare;
    nonce: string;
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
}: {
  request: Request;
  context: { cloudflare: Cloudflare };
  nonce?: string;
}) {
  return { cloudflare: context.cloudflare, nonce: nonce ?? createNonce() };
}
