// axe-core in the page under test: its script evaluated through the browser's debugging
// protocol (which no Content-Security-Policy stops), then run on the whole document, with the
// rules of WCAG 2.1 A and AA. A page without JavaScript is checked as the same URL opened in a
// page of its own whose scripts are refused, so axe itself can run.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";

let source: string | null = null;

type AxeResult = { violations: { id: string; nodes: { target: string[] }[] }[] };

async function run(page: Page): Promise<string[]> {
  source ??= readFileSync(join(process.cwd(), "node_modules", "axe-core", "axe.min.js"), "utf8");
  await page.evaluate(`${source};undefined`);
  const result = (await page.evaluate(
    `axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } })`,
  )) as AxeResult;
  return result.violations.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(" ")}`));
}

/** The page's axe violations, each as 'rule: target' (none: an empty list). */
export async function axeViolations(page: Page, javaScriptEnabled = true): Promise<string[]> {
  if (javaScriptEnabled) return run(page);
  const browser = page.context().browser()!;
  const context = await browser.newContext({ viewport: page.viewportSize(), javaScriptEnabled: true });
  try {
    const plain = await context.newPage();
    await plain.route(/\.m?js(\?|$)/, (route) => route.abort());
    await plain.goto(page.url());
    return await run(plain);
  } finally {
    await context.close();
  }
}
