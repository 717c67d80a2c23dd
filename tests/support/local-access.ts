// A local stand-in for Cloudflare Access in integration tests: an RS256 key pair, its JWKS
// served on localhost, the review queue's settings pointing at it, and tokens signed with it,
// which the Worker checks exactly as it checks Access's (app/lib/web/access.server.ts).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll } from "vitest";

const TEAM = "team.example.test";
const AUD = "local-aud";

/** Call at the top of a test file: the keys are served from beforeAll until afterAll. */
export function useLocalAccess() {
  let certs: Server | undefined;
  let certsUrl = "";
  let privateKey: CryptoKey | undefined;
  beforeAll(async () => {
    const pair = await generateKeyPair("RS256", { extractable: true });
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "local-1", alg: "RS256", use: "sig" };
    certs = createServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => certs!.listen(0, "127.0.0.1", resolve));
    certsUrl = `http://127.0.0.1:${(certs.address() as AddressInfo).port}/cdn-cgi/access/certs`;
  });
  afterAll(async () => {
    await new Promise((resolve) => (certs ? certs.close(resolve) : resolve(undefined)));
  });
  return {
    /** The review queue's settings, pointing at the local keys. */
    vars: () => ({ ACCESS_TEAM_DOMAIN: TEAM, ACCESS_AUD: AUD, ACCESS_CERTS_URL: certsUrl }),
    /** A token for the reviewer `email`, valid for ten minutes. */
    token: (email = "reviewer@example.test") =>
      new SignJWT({ email })
        .setProtectedHeader({ alg: "RS256", kid: "local-1" })
        .setAudience(AUD)
        .setIssuer(`https://${TEAM}`)
        .setExpirationTime("10m")
        .sign(privateKey!),
  };
}
