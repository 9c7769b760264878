import { describe, expect, it } from "vitest";
import { healthResponse } from "./health-response";

describe("healthResponse", () => {
  it("answers 200 for pass and warn, 503 for fail", () => {
    expect(healthResponse({ status: "pass", version: "1.0.0" }).status).toBe(200);
    expect(healthResponse({ status: "warn", version: "1.0.0" }).status).toBe(200);
    expect(healthResponse({ status: "fail", version: "1.0.0" }).status).toBe(503);
  });

  it("is application/health+json and never cached", async () => {
    const response = healthResponse({ status: "pass", version: "1.0.0" });
    expect(response.headers.get("content-type")).toBe("application/health+json");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "pass", version: "1.0.0" });
  });
});
