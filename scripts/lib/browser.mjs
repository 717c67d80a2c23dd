// Which Chromium the browser tests run in, found before `npm test` spends minutes on the
// other checks (scripts/with-chromium.mjs). In this order:
//   1. CHROMIUM_PATH, when set (and then nothing else: a wrong path is a mistake to report);
//   2. a Chromium already installed: Playwright's own (`npx playwright install chromium`),
//      else Debian's at /usr/bin/chromium;
//   3. Playwright's own, downloaded now, when its download server answers within seconds;
//   4. Debian's, installed with apt-get, for root or passwordless sudo, on CI or when the
//      person at the terminal says yes;
//   5. else a failure naming the one command that fixes it.
// nextBrowserStep() decides (pure, tested in browser.test.ts); findChromium() acts.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline/promises";
import { fileURLToPath } from "node:url";

const DEBIAN_CHROMIUM = "/usr/bin/chromium";
const PLAYWRIGHT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "node_modules", ".bin", "playwright");

/** Where Playwright keeps (or would keep) its own Chromium; honours PLAYWRIGHT_BROWSERS_PATH. */
function playwrightChromium() {
  // Loaded when asked: the unit tests of this module run under Vitest, whose `expect` and
  // Playwright's do not load side by side.
  return createRequire(import.meta.url)("@playwright/test").chromium.executablePath();
}

/** Whether `path` is a file this user may run. */
function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * What is known so far.
 * @typedef {object} BrowserFacts
 * @property {string} [chromiumPath] CHROMIUM_PATH
 * @property {string} playwrightPath Playwright's own Chromium
 * @property {string} debianPath
 * @property {(path: string) => boolean} executable
 * @property {{ playwright?: string, aptGet?: string }} failed why each attempt failed, once made
 * @property {boolean} aptGet apt-get exists here
 * @property {"root" | "sudo" | "none"} privilege root, passwordless sudo, or neither
 * @property {boolean} ci CI is set
 * @property {boolean} interactive a person at a terminal could answer a question
 * @property {boolean} [consent] their answer to "install Debian's chromium?", once asked
 */

/**
 * @typedef {{ kind: "use", path: string, source: string }
 *   | { kind: "download-playwright" }
 *   | { kind: "ask" }
 *   | { kind: "apt-get", sudo: boolean }
 *   | { kind: "fail", reason: string, fix: string }} BrowserStep
 */

/** The command that installs Debian's chromium for this user. */
export function aptCommand(/** @type {BrowserFacts["privilege"]} */ privilege) {
  return `${privilege === "root" ? "" : "sudo "}apt-get install -y chromium`;
}

/**
 * The next thing to do to have a Chromium.
 * @param {BrowserFacts} facts
 * @returns {BrowserStep}
 */
