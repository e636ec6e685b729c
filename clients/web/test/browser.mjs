// What the Chromium tests of the page's player (identity.test.mjs, abandoned.test.mjs) share:
// the page and browser they are given, a tab that collects its errors, and axe-core.
//   COSMODROME_PAGE_URL    the page, with ?edge=URL
//   COSMODROME_ARTIFACTS   folder for screenshots and axe reports
//   CHROMIUM               the browser (default /usr/bin/chromium)

import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const PAGE = process.env.COSMODROME_PAGE_URL ?? "";
export const ARTIFACTS = process.env.COSMODROME_ARTIFACTS ?? "test-results";
const BROWSER = process.env.CHROMIUM ?? "/usr/bin/chromium";
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync"];
export const VIEWPORT = { width: 1100, height: 900 };
/** Why a test cannot run here, else false. */
export const skip = !PAGE ? "COSMODROME_PAGE_URL is not set (run through make test)"
  : !existsSync(BROWSER) ? `no Chromium at ${BROWSER}` : false;

/** Headless Chromium, the artifacts' folder made. */
export async function launch() {
  await mkdir(ARTIFACTS, { recursive: true });
  return chromium.launch({ executablePath: BROWSER, args: FLAGS, headless: true });
}

/** A new tab of `context` on `url`, its errors collected into `problems`. */
export async function open(context, problems, url = PAGE) {
  const page = await context.newPage();
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => m.type() === "error" && problems.push(`console: ${m.text()}`));
  await page.goto(url);
  return page;
}

/** axe-core on the page as it stands: no WCAG 2 A/AA violation; the report is kept. */
export async function accessible(page, name) {
  await page.addScriptTag({ path: AXE });
  const result = await page.evaluate(() => window.axe.run(document, { runOnly: ["wcag2a", "wcag2aa", "best-practice"] }));
  await writeFile(join(ARTIFACTS, `axe-${name}.json`), JSON.stringify(result.violations, null, 2));
  const found = result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} - ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  assert.deepEqual(found, [], `axe on ${name}`);
}
