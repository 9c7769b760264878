// The GraphQL explorer in real Chromium: it renders, runs the seed's query against the app, and
// asks nothing of any other host, so it works with no internet.
import fs from "node:fs";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type StartedApp } from "../support/app";
import { chromiumAvailable, launchChromium, recordCspViolations } from "../support/browser";
import { ROOT } from "../support/root";

const available = chromiumAvailable();
let app: StartedApp;
let browser: Browser;

beforeAll(async () => {
  if (!available) return;
  [app, browser] = await Promise.all([startApp(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe.skipIf(!available)("the GraphQL explorer in Chromium", () => {
  it("runs the seed's query and shows the entries, loading nothing from elsewhere", async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(app.url)) foreign.push(request.url());
    });
    const failures: string[] = [];
    page.on("pageerror", (error) => failures.push(error.name));
    const violations: string[] = [];
    recordCspViolations(page, violations);

    // Ready once it has the schema (its introspection query) and the example query in its editor.
    const introspected = page.waitForResponse((r) => r.url().endsWith("/api/registry/graphql") && /__schema/.test(r.request().postData() ?? ""));
    await page.goto(`${app.url}/docs/graphql`);
    expect((await introspected).status()).toBe(200);
    await expect.poll(() => page.locator(".graphiql-query-editor").innerText(), { timeout: 20_000 }).toContain("ngos(");
    await page.getByRole("button", { name: /execute query/i }).click();
    const result = page.locator(".graphiql-response");
    // The answer's last lines name the tier: once they show, the whole answer is there. (The
    // editor may render spaces as non-breaking ones: hence \s.)
    await expect.poll(() => result.innerText(), { timeout: 20_000 }).toMatch(/"tier":\s*"public"/);
    const text = await result.innerText();
    expect(text).toContain('"trust_score"');
    expect(text.match(/"slug":/g)).toHaveLength(5);

    fs.mkdirSync(path.join(ROOT, "test-results"), { recursive: true });
    await page.screenshot({ path: path.join(ROOT, "test-results/graphql-explorer.png") });
    expect(foreign).toEqual([]);
    expect(violations).toEqual([]);
    expect(failures).toEqual([]);
  });
});
