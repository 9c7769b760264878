// The GraphQL explorer page: served by the app, and everything it loads comes from the app too,
// so it works with no internet. graphql-explorer-browser.test.ts renders it in Chromium.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type StartedApp } from "../support/app";

let app: StartedApp;
beforeAll(async () => {
  app = await startApp();
});
afterAll(async () => {
  await app?.stop();
});

describe("/docs/graphql", () => {
  it("is linked from the home page", async () => {
    expect(await fetch(`${app.url}/`).then((r) => r.text())).toContain('href="/docs/graphql"');
  });

  it("loads only the app's own scripts and styles, none of which reach for a CDN", async () => {
    const response = await fetch(`${app.url}/docs/graphql`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset, asset).toMatch(/^\/_next\//);
      const body = await fetch(`${app.url}${asset}`).then((r) => {
        expect(r.status, asset).toBe(200);
        return r.text();
      });
      expect(body, asset).not.toMatch(/cdn\.jsdelivr|unpkg\.com|esm\.sh|embeddable-sandbox|apollographql\.com/);
    }
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });
});
