// The hosted donation widget in real Chromium: an NGO page on an allowlisted origin frames it
// (directly, and through /embed.js), it resizes, takes a sandbox donation and tells its parent;
// a page on another origin gets no widget (the browser refuses it, by CSP); a keyboard alone
// completes a donation; axe finds no serious or critical violation. Screenshots: test-results/.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import type { StartedApp } from "../support/app";
import { startAppWithKeys, type CreatedKeys } from "../support/app-with-keys";
import { chromiumAvailable, launchChromium, recordCspViolations } from "../support/browser";
import { ROOT } from "../support/root";

const available = chromiumAvailable();
const DEMO = SAMPLE_FIXTURES.donationDemo;
const SHOTS = path.join(ROOT, "test-results");

type HostSite = { origin: string; setPage(html: string): void; close(): Promise<void> };

/** An NGO's website on an origin of its own (another port is another origin). */
async function hostSite(): Promise<HostSite> {
  let html = "";
  const server = http.createServer((_, response) => response.writeHead(200, { "Content-Type": "text/html" }).end(html));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setPage: (text) => (html = text),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// Records what reaches the host page: every message (with its origin) and the loader's events.
const RECORDER = `<script>
window.messages = []; window.events = [];
addEventListener("message", function (e) {
  window.messages.push({ origin: e.origin, data: e.data });
  var f = document.querySelector("iframe");
  if (e.data && e.data.type === "resize" && f && !document.querySelector("script[data-ngo]")) f.style.height = e.data.height + "px";
});
["donation.started", "donation.succeeded", "donation.failed"].forEach(function (t) {
  document.addEventListener(t, function (e) { window.events.push({ type: t, detail: e.detail }); });
});
</script>`;

let app: StartedApp;
let keys: CreatedKeys<"embed">;
let allowed: HostSite;
let foreign: HostSite;
let browser: Browser;

beforeAll(async () => {
  if (!available) return;
  [allowed, foreign] = await Promise.all([hostSite(), hostSite()]);
  [{ app, keys }, browser] = await Promise.all([
    startAppWithKeys({ embed: { name: "NGO site", kind: "publishable", ngo: DEMO, origins: [allowed.origin] } }, { env: { PAYMENTS_SANDBOX_SETTLE_MS: "500" } }),
    launchChromium(),
  ]);
  fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
  await allowed?.close();
  await foreign?.close();
});

const widgetUrl = () => `${app.url}/embed/donate/${DEMO}?key=${keys.embed.key}`;
const iframePage = () => `<!doctype html><title>NGO</title><h1>Our NGO</h1>${RECORDER}<iframe title="Donation form" src="${widgetUrl()}" style="width:480px;height:200px;border:0"></iframe>`;

async function widgetFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().find((f) => f.url().startsWith(`${app.url}/embed/donate/`))?.url(), { timeout: 15_000 }).toBeDefined();
  const frame = page.frames().find((f) => f.url().startsWith(`${app.url}/embed/donate/`)) as Frame;
  await frame.getByRole("button", { name: "Donate" }).waitFor({ timeout: 15_000 });
  return frame;
}

async function donate(frame: Frame, card = "4242 4242 4242 4242"): Promise<void> {
  await frame.getByLabel("Card number").fill(card);
  await frame.getByRole("button", { name: "Donate" }).click();
  await frame.getByText("Thank you!").waitFor({ timeout: 15_000 });
}

