import { fileURLToPath } from "node:url";

/** The repository root: where the app is built and started, whatever the test's working directory. */
export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
