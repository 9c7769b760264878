// Vitest globalSetup of the integration project: one build of the app for all integration test
// files. Vitest runs a project's globalSetup only when some of its test files are in the run, so
// `vitest run lib/` never builds.
import { ensureBuild } from "./build";

export default async function setup(): Promise<void> {
  await ensureBuild();
}
