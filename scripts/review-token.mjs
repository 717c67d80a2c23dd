#!/usr/bin/env node
// Opens the review queue on your own machine (README, "The review queue"): makes a key pair,
// serves its public key on localhost as Cloudflare Access serves a team's keys, and prints
// a signed token and the settings that point a local server at those keys. Keep it running
// while you use the queue; the keys die with it.
//
//   node scripts/review-token.mjs [--port 8796] [--email you@example.test]
import { parseArgs } from "node:util";
import { startLocalAccess } from "./lib/access-keys.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8796" },
    email: { type: "string", default: "reviewer@example.test" },
    help: { type: "boolean", default: false },
  },
});

if (values.help) {
  console.log("node scripts/review-token.mjs [--port N] [--email ADDRESS]");
  process.exit(0);
}

const access = await startLocalAccess({ port: Number(values.port) });
const token = await access.sign({ email: values.email });
const vars = access.vars.map((v) => `--var ${v}`).join(" ");

console.log(`Local Access keys served at ${access.certsUrl}

1. Start the site with the queue on (another terminal):

   npm start -- ${vars}

   (or put the three settings in .dev.vars as NAME=value lines)

2. Open http://localhost:8787/review with this token, valid 8 hours, for ${values.email}:

   ${token}

   In the browser: add a cookie named CF_Authorization with the token as its value for
   localhost (developer tools → Application → Cookies), then reload. With curl:

   curl -H "Cf-Access-Jwt-Assertion: <token>" http://localhost:8787/review

Stop with Ctrl-C.`);
