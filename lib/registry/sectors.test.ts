import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SECTORS } from "./sectors";

describe("the published sector list", () => {
  it("is the list the first migration inserts", () => {
    const sql = fs.readFileSync(path.join(process.cwd(), "prisma/migrations/20261122000000_init/migration.sql"), "utf8");
    const inserted = [...sql.matchAll(/\('([a-z_]+)', '([^']+)', '([^']+)'\)/g)].map(([, id, name, description]) => ({ id, name, description }));
    expect(inserted).toEqual(SECTORS.map(({ id, name, description }) => ({ id, name, description })));
  });
});
