import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { checkPayments } from "./check-payments";
import { checkSandbox } from "./check-sandbox";

const embedded = readConfig({ NODE_ENV: "production" });
const production = readConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://db.internal/registry", SERVER_SECRET: "s".repeat(32) });

describe("checkSandbox", () => {
  it("passes with sandbox mode outside production (the embedded default is never production)", async () => {
    expect(await checkSandbox(embedded)).toEqual({ status: "pass", observedValue: true });
    expect(await checkSandbox(readConfig({ NODE_ENV: "development", DATABASE_URL: "postgres://x/y", SERVER_SECRET: "s".repeat(32) }))).toEqual({
      status: "pass",
      observedValue: true,
    });
  });

  it("warns about sandbox mode in production", async () => {
    expect(await checkSandbox(production)).toMatchObject({ status: "warn", observedValue: true, output: expect.any(String) });
  });
});

describe("checkPayments", () => {
  it("names the sandbox provider", async () => {
    expect(await checkPayments(embedded)).toEqual({ status: "pass", componentId: "sandbox", observedValue: "sandbox" });
  });
});
