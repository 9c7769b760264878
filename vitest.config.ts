import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 240_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["lib/**/*.test.ts", "tests/unit/**/*.test.ts"] } },
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
