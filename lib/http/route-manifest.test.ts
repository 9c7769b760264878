import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildRouteManifest, MANIFEST_PATH } from "./build-route-manifest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A throwaway app/ with the given route files. */
function appWith(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "route-manifest-"));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe("the route manifest", () => {
  it("is what scripts/route-manifest.ts writes from the routes' declarations today (npm run routes)", () => {
    const { source, errors } = buildRouteManifest(ROOT);
    expect(errors).toEqual([]);
    expect(fs.readFileSync(path.join(ROOT, MANIFEST_PATH), "utf8"), `${MANIFEST_PATH} is stale: run npm run routes`).toBe(source);
  });

  it("refuses an API handler without a declaration, and takes other routes' methods as they are", () => {
    const root = appWith({
      "app/api/thing/route.ts": `export async function GET() { return new Response(); }\nexport const POST = route({ access: keyed("admin"), emits: true }, handler);`,
      "app/public/api/other/route.ts": `export const PUT = wrap(handler);`,
      "app/(site)/page.js/route.ts": `export function GET() { return new Response(); }`,
    });
    const { source, errors } = buildRouteManifest(root);
    expect(errors).toEqual([
      "app/api/thing/route.ts: GET has no access declaration: define it with route({ access: … }, handler)",
      "app/public/api/other/route.ts: PUT has no access declaration: define it with route({ access: … }, handler)",
    ]);
    expect(source).toContain(`"/api/thing": { GET: null, POST: { kind: "keyed", scope: "admin" } },`);
    expect(source).toContain(`"/page.js": { GET: null },`);
  });

  it("follows an alias to its route() in the same file, and refuses a declaration it cannot read", () => {
    const root = appWith({
      "app/api/[...path]/route.ts": `const notFound = route({ access: "read" }, h);\nexport const GET = notFound;\nexport const DELETE = notFound;`,
      "app/api/computed/route.ts": `const access = "read";\nexport const GET = route({ access }, h);`,
    });
    const { source, errors } = buildRouteManifest(root);
    expect(source).toContain(`"/api/[...path]": { DELETE: { kind: "read" }, GET: { kind: "read" } },`);
    expect(errors).toEqual([
      `app/api/computed/route.ts GET: route()'s first argument must be a literal { access: "read" | "health" | "live" | "client_secret" | "signed_webhook" | keyed("<scope>"), … }`,
      "app/api/computed/route.ts: GET has no access declaration: define it with route({ access: … }, handler)",
    ]);
  });
});
