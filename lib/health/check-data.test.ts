import { describe, expect, it } from "vitest";
import { readConfig } from "@/lib/config";
import { checkData } from "./check-data";

describe("checkData", () => {
  it("warns that a Vercel preview without a database serves sample data that resets", async () => {
    const outcome = await checkData(readConfig({ VERCEL: "1", VERCEL_ENV: "preview", NODE_ENV: "production" }));
    expect(outcome).toMatchObject({ status: "warn", observedValue: "preview", output: expect.stringMatching(/^preview data, resets/) });
  });

  it("passes for the embedded default and a configured database", async () => {
    expect(await checkData(readConfig({ NODE_ENV: "development" }))).toEqual({ status: "pass", observedValue: "embedded" });
    const postgres = readConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://db/x", SERVER_SECRET: "s".repeat(32) });
    expect(await checkData(postgres)).toEqual({ status: "pass", observedValue: "postgresql" });
  });
});
