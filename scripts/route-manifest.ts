// npm run routes — rewrites lib/http/route-manifest.ts from the route() declarations in
// app/**/route.ts; refuses (exit 1) while a route under /api exports a handler without one.
import fs from "node:fs";
import path from "node:path";
import { buildRouteManifest, MANIFEST_PATH } from "../lib/http/build-route-manifest";

const root = path.resolve(import.meta.dirname, "..");
const { source, errors } = buildRouteManifest(root);
if (errors.length) {
  for (const error of errors) console.error(error);
  process.exit(1);
}
fs.writeFileSync(path.join(root, MANIFEST_PATH), source);
console.log(`wrote ${MANIFEST_PATH}`);
