import { describe, expect, it } from "vitest";
import { aptCommand, nextBrowserStep, type BrowserFacts } from "./browser.mjs";

const PLAYWRIGHT = "/home/dev/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome";
const DEBIAN = "/usr/bin/chromium";

/** A machine with no browser at all, no network for Playwright, Debian, root, no CI, no terminal. */
function facts(overrides: Partial<BrowserFacts> & { installed?: string[] } = {}): BrowserFacts {
  const { installed = [], ...rest } = overrides;
  return {
    playwrightPath: PLAYWRIGHT,
    debianPath: DEBIAN,
    executable: (path: string) => installed.includes(path),
    failed: {},
    aptGet: true,
    privilege: "root",
    ci: false,
    interactive: false,
    ...rest,
  };
}

const unreachable = { playwright: "cdn.playwright.dev does not answer (getaddrinfo ENOTFOUND cdn.playwright.dev)" };

describe("nextBrowserStep", () => {
  it("takes CHROMIUM_PATH when it is executable, before any installed browser", () => {
    expect(
      nextBrowserStep(facts({ chromiumPath: "/opt/chrome/chrome", installed: ["/opt/chrome/chrome", DEBIAN] })),
    ).toEqual({ kind: "use", path: "/opt/chrome/chrome", source: "CHROMIUM_PATH" });
  });

  it("reports a CHROMIUM_PATH that is not executable rather than looking elsewhere", () => {
    const step = nextBrowserStep(facts({ chromiumPath: "/opt/nothing", installed: [DEBIAN, PLAYWRIGHT] }));
    expect(step).toMatchObject({ kind: "fail", fix: "unset CHROMIUM_PATH" });
    expect(step.kind === "fail" && step.reason).toContain("/opt/nothing");
  });

  it("ignores an empty CHROMIUM_PATH", () => {
    expect(nextBrowserStep(facts({ chromiumPath: "", installed: [DEBIAN] }))).toMatchObject({ path: DEBIAN });
  });

  it("prefers Playwright's installed Chromium, then Debian's, and downloads nothing when one is there", () => {
    expect(nextBrowserStep(facts({ installed: [PLAYWRIGHT, DEBIAN] }))).toEqual({
      kind: "use",
      path: PLAYWRIGHT,
      source: "Playwright's Chromium",
    });
    expect(nextBrowserStep(facts({ installed: [DEBIAN] }))).toEqual({
      kind: "use",
      path: DEBIAN,
      source: "Debian's chromium",
    });
  });

  it("tries Playwright's download first when nothing is installed", () => {
    expect(nextBrowserStep(facts())).toEqual({ kind: "download-playwright" });
  });

  it("uses Playwright's Chromium once the download put it there", () => {
    expect(nextBrowserStep(facts({ failed: { playwright: "" }, installed: [PLAYWRIGHT] }))).toMatchObject({
      kind: "use",
      path: PLAYWRIGHT,
    });
  });

  it("installs Debian's chromium without asking on CI, with sudo when not root", () => {
    expect(nextBrowserStep(facts({ failed: unreachable, ci: true }))).toEqual({ kind: "apt-get", sudo: false });
    expect(nextBrowserStep(facts({ failed: unreachable, ci: true, privilege: "sudo" }))).toEqual({
      kind: "apt-get",
      sudo: true,
    });
  });

  it("asks at a terminal, and installs on yes", () => {
    expect(nextBrowserStep(facts({ failed: unreachable, interactive: true }))).toEqual({ kind: "ask" });
    expect(nextBrowserStep(facts({ failed: unreachable, interactive: true, consent: true }))).toEqual({
      kind: "apt-get",
      sudo: false,
    });
  });

  it("fails with the apt-get command on no, without a terminal, or without root or sudo", () => {
    const cases: [Partial<BrowserFacts>, string][] = [
      [{ interactive: true, consent: false }, "apt-get install -y chromium"],
      [{ interactive: false }, "apt-get install -y chromium"],
      [{ privilege: "sudo" }, "sudo apt-get install -y chromium"],
      [{ privilege: "none", ci: true, interactive: true }, "sudo apt-get install -y chromium"],
    ];
    for (const [overrides, fix] of cases) {
      const step = nextBrowserStep(facts({ failed: unreachable, ...overrides }));
      expect(step, JSON.stringify(overrides)).toMatchObject({ kind: "fail", fix });
      expect(step.kind === "fail" && step.reason).toContain("ENOTFOUND");
    }
  });

  it("does not run apt-get twice, and says why it failed", () => {
    const step = nextBrowserStep(
      facts({ failed: { ...unreachable, aptGet: "E: Unable to locate package chromium" }, ci: true }),
    );
    expect(step).toMatchObject({ kind: "fail", fix: "apt-get install -y chromium" });
    expect(step.kind === "fail" && step.reason).toContain("Unable to locate package chromium");
  });

  it("without apt-get, points at Playwright's own download", () => {
    const step = nextBrowserStep(facts({ failed: unreachable, aptGet: false, ci: true }));
    expect(step).toMatchObject({ kind: "fail" });
    expect(step.kind === "fail" && step.fix).toMatch(/^npx playwright install chromium/);
  });
});

describe("aptCommand", () => {
  it("needs sudo unless root", () => {
    expect(aptCommand("root")).toBe("apt-get install -y chromium");
    expect(aptCommand("sudo")).toBe("sudo apt-get install -y chromium");
    expect(aptCommand("none")).toBe("sudo apt-get install -y chromium");
  });
});