describe.skipIf(!available)("the donation widget in Chromium", () => {
  it("renders on an allowlisted site, resizes, takes a donation and tells the exact parent", async () => {
    allowed.setPage(iframePage());
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    recordCspViolations(page, errors);
    await page.goto(allowed.origin);
    const frame = await widgetFrame(page);
    await expect.poll(async () => (await page.locator("iframe").boundingBox())?.height, { timeout: 10_000 }).toBeGreaterThan(400);
    await expect(frame.getByText("Sandbox", { exact: true }).isVisible()).resolves.toBe(true);
    await donate(frame);
    const messages = (await page.evaluate("window.messages")) as { origin: string; data: { type: string; intent_id?: string; amount?: number; currency?: string } }[];
    const succeeded = messages.find((m) => m.data.type === "donation.succeeded");
    expect(succeeded?.origin).toBe(app.url);
    expect(succeeded?.data).toMatchObject({ intent_id: expect.stringMatching(/^di_/), amount: 250000, currency: "KES" });
    expect(messages.map((m) => m.data.type)).toContain("donation.started");
    expect(messages.every((m) => m.origin === app.url)).toBe(true);
    await page.screenshot({ path: path.join(SHOTS, "donation-widget-host.png"), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("is refused by the browser on a site outside the allowlist", async () => {
    foreign.setPage(iframePage());
    const page = await browser.newPage();
    await page.goto(foreign.origin);
    await page.locator("iframe").waitFor();
    await page.waitForTimeout(1500);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    // Chromium replaces a frame that CSP refused with its own error page: no widget in it.
    expect(frame?.url()).not.toContain("/embed/donate/");
    expect(await page.evaluate("window.messages.length")).toBe(0);
    const preview = await browser.newPage();
    foreign.setPage(`<!doctype html><title>x</title>${RECORDER}<iframe title="Preview" src="${app.url}/embed/donate/${DEMO}?preview=1"></iframe>`);
    await preview.goto(foreign.origin);
    await preview.waitForTimeout(1500);
    expect(preview.frames().find((f) => f !== preview.mainFrame())?.url()).not.toContain("/embed/donate/");
    await Promise.all([page.close(), preview.close()]);
  });

  it("works through /embed.js: one tag inserts it, and the host gets DOM events", async () => {
    allowed.setPage(`<!doctype html><title>NGO</title><h1>Give</h1>${RECORDER}<script src="${app.url}/embed.js" data-ngo="${DEMO}" data-key="${keys.embed.key}" async></script>`);
    const page = await browser.newPage();
    await page.goto(allowed.origin);
    const frame = await widgetFrame(page);
    await expect.poll(async () => (await page.locator("iframe").boundingBox())?.height, { timeout: 10_000 }).toBeGreaterThan(400);
    await donate(frame, "4000 0000 0000 0259");
    const events = (await page.evaluate("window.events")) as { type: string; detail: { intent_id?: string } }[];
    expect(events.map((e) => e.type)).toEqual(["donation.started", "donation.succeeded"]);
    expect(events[1]?.detail.intent_id).toMatch(/^di_/);
    await page.close();
  });

  it("tells the parent why a card was declined", async () => {
    allowed.setPage(iframePage());
    const page = await browser.newPage();
    await page.goto(allowed.origin);
    const frame = await widgetFrame(page);
    await frame.getByLabel("Card number").fill("4000000000009995");
    await frame.getByRole("button", { name: "Donate" }).click();
    await frame.getByText("insufficient funds").waitFor({ timeout: 15_000 });
    const messages = (await page.evaluate("window.messages")) as { data: { type: string; reason?: string } }[];
    expect(messages.find((m) => m.data.type === "donation.failed")?.data.reason).toBe("insufficient_funds");
    await page.close();
  });

  it("can be completed with the keyboard alone", async () => {
    const page = await browser.newPage();
    await page.goto(widgetUrl());
    const focused = () => page.evaluate(() => document.activeElement?.id ?? "");
    for (let i = 0; i < 30 && (await focused()) !== "amt"; i++) await page.keyboard.press("Tab");
    await page.keyboard.type("150.50");
    for (let i = 0; i < 30 && (await focused()) !== "card"; i++) await page.keyboard.press("Tab");
    await page.keyboard.type("4242424242424242");
    for (let i = 0; i < 30 && (await focused()) !== "go"; i++) await page.keyboard.press("Tab");
    expect(await focused()).toBe("go");
    await page.keyboard.press("Enter");
    await expect.poll(() => page.locator("#done").isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator("#done-text").innerText()).toMatch(/150[.,]50/);
    await page.close();
  });

  it("passes an accessibility audit, and is screenshotted at desktop and phone widths", async () => {
    for (const [name, width] of [["desktop", 1280], ["360px", 360]] as const) {
      // axe opens pages of its own in the page's context: a context of our making.
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await page.goto(widgetUrl());
      await page.getByRole("button", { name: "Donate" }).waitFor();
      await page.locator("details summary").click();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, `donation-widget-${name}.png`), fullPage: true });
      await context.close();
    }
  });
});
