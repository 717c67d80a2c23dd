// The Access token checks, against keys made here: only an RS256 token signed by a key of
// the team's set (by kid), for this audience, from this team, unexpired and naming an email
// passes; each other token is refused.
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { type AccessSettings, getConfig } from "./config.server";
import { accessTokenOf, requireReviewer, verifyAccessToken } from "./access.server";

const settings: AccessSettings = {
  teamDomain: "team.example.test",
  audience: "aud-tag-1234",
  certsUrl: "https://team.example.test/cdn-cgi/access/certs",
};

type Keys = Awaited<ReturnType<typeof generateKeyPair>>;
let signing: Keys;
let stranger: Keys;
let jwks: ReturnType<typeof createLocalJWKSet>;

beforeAll(async () => {
  signing = await generateKeyPair("RS256", { extractable: true });
  stranger = await generateKeyPair("RS256", { extractable: true });
  const jwk: JWK = { ...(await exportJWK(signing.publicKey)), kid: "key-1", alg: "RS256", use: "sig" };
  jwks = createLocalJWKSet({ keys: [jwk] });
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

type Claims = Record<string, unknown>;
const good: Claims = { email: "reviewer@example.test" };

async function token({
  claims = good,
  kid = "key-1",
  key = signing.privateKey,
  aud = settings.audience as string | string[],
  iss = `https://${settings.teamDomain}`,
  expiresIn = "1h" as string | null,
} = {}) {
  let jwt = new SignJWT(claims).setProtectedHeader({ alg: "RS256", kid }).setIssuedAt().setAudience(aud).setIssuer(iss);
  if (expiresIn) jwt = jwt.setExpirationTime(expiresIn);
  return jwt.sign(key);
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

describe("verifyAccessToken", () => {
  it("accepts a token signed by the team's key for this audience and team, and names the reviewer", async () => {
    expect(await verifyAccessToken(await token(), settings, jwks)).toEqual({ email: "reviewer@example.test" });
    // aud may be a list that contains the tag (Access sends a list).
    expect(await verifyAccessToken(await token({ aud: ["other", settings.audience] }), settings, jwks)).toEqual({
      email: "reviewer@example.test",
    });
  });

  it.each<[string, () => Promise<string>]>([
    ["a forged signature (another key, same kid)", () => token({ key: stranger.privateKey })],
    ["an unknown kid", () => token({ kid: "key-2" })],
    ["an expired token", () => token({ expiresIn: "-1m" })],
    ["a token without exp", () => token({ expiresIn: null })],
    ["another audience", () => token({ aud: "someone-else" })],
    ["another issuer", () => token({ iss: "https://evil.example.test" })],
    ["the issuer without https", () => token({ iss: `http://${settings.teamDomain}` })],
    ["no email claim", () => token({ claims: { sub: "service-token" } })],
    [
      "alg none",
      async () =>
        `${b64({ alg: "none", kid: "key-1" })}.${b64({ ...good, aud: settings.audience, iss: `https://${settings.teamDomain}`, exp: Math.floor(Date.now() / 1000) + 3600 })}.`,
    ],
    [
      "HS256 with the public key as secret",
      async () => {
        const secret = new TextEncoder().encode(JSON.stringify(await exportJWK(signing.publicKey)));
        return new SignJWT(good)
          .setProtectedHeader({ alg: "HS256", kid: "key-1" })
          .setAudience(settings.audience)
          .setIssuer(`https://${settings.teamDomain}`)
          .setExpirationTime("1h")
          .sign(secret);
      },
    ],
    [
      "a tampered payload",
      async () => {
        const [header, , signature] = (await token()).split(".");
        return `${header}.${b64({ ...good, email: "boss@example.test", aud: settings.audience, iss: `https://${settings.teamDomain}`, exp: Math.floor(Date.now() / 1000) + 3600 })}.${signature}`;
      },
    ],
    ["garbage", async () => "not.a.token"],
  ])("refuses %s", async (_label, make) => {
    expect(await verifyAccessToken(await make(), settings, jwks)).toBeNull();
  });
});

describe("accessTokenOf", () => {
  it("reads the header first, then the CF_Authorization cookie", () => {
    const both = new Request("https://x.test/review", {
      headers: { "Cf-Access-Jwt-Assertion": "from-header", Cookie: "a=1; CF_Authorization=from-cookie" },
    });
    expect(accessTokenOf(both)).toBe("from-header");
    const cookie = new Request("https://x.test/review", { headers: { Cookie: "a=1; CF_Authorization=from-cookie" } });
    expect(accessTokenOf(cookie)).toBe("from-cookie");
    expect(accessTokenOf(new Request("https://x.test/review"))).toBeNull();
  });
});

describe("requireReviewer", () => {
  const statusOf = async (request: Request, env: Partial<Env>) => {
    try {
      await requireReviewer(request, env);
      return 200;
    } catch (error) {
      return (error as { init?: { status?: number } }).init?.status;
    }
  };

  it("404 unless both ACCESS_TEAM_DOMAIN and ACCESS_AUD are set", async () => {
    const request = new Request("https://x.test/review", { headers: { "Cf-Access-Jwt-Assertion": await token() } });
    expect(await statusOf(request, {})).toBe(404);
    expect(await statusOf(request, { ACCESS_TEAM_DOMAIN: "team.example.test" } as Partial<Env>)).toBe(404);
    expect(await statusOf(request, { ACCESS_AUD: "aud" } as Partial<Env>)).toBe(404);
  });

  it("403 without a token", async () => {
    const env = { ACCESS_TEAM_DOMAIN: "team.example.test", ACCESS_AUD: "aud-tag-1234" } as Partial<Env>;
    expect(await statusOf(new Request("https://x.test/review"), env)).toBe(403);
  });

  it("the certs URL: the team's unless ACCESS_CERTS_URL replaces it", () => {
    const team = { ACCESS_TEAM_DOMAIN: "https://team.example.test/", ACCESS_AUD: "a" } as Partial<Env>;
    expect(getConfig(team).access).toEqual({
      teamDomain: "team.example.test",
      audience: "a",
      certsUrl: "https://team.example.test/cdn-cgi/access/certs",
    });
    const local = { ...team, ACCESS_CERTS_URL: "http://127.0.0.1:9999/certs" } as Partial<Env>;
    expect(getConfig(local).access?.certsUrl).toBe("http://127.0.0.1:9999/certs");
  });
});
