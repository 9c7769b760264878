// postbuild: completes .next/standalone, which Next builds without the browser's files: it copies
// .next/static (and public/, if there is one) beside server.js, as Next's docs ask, so that
// `node .next/standalone/server.js` serves pages with their scripts and styles. The folder can
// then be copied to a server as it is.
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const standalone = path.join(root, ".next", "standalone");

if (fs.existsSync(path.join(standalone, "server.js"))) {
  fs.cpSync(path.join(root, ".next", "static"), path.join(standalone, ".next", "static"), { recursive: true });
  if (fs.existsSync(path.join(root, "public"))) fs.cpSync(path.join(root, "public"), path.join(standalone, "public"), { recursive: true });
}
