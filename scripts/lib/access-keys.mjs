// A stand-in for Cloudflare Access on one machine: a fresh RS256 key pair, its public key
// served as a JWKS over HTTP on localhost (the shape of https://{team}/cdn-cgi/access/certs),
// and tokens signed with it the way Access signs them (kid, aud, iss, exp, email). The Worker
// verifies these exactly as it verifies Access's: it only needs ACCESS_CERTS_URL pointed at
// this server. Used by scripts/review-token.mjs and the review queue's browser test.
import { createServer } from "node:http";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

const LOCAL_TEAM_DOMAIN = "review.localhost";
const LOCAL_AUDIENCE = "local-review-queue";

/**
 * Starts the certs server on 127.0.0.1:port (0: any free port).
 * @param {{ port?: number, teamDomain?: string, audience?: string }} [options]
 */
export async function startLocalAccess({ port = 0, teamDomain = LOCAL_TEAM_DOMAIN, audience = LOCAL_AUDIENCE } = {}) {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { extractable: true });
  const kid = `local-${Date.now().toString(36)}`;
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" }] };

  /**
   * A token as Access issues it.
   * @param {{ email?: string, expiresIn?: string }} [claims]
   */
  const sign = ({ email = "reviewer@example.test", expiresIn = "8h" } = {}) =>
    new SignJWT({ email, type: "app" })
      .setProtectedHeader({ alg: "RS256", kid })
      .setIssuer(`https://${teamDomain}`)
      .setAudience([audience])
      .setSubject(email)
      .setIssuedAt()
      .setExpirationTime(expiresIn)
      .sign(privateKey);

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/cdn-cgi/access/certs") {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify(jwks));
      return;
    }
    response.writeHead(404, { "Content-Type": "text/plain" });
    response.end("Not found\n");
  });
  await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  const certsUrl = `http://127.0.0.1:${actualPort}/cdn-cgi/access/certs`;

  return {
    teamDomain,
    audience,
    certsUrl,
    sign,
    /** The --var settings of `wrangler dev` (and npm start) that point the Worker at these keys. */
    vars: [`ACCESS_TEAM_DOMAIN:${teamDomain}`, `ACCESS_AUD:${audience}`, `ACCESS_CERTS_URL:${certsUrl}`],
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
