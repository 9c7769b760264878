// The test Upstash REST shim as a process of its own, for the instances benchmark: the shared
// rate-limit store's CPU is then counted apart from the load generator's. Prints its url, token
// and key prefix as one JSON line; on SIGTERM it deletes its keys and exits.
import { startUpstashShim } from "../tests/support/upstash-shim";

const shim = await startUpstashShim();
process.stdout.write(`${JSON.stringify({ url: shim.url, token: shim.token, keyPrefix: shim.keyPrefix })}\n`);
process.on("SIGTERM", () => void shim.close().finally(() => process.exit(0)));
