// The review queue sits behind Cloudflare Access, and the Worker checks Access's token
// itself (docs/decisions/0015-review-queue-behind-access.md): an RS256 signature by a key
// of the team's JWKS (matched by kid), `aud` containing the application's audience tag,
// `iss` = https://{team domain}, not expired, and an `email` claim (the reviewer). Anything
// else is 403 with nothing of the queue; without ACCESS_TEAM_DOMAIN and ACCESS_AUD the
// queue does not exist (404). There is deliberately no other way in.
import { data } from "@remix-run/cloudflare";
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { isReviewPath } from "./cache-control";
import { getConfig, type AccessSettings } from "./config.server";
import { notFound } from "./route.server";

/** The token: Access's header, or its cookie for requests the edge did not annotate. */
export function accessTokenOf(request: Request): string | null {
  const header = request.headers.get("Cf-Access-Jwt-Assertion")?.trim();
  if (header) return header;
  const cookies = request.headers.get("Cookie") ?? "";
  for (const part of cookies.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === "CF_Authorization" && rest.length > 0) return rest.join("=").trim() || null;
  }
  return null;
}

/**
 * One key set per certs URL for the isolate's life: jose keeps the keys it fetched, fetches
 * again for an unknown kid (at most every 30 s) and when they are 10 minutes old.
 */
const keySets = new Map<string, JWTVerifyGetKey>();

function keySetOf(certsUrl: string): JWTVerifyGetKey {
  let keys = keySets.get(certsUrl);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(certsUrl), {
      cooldownDuration: 30_000,
      cacheMaxAge: 600_000,
      timeoutDuration: 5000,
    });
    keySets.set(certsUrl, keys);
  }
  return keys;
}

export type Reviewer = { email: string };

/** The reviewer the token names, or null when the token fails any check. */
export async function verifyAccessToken(
  token: string,
  settings: AccessSettings,
  keys: JWTVerifyGetKey = keySetOf(settings.certsUrl),
): Promise<Reviewer | null> {
  try {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ["RS256"],
      audience: settings.audience,
      issuer: `https://${settings.teamDomain}`,
      requiredClaims: ["exp"],
    });
    const email = payload.email;
    if (typeof email !== "string" || !email.includes("@") || email.length > 254) return null;
    return { email };
  } catch (error) {
    // The reason goes to the log only, never to the page.
    console.warn(`[review] Access token refused: ${error instanceof Error ? error.name : "unknown error"}`);
    return null;
  }
}

function forbidden(): never {
  throw data(null, { status: 403, statusText: "Forbidden", headers: { "Cache-Control": "no-store" } });
}

/** The reviewer of this request; 404 when the queue is not configured, 403 without a valid token. */
export async function requireReviewer(request: Request, env: Partial<Env>): Promise<Reviewer> {
  const { access } = getConfig(env);
  if (!access) notFound();
  const token = accessTokenOf(request);
  if (!token) forbidden();
  const reviewer = await verifyAccessToken(token, access);
  if (!reviewer) forbidden();
  return reviewer;
}

/**
 * The Worker's check of every request under /review (server.ts), `.data` requests included,
 * before Remix routes it: null when the request carries a valid token (or is not under
 * /review), else its status: 404 when the queue is not configured, 403 without a valid token.
 * The routes check again (requireReviewer): no route under /review is ever reached without it.
 */
export async function reviewRefusal(request: Request, env: Partial<Env>): Promise<403 | 404 | null> {
  if (!isReviewPath(new URL(request.url).pathname)) return null;
  const { access } = getConfig(env);
  if (!access) return 404;
  const token = accessTokenOf(request);
  if (!token) return 403;
  return (await verifyAccessToken(token, access)) ? null : 403;
}

/**
 * What a refused request under /review is rendered as: a GET (a HEAD stays a HEAD) of the same
 * URL with neither Access's header nor any cookie, so that the page Remix renders is the
 * route's own 403 or 404 and no action or loader can see a credential.
 */
export function withoutCredentials(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete("Cf-Access-Jwt-Assertion");
  headers.delete("Cookie");
  headers.delete("Content-Type");
  headers.delete("Content-Length");
  return new Request(request.url, { method: request.method === "HEAD" ? "HEAD" : "GET", headers });
}
