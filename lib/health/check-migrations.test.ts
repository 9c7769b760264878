import { describe, expect, it } from "vitest";
import type { MigrationStatus } from "@/lib/db/migration-status";
import { checkMigrations } from "./check-migrations";

const upToDate: MigrationStatus = { shipped: 2, applied: 2, pending: [], failed: [], modified: [], unknown: [] };
const run = (status: Partial<MigrationStatus>) => checkMigrations(async () => ({ ...upToDate, ...status }));

describe("checkMigrations", () => {
  it("passes when every shipped migration is applied", async () => {
    expect(await run({})).toEqual({ status: "pass", observedValue: { applied: 2, shipped: 2 } });
  });

  it("fails on pending migrations, naming them", async () => {
    expect(await run({ applied: 1, pending: ["002_keys"] })).toEqual({
      status: "fail",
      observedValue: { applied: 1, shipped: 2 },
      output: "pending: 002_keys",
    });
  });

  it("fails on a failed migration", async () => {
    expect(await run({ applied: 1, pending: ["002_keys"], failed: ["002_keys"] })).toMatchObject({
      status: "fail",
      output: "pending: 002_keys; failed: 002_keys",
    });
  });

  it("warns on modified or unknown migrations", async () => {
    expect(await run({ modified: ["001_init"] })).toMatchObject({ status: "warn", output: "modified: 001_init" });
    expect(await run({ applied: 3, unknown: ["003_next_release"] })).toMatchObject({
      status: "warn",
      observedValue: { applied: 3, shipped: 2 },
    });
  });
});
