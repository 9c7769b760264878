// Vitest globalSetup of the unit project: the browser's bundles rebuilt from browser/, so a unit
// test of a module that imports them (the widget's page) never sees a stale one.
import { buildBrowserScripts } from "../../scripts/build-browser/build-browser-scripts";

export default async function setup(): Promise<void> {
  await buildBrowserScripts();
}
