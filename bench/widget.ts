// The donation widget's weight and time to interactive in headless Chromium, beside a static
// HTML page holding the same form (the floor: the widget's own HTML without its script, served
// gzip-compressed by a bare node:http server), and /embed.js's compressed size. Transfer sizes
// are what Chromium received (encodedDataLength); "compressed" is gzip of the body.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";
import { launchChromium } from "../tests/support/browser";

const LOADS = 15;

export type WidgetFigures = Record<string, number>;

export async function measureWidget(baseUrl: string, embed: { key: string; ngo: string }): Promise<WidgetFigures> {
  const widgetUrl = `${baseUrl}/embed/donate/${embed.ngo}?key=${encodeURIComponent(embed.key)}`;
  const html = await (await fetch(widgetUrl)).text();
  const scripts = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "").join("\n");
  const floorHtml = html.replace(/<script[^>]*>[\s\S]*?<\/script>/g, "");
  const floor = await serveStatic(floorHtml);
  const loader = Buffer.from(await (await fetch(`${baseUrl}/embed.js`)).arrayBuffer());
  const browser = await launchChromium();
  try {
    const widget = await loadTimes(browser, widgetUrl, "#pre label");
    const floorTimes = await loadTimes(browser, floor.url, "#go");
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      "widget JS bytes (inline, gzip)": gzipSync(scripts, { level: 9 }).length,
      "widget total bytes (gzip of the page)": gzipSync(html, { level: 9 }).length,
      "widget total transfer (as received)": widget.transfer,
      "floor total bytes (gzip)": gzipSync(floorHtml, { level: 9 }).length,
      "floor total transfer (as received)": floorTimes.transfer,
      "widget time to interactive p50 ms": round(widget.p50),
      "floor time to interactive p50 ms": round(floorTimes.p50),
      "widget time to interactive p95 ms": round(widget.p95),
      "floor time to interactive p95 ms": round(floorTimes.p95),
      "embed.js bytes": loader.length,
      "embed.js bytes (gzip)": gzipSync(loader, { level: 9 }).length,
    };
  } finally {
    await browser.close();
    await floor.close();
  }
}

/**
 * Loads `url` LOADS times in fresh pages: time to interactive is when `ready` exists (the
 * widget's presets, which its script draws) after navigation start; transfer is the bytes received.
 */
async function loadTimes(browser: Browser, url: string, ready: string): Promise<{ p50: number; p95: number; transfer: number }> {
  const times: number[] = [];
  let transfer = 0;
  for (let i = 0; i < LOADS; i++) {
    const page: Page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    let bytes = 0;
    cdp.on("Network.loadingFinished", (event: { encodedDataLength: number }) => (bytes += event.encodedDataLength));
    await page.goto(url, { waitUntil: "load" });
    await page.waitForSelector(ready);
    times.push(await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return nav.domContentLoadedEventEnd;
    }));
    transfer = bytes;
    await page.close();
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)] ?? NaN, p95: times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? NaN, transfer };
}

async function serveStatic(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const body = gzipSync(html, { level: 9 });
  const server = http.createServer((_, response) => response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip" }).end(body));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
