// Real Chromium for browser tests: Debian's build (/usr/bin/chromium, or CHROMIUM_PATH), driven by
// playwright-core, which downloads no browser of its own.
import fs from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Without the background-networking flags Chromium keeps reaching for Google's services.
const ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Whether the browser tests can run. Where they must (CI) a missing Chromium is an error, never
 * a silent skip; elsewhere the tests are skipped with a warning (`apt-get install chromium`).
 */
export function chromiumAvailable(): boolean {
  if (fs.existsSync(CHROMIUM)) return true;
  if (process.env.CI) throw new Error(`Chromium is required here but missing at ${CHROMIUM}: apt-get install -y chromium`);
  console.warn(`No Chromium at ${CHROMIUM}: the browser tests are skipped (apt-get install chromium, or set CHROMIUM_PATH).`);
  return false;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
}

/**
 * Collects the Content-Security-Policy violations a page reports (Chromium logs each one to the
 * console: "Refused to execute inline script because it violates …"), into `sink`.
 */
export function recordCspViolations(page: Page, sink: string[]): void {
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) sink.push(`${page.url()}: ${message.text()}`);
  });
}
