// The tests' fake of Stripe's API as a process of its own, for the "intent create, Stripe" scenario:
// its answers then wait on its own event loop, not on the load generator's (whose pauses grew with
// a full run's length). Prints its url as one JSON line; on SIGTERM it stops and exits.
import { startFakeStripe } from "../tests/support/fake-stripe";

const fake = await startFakeStripe();
process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);
process.on("SIGTERM", () => void fake.stop().finally(() => process.exit(0)));