export function nextBrowserStep(facts) {
  const { chromiumPath, executable, failed } = facts;
  if (chromiumPath !== undefined && chromiumPath !== "") {
    if (executable(chromiumPath)) return { kind: "use", path: chromiumPath, source: "CHROMIUM_PATH" };
    return {
      kind: "fail",
      reason: `CHROMIUM_PATH is ${chromiumPath}, which is not an executable file.`,
      fix: "unset CHROMIUM_PATH",
    };
  }
  if (executable(facts.playwrightPath))
    return { kind: "use", path: facts.playwrightPath, source: "Playwright's Chromium" };
  if (executable(facts.debianPath)) return { kind: "use", path: facts.debianPath, source: "Debian's chromium" };
  if (failed.playwright === undefined) return { kind: "download-playwright" };

  const apt = aptCommand(facts.privilege);
  if (facts.aptGet && facts.privilege !== "none" && failed.aptGet === undefined) {
    if (facts.ci || facts.consent === true) return { kind: "apt-get", sudo: facts.privilege === "sudo" };
    if (facts.interactive && facts.consent === undefined) return { kind: "ask" };
  }

  const tried = [
    `Playwright's Chromium is not installed (${facts.playwrightPath}) and could not be downloaded: ${failed.playwright}.`,
    `${facts.debianPath} does not exist${failed.aptGet ? `, and \`${apt}\` failed: ${failed.aptGet}` : ""}.`,
  ];
  if (!facts.aptGet)
    return {
      kind: "fail",
      reason: [...tried, "There is no apt-get here to install Debian's chromium."].join("\n"),
      fix: "npx playwright install chromium   (or set CHROMIUM_PATH to a Chromium or Chrome executable)",
    };
  const why =
    facts.privilege === "none"
      ? "Installing Debian's chromium needs root or sudo."
      : facts.consent === false
        ? "You chose not to install it now."
        : failed.aptGet
          ? ""
          : "npm test installs Debian's chromium by itself only on CI (CI=true) or after a yes at a terminal.";
  return { kind: "fail", reason: [...tried, why].filter(Boolean).join("\n"), fix: apt };
}

/** Whether this user may install packages: root, or sudo without a password. */
function privilege() {
  if (process.getuid?.() === 0) return "root";
  const sudo = spawnSync("sudo", ["-n", "true"], { stdio: "ignore", timeout: 5_000 });
  return sudo.status === 0 ? "sudo" : "none";
}

const lastLines = (text, n = 4) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(-n)
    .join(" / ");

/**
 * `npx playwright install chromium`, unless its download server does not answer within a
 * few seconds (no network, or a network that lets only some registries through). Quiet;
 * returns why it failed, or undefined.
 */
async function downloadPlaywrightChromium(log) {
  const host = process.env.PLAYWRIGHT_DOWNLOAD_HOST || "https://cdn.playwright.dev";
  try {
    await fetch(host, { method: "HEAD", signal: AbortSignal.timeout(4_000) });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : String(error);
    return `${new URL(host).host} does not answer (${cause})`;
  }
  log("Downloading Playwright's Chromium (npx playwright install chromium)…");
  const result = spawnSync(PLAYWRIGHT, ["install", "chromium"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 10 * 60_000,
  });
  if (result.status === 0) return undefined;
  // Its first error says most ("Download failed: server returned code 404 …"); stack frames follow.
  const error = [...`${result.stderr ?? ""}\n${result.stdout ?? ""}`.matchAll(/^Error: (.{1,160})/gm)]
    .map((match) => match[1] ?? "")
    .find((message) => !message.endsWith("caused by"));
  return error ?? (result.error ? result.error.message : `exit ${result.status ?? result.signal}`);
}

/** `[sudo] apt-get install -y chromium`, after `apt-get update` when the package is unknown. Returns why it failed, or undefined. */
function installDebianChromium(sudo, log) {
  // sudo resets the environment: DEBIAN_FRONTEND goes through env(1).
  const apt = ["env", "DEBIAN_FRONTEND=noninteractive", "apt-get"];
  const run = (args) =>
    spawnSync(sudo ? "sudo" : apt[0], [...(sudo ? ["-n", ...apt] : apt.slice(1)), ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  log(`Installing Debian's chromium (${sudo ? "sudo " : ""}apt-get install -y chromium)…`);
  let result = run(["install", "-y", "-q", "chromium"]);
  if (result.status !== 0) {
    run(["update", "-q"]);
    result = run(["install", "-y", "-q", "chromium"]);
  }
  return result.status === 0 ? undefined : lastLines(`${result.stdout}\n${result.stderr}`);
}

async function askToInstall(command) {
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question(`No Chromium for the browser tests. Run \`${command}\` now? [y/N] `);
    return /^y(es)?$/i.test(answer.trim());
  } finally {
    prompt.close();
  }
}

/**
 * Finds (or installs) a Chromium; its path and where it came from, or a failure with the
 * command that fixes it.
 * @returns {Promise<{ path: string, source: string } | { reason: string, fix: string }>}
 */
export async function findChromium({ env = process.env, log = console.log } = {}) {
  /** @type {BrowserFacts} */
  const facts = {
    chromiumPath: env.CHROMIUM_PATH,
    playwrightPath: playwrightChromium(),
    debianPath: DEBIAN_CHROMIUM,
    executable: isExecutable,
    failed: {},
    aptGet: existsSync("/usr/bin/apt-get"),
    privilege: "none",
    ci: Boolean(env.CI) && env.CI !== "false",
    interactive: Boolean(process.stdin.isTTY && process.stdout.isTTY),
  };
  for (;;) {
    const step = nextBrowserStep(facts);
    switch (step.kind) {
      case "use":
        return { path: step.path, source: step.source };
      case "fail":
        return { reason: step.reason, fix: step.fix };
      case "download-playwright":
        facts.failed.playwright =
          (await downloadPlaywrightChromium(log)) ?? "the download ended without an executable there";
        // Only now does it matter who may install packages (sudo -n costs a process).
        facts.privilege = privilege();
        break;
      case "ask":
        facts.consent = await askToInstall(aptCommand(facts.privilege));
        break;
      case "apt-get":
        facts.failed.aptGet = installDebianChromium(step.sudo, log) ?? `it ended without ${DEBIAN_CHROMIUM}`;
        break;
    }
  }
}

/**
 * For playwright.config.ts, without installing anything: CHROMIUM_PATH, else Playwright's
 * Chromium or Debian's, whichever is installed, else Debian's path (so that Playwright's
 * error names it). `npm test` has set CHROMIUM_PATH already (scripts/with-chromium.mjs).
 */
export function installedChromium(env = process.env) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return [playwrightChromium(), DEBIAN_CHROMIUM].find(isExecutable) ?? DEBIAN_CHROMIUM;
}
