import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [
      { find: "@", replacement: path.resolve(import.meta.dirname) },
      // One graphql instance: Vite would pick graphql's ESM build for our code while Apollo
      // (loaded by Node) requires its CommonJS build, and a schema from one fails in the other.
      { find: /^graphql$/, replacement: path.resolve(import.meta.dirname, "node_modules/graphql/index.js") },
    ],
  },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 240_000,
    // Two files at a time even on two cores (Vitest's default there is one): an integration file
    // spends much of its time waiting on the app, the browser or a timer. TEST_MAX_WORKERS=1 runs
    // one at a time (the projects inherit this; `--maxWorkers` on the command line does not reach
    // them).
    maxWorkers: Number(process.env.TEST_MAX_WORKERS) || 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["lib/**/*.test.ts", "browser/**/*.test.ts", "tests/unit/**/*.test.ts"],
          // Bundles browser/ first: the widget's page embeds the bundle.
          globalSetup: ["tests/support/unit-setup.ts"],
          // Worker threads start and load modules with about a third less CPU than child
          // processes; unit tests start no database and no server, so nothing needs a process.
          pool: "threads",
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Builds the app once, only when integration files are in the run.
          globalSetup: ["tests/support/global-setup.ts"],
        },
      },
    ],
  },
});
