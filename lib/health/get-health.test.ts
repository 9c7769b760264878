import { describe, expect, it } from "vitest";
import { APP_VERSION } from "@/lib/version";
import { getHealth } from "./get-health";
import type { CheckOutcome, HealthCheckDefinition } from "./types";

const check = (outcome: CheckOutcome | (() => Promise<CheckOutcome>)): HealthCheckDefinition => ({
  componentType: "component",
  run: typeof outcome === "function" ? outcome : async () => outcome,
});

describe("getHealth", () => {
  it("passes when every check passes, with version, release and a time per check", async () => {
    const health = await getHealth({ "a:x": check({ status: "pass" }), "b:y": check({ status: "pass" }) });
    expect(health).toMatchObject({ status: "pass", version: APP_VERSION, releaseId: expect.any(String) });
    expect(health.checks?.["a:x"]).toEqual([{ componentType: "component", status: "pass", time: expect.any(String) }]);
  });

  it("takes the worst status of its checks", async () => {
    const warn = await getHealth({ a: check({ status: "pass" }), b: check({ status: "warn" }) });
    expect(warn.status).toBe("warn");
    const fail = await getHealth({ a: check({ status: "fail" }), b: check({ status: "warn" }) });
    expect(fail.status).toBe("fail");
  });

  it("fails a check that does not answer in time, without waiting for it", async () => {
    const started = performance.now();
    const health = await getHealth({ slow: check(() => new Promise(() => {})), fast: check({ status: "pass" }) }, 50);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(health.status).toBe("fail");
    expect(health.checks?.slow?.[0]).toMatchObject({ status: "fail", output: "timeout" });
    expect(health.checks?.fast?.[0]).toMatchObject({ status: "pass" });
  });

  it("runs the checks concurrently", async () => {
    const wait = (ms: number) => check(() => new Promise((resolve) => setTimeout(() => resolve({ status: "pass" }), ms)));
    const started = performance.now();
    await getHealth({ a: wait(300), b: wait(300), c: wait(300) });
    expect(performance.now() - started).toBeLessThan(800);
  });

  it("reports a check marked atWorst: warn as a warning when it throws or times out, never failing the probe", async () => {
    const background = (run: () => Promise<CheckOutcome>): HealthCheckDefinition => ({ componentType: "component", run, atWorst: "warn" });
    const health = await getHealth({ thrown: background(() => Promise.reject(new Error("boom"))), slow: background(() => new Promise(() => {})) }, 50);
    expect(health.status).toBe("warn");
    expect(health.checks?.thrown?.[0]).toMatchObject({ status: "warn", output: "unreachable" });
    expect(health.checks?.slow?.[0]).toMatchObject({ status: "warn", output: "timeout" });
  });

  it("reports a throwing check as failed, without its message", async () => {
    const secret = "connect ECONNREFUSED postgres://app:hunter2@db.internal:5432/registry";
    const health = await getHealth({ db: check(() => Promise.reject(new Error(secret))) });
    expect(health.status).toBe("fail");
    expect(health.checks?.db?.[0]).toMatchObject({ status: "fail", output: "unreachable" });
    expect(JSON.stringify(health)).not.toContain("hunter2");
  });
});
