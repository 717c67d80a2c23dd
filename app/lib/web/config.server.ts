// The Worker's configuration, validated once per isolate and env: the site settings (with
// their defaults), which directory backend answers, and which hosts may serve photos: modules
// read these settings here, not from env (the bindings, such as the rate limiter and the map
// archive, and the archive's file name MAP_ARCHIVE are read from env where they are used).
// docs/configuration.md lists them.
import { z } from "zod";
import { photoSources } from "./security-headers";
import { DEFAULT_SITE_NAME } from "./site";

const text = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value?.trim() ? value.trim() : fallback));

const optional = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const envSchema = z.object({
  SITE_NAME: text(DEFAULT_SITE_NAME),
  SUPPORT_EMAIL: text("support@safebites.example"),
  SUPPORT_PHONE: text("(555) 010-0199"),
  HQ_ADDRESS: text("100 Example Avenue, Suite 5, Portland, OR 97201"),
  SUPABASE_URL: optional,
  SUPABASE_ANON_KEY: optional,
  PHOTO_HOSTS: optional,
  ACCESS_TEAM_DOMAIN: optional,
  ACCESS_AUD: optional,
  ACCESS_CERTS_URL: optional,
  SUPABASE_REVIEW_KEY: optional,
});

type SiteSettings = {
  siteName: string;
  supportEmail: string;
  supportPhone: string;
  hqAddress: string;
};

/** Where the directory's data comes from; `none` says which setting is missing. */
export type Backend =
  | { kind: "d1"; db: D1Database }
  | { kind: "supabase"; url: string; anonKey: string }
  | { kind: "none"; reason: string };

/**
 * The review queue behind Cloudflare Access (docs/decisions/0015-review-queue-behind-access.md):
 * on only when both the team domain and the audience tag are set.
 */
export type AccessSettings = {
  /** The token's issuer must be https://{teamDomain}. */
  teamDomain: string;
  audience: string;
  /** Where the signing keys are read: https://{teamDomain}/cdn-cgi/access/certs unless ACCESS_CERTS_URL says otherwise. */
  certsUrl: string;
};

export type Config = {
  site: SiteSettings;
  backend: Backend;
  access: AccessSettings | null;
  /** Supabase's secret key for the review routes and the scheduled jobs (never public pages). */
  supabaseReviewKey: string | null;
  /** The CSP img-src sources for photos besides the site itself: any https host, or PHOTO_HOSTS (and Supabase). */
  photoSources: string[];
};

function backendOf(env: z.output<typeof envSchema>, db: D1Database | undefined): Backend {
  const url = env.SUPABASE_URL;
  const anonKey = env.SUPABASE_ANON_KEY;
  // Supabase is chosen as soon as either setting is present; half a configuration is an error.
  if (url && anonKey) return { kind: "supabase", url, anonKey };
  if (url) return { kind: "none", reason: "SUPABASE_ANON_KEY is missing (SUPABASE_URL is set)" };
  if (anonKey) return { kind: "none", reason: "SUPABASE_URL is missing (SUPABASE_ANON_KEY is set)" };
  if (db) return { kind: "d1", db };
  return { kind: "none", reason: "no directory backend: set the D1 binding DB, or SUPABASE_URL and SUPABASE_ANON_KEY" };
}

function accessOf(env: z.output<typeof envSchema>): AccessSettings | null {
  // Written with or without its scheme or a trailing slash: the host is what counts.
  const teamDomain = env.ACCESS_TEAM_DOMAIN?.replace(/^https?:\/\//i, "").replace(/\/+$/, "");
  const audience = env.ACCESS_AUD;
  if (!teamDomain || !audience) return null;
  return {
    teamDomain,
    audience,
    certsUrl: env.ACCESS_CERTS_URL ?? `https://${teamDomain}/cdn-cgi/access/certs`,
  };
}

const made = new WeakMap<object, Config>();

export function getConfig(env: Partial<Env>): Config {
  const known = made.get(env);
  if (known) return known;
  const parsed = envSchema.parse(env);
  const config: Config = {
    site: {
      siteName: parsed.SITE_NAME,
      supportEmail: parsed.SUPPORT_EMAIL,
      supportPhone: parsed.SUPPORT_PHONE,
      hqAddress: parsed.HQ_ADDRESS,
    },
    backend: backendOf(parsed, env.DB),
    access: accessOf(parsed),
    supabaseReviewKey: parsed.SUPABASE_REVIEW_KEY ?? null,
    photoSources: photoSources({ photoHosts: parsed.PHOTO_HOSTS, supabaseUrl: parsed.SUPABASE_URL }),
  };
  made.set(env, config);
  return config;
}

function isCache(value: unknown): value is Cache {
  return typeof value === "object" && value !== null && "match" in value && "put" in value;
}

/**
 * The Workers cache of this data centre (caches.default), where the page cache and the query
 * cache live; undefined outside the Workers runtime (the Vite dev server, Node tests).
 */
export function edgeCache(): Cache | undefined {
  const storage: unknown = globalThis.caches;
  if (typeof storage !== "object" || storage === null || !("default" in storage)) return undefined;
  return isCache(storage.default) ? storage.default : undefined;
}
