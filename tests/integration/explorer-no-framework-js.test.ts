// The explorer's pages live on the Pages Router without Next's client runtime (decision:
// docs/decisions/0001-explorer-on-the-pages-router.md). This fails the day a change brings the
// framework's JavaScript back to them: their only script is /explorer.js.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_FIXTURES } from "@/lib/sample/sample-fixtures";
import { startApp, type StartedApp } from "../support/app";

let app: StartedApp;

beforeAll(async () => {
  app = await startApp();
});

afterAll(async () => {
  await app?.stop();
});

// And /docs, on the same router for the same reason (docs/decisions/0002-docs-on-the-pages-router.md).
const PAGES = ["/", `/ngos/${SAMPLE_FIXTURES.donationDemo}`, "/stats", "/?q=water&sector=water_sanitation", "/docs"];

describe("the explorer's pages in a production build", () => {
  it.each(PAGES)("%s loads /explorer.js and no framework JavaScript", async (page) => {
    const response = await fetch(`${app.url}${page}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/src="\/explorer\.js(\?[^"]*)?"/);
    // Neither router's bootstrap: the Pages Router's page data, the App Router's RSC payload.
    expect(html).not.toMatch(/\/_next\/static\/[^"']*\.js/);
    expect(html).not.toContain("__NEXT_DATA__");
    expect(html).not.toContain("self.__next_f");
  });
});
