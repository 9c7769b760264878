// vercel.json refers to files and scripts by name: a renamed route or script must fail here, not
// at deployment ("pattern doesn't match any Serverless Functions").
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/root";

type VercelJson = { buildCommand: string; crons: { path: string }[]; functions: Record<string, { maxDuration: number }> };
const vercel = JSON.parse(fs.readFileSync(path.join(ROOT, "vercel.json"), "utf8")) as VercelJson;
const scripts = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;

/** The files a pattern of the form `dir/**\/*.ext` or `dir/file` names. */
function filesOf(pattern: string): string[] {
  const [dir, rest] = pattern.split("/**/");
  if (rest === undefined) return fs.existsSync(path.join(ROOT, pattern)) ? [pattern] : [];
  const extension = rest.replace("*", "");
  return (fs.readdirSync(path.join(ROOT, dir!), { recursive: true }) as string[])
    .filter((file) => file.endsWith(extension) && !file.endsWith(`.test${extension}`))
    .map((file) => `${dir}/${file}`);
}

describe("vercel.json", () => {
  it("builds with the vercel-build script, which migrates and then runs the build", () => {
    expect(vercel.buildCommand).toBe("npm run vercel-build");
    expect(scripts["vercel-build"]).toBe("tsx scripts/vercel-build.ts");
    expect(fs.existsSync(path.join(ROOT, "scripts/vercel-build.ts"))).toBe(true);
  });

  it("limits the duration of functions that exist, within every plan's 60 s", () => {
    for (const [pattern, { maxDuration }] of Object.entries(vercel.functions)) {
      expect({ pattern, files: filesOf(pattern).length > 0 }).toEqual({ pattern, files: true });
      expect(maxDuration).toBeGreaterThan(0);
      expect(maxDuration).toBeLessThanOrEqual(60);
    }
  });

  it("calls the cron route, given as long as the route itself asks for", () => {
    expect(vercel.crons.map((cron) => cron.path)).toEqual(["/api/cron/webhooks"]);
    const route = fs.readFileSync(path.join(ROOT, "app/api/cron/webhooks/route.ts"), "utf8");
    const asked = Number(/export const maxDuration = (\d+)/.exec(route)?.[1]);
    expect(vercel.functions["app/api/cron/webhooks/route.ts"]?.maxDuration).toBe(asked);
  });
});
