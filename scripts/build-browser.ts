// npm run build:browser [-- --watch] — bundles browser/ into lib/generated-browser/ (see
// scripts/build-browser/build-browser-scripts.ts). Run by postinstall, predev and prebuild, and
// by the tests' setup, so nothing serves or tests a stale bundle; --watch keeps rebuilding.
import { buildBrowserScripts, watchBrowserScripts } from "./build-browser/build-browser-scripts";

if (process.argv.includes("--watch")) await watchBrowserScripts();
else await buildBrowserScripts();
