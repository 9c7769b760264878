import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isForbiddenAddress } from "./forbidden-address";
import { CUT_OFF, sendWebhook } from "./send-webhook";

let server: http.Server;
let port = 0;
let hits = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    hits++;
    if (request.url === "/redirect") response.writeHead(302, { Location: "/ok" }).end();
    else if (request.url === "/slow") setTimeout(() => response.end("late"), 2_000);
    else response.writeHead(200).end("x".repeat(5_000));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const open = { timeoutMs: 1_000, allowPrivateTargets: true };
const guarded = { timeoutMs: 1_000, allowPrivateTargets: false };

describe("sendWebhook", () => {
  it("refuses private targets by address and, for names, at connect time", async () => {
    const before = hits;
    for (const url of [`http://127.0.0.1:${port}/`, "http://10.0.0.1/", "http://169.254.169.254/latest", "http://[::1]:1/", `http://localhost:${port}/`]) {
      const outcome = await sendWebhook(url, {}, "{}", guarded);
      expect({ url, status: outcome.status, error: outcome.error }).toEqual({ url, status: null, error: expect.stringMatching(/^refused/) });
    }
    expect(hits).toBe(before);
  });

  it("does not follow redirects, keeps a short snippet, and times out", async () => {
    expect(await sendWebhook(`http://127.0.0.1:${port}/redirect`, {}, "{}", open)).toMatchObject({ status: 302, error: "redirect (302) not followed" });
    const ok = await sendWebhook(`http://127.0.0.1:${port}/`, {}, "{}", open);
    expect(ok).toMatchObject({ status: 200, error: null });
    expect(ok.snippet!.length).toBeLessThanOrEqual(512);
    expect(await sendWebhook(`http://127.0.0.1:${port}/slow`, {}, "{}", open)).toMatchObject({ status: null, error: "timeout after 1000 ms" });
  });

  it("is cut off by its signal before an answer, and sends nothing once the signal has fired", async () => {
    const stop = new AbortController();
    const pending = sendWebhook(`http://127.0.0.1:${port}/slow`, {}, "{}", { ...open, timeoutMs: 5_000, signal: stop.signal });
    setTimeout(() => stop.abort(), 100);
    const started = Date.now();
    expect(await pending).toMatchObject(CUT_OFF);
    expect(Date.now() - started).toBeLessThan(1_000);
    const before = hits;
    expect(await sendWebhook(`http://127.0.0.1:${port}/`, {}, "{}", { ...open, signal: stop.signal })).toMatchObject(CUT_OFF);
    expect(hits).toBe(before);
  });
});

describe("isForbiddenAddress", () => {
  it("knows private, loopback, link-local, metadata and mapped addresses from public ones", () => {
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.100.100.200", "0.0.0.0", "::1", "fe80::1", "fd00:ec2::254", "::ffff:127.0.0.1", "not-an-ip"]) {
      expect({ address, forbidden: isForbiddenAddress(address) }).toEqual({ address, forbidden: true });
    }
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"]) {
      expect({ address, forbidden: isForbiddenAddress(address) }).toEqual({ address, forbidden: false });
    }
  });
});
