// The banner of a Vercel preview on sample data, in real Chromium: shown above the header on the
// explorer's pages, in a landmark of its own, with no axe violation (WCAG 2.1 AA and best
// practice), and readable in the dark scheme too.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type StartedApp } from "../support/app";
import { chromiumAvailable, launchChromium } from "../support/browser";

const available = chromiumAvailable();
let app: StartedApp;
let browser: Browser;

beforeAll(async () => {
  if (!available) return;
  // The data directory is a test's own (a preview's default is the system temporary directory).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tr-preview-"));
  [app, browser] = await Promise.all([
    startApp({ database: "pglite", dataDir, env: { VERCEL: "1", VERCEL_ENV: "preview" } }),
    launchChromium(),
  ]);
  const stop = app.stop;
  app.stop = async () => {
    await stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe.skipIf(!available)("the preview banner", () => {
  it("says 'preview data, resets' first thing on every explorer page, with no axe violation", async () => {
    const slug = ((await (await fetch(`${app.url}/api/registry/ngos?limit=1`)).json()) as { data: { slug: string }[] }).data[0]!.slug;
    const context = await browser.newContext({ colorScheme: "light" });
    for (const url of ["/", `/ngos/${slug}`, "/stats", "/docs"]) {
      const page = await context.newPage();
      await page.goto(`${app.url}${url}`);
      const banner = page.getByRole("complementary", { name: "Preview deployment" });
      await expect.poll(() => banner.isVisible()).toBe(true);
      expect(await banner.innerText()).toMatch(/^Preview data, resets\./);
      // Above the header: the first thing after the skip link.
      expect(await page.evaluate(() => document.querySelector(".skip")?.nextElementSibling?.className)).toBe("preview-banner");
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      expect(violations.map((v) => `light ${url}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      // The dark scheme changes the banner's colours only (the pages themselves are audited dark
      // by explorer-browser.test.ts): its contrast, on one page, is what it can break.
      if (url === "/") {
        await page.emulateMedia({ colorScheme: "dark" });
        expect(await page.evaluate(() => matchMedia("(prefers-color-scheme: dark)").matches)).toBe(true);
        const dark = await new AxeBuilder({ page }).include(".preview-banner").withRules(["color-contrast"]).analyze();
        expect(dark.violations.map((v) => `dark ${url}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      }
      await page.close();
    }
    await context.close();
  }, 120_000);
});
