// The quota of failed authentications per client (RATE_LIMIT_POLICIES.failedAuth). proxy.ts
// counts each failure in the shared store, like any other request; what this process learns from
// the answers (that a client's quota is spent, and until when) is kept here, so that while it is
// spent a made-up key is refused before the database is asked about it, at no store round trip.
import { config } from "@/lib/config";
import { processWide } from "@/lib/process-wide";
import { limitRequest, type RateLimitOutcome } from "./limit-request";
import { quotaExceededProblem } from "./quota-exceeded-problem";
import { rateLimitTarget, type RateLimitSubject } from "./rate-limit-target";

const MAX_CLIENTS = 10_000;

type Spent = Map<string, { until: number; outcome: RateLimitOutcome }>;

const spentClients = () => processWide<Spent>("failed-auth-spent", () => new Map());

function subject(client: string): RateLimitSubject {
  return { kind: "failed_auth", client, perMinute: config().failedAuthPerMinute };
}

export const failedAuthQuota = {
  /** Counts one failed authentication of `client`; the outcome's headers go on the answer, and a
   * refused outcome is answered with quotaExceededProblem. */
  async count(client: string): Promise<RateLimitOutcome> {
    const outcome = await limitRequest(subject(client));
    const { result } = outcome;
    const spent = spentClients();
    if (!result.degraded && (!result.allowed || result.remaining === 0)) {
      spent.delete(client);
      if (spent.size >= MAX_CLIENTS) spent.delete(spent.keys().next().value as string);
      spent.set(client, { until: Date.now() + Math.max(result.resetMs, result.retryAfterSeconds * 1000), outcome });
    }
    return outcome;
  },

  /** Throws the 429 while this process knows `client`'s quota to be spent. */
  assertNotSpent(client: string): void {
    const spent = spentClients();
    const entry = spent.get(client);
    if (!entry) return;
    const waitMs = entry.until - Date.now();
    if (waitMs <= 0) {
      spent.delete(client);
      return;
    }
    const { policy } = rateLimitTarget(subject(client));
    const retryAfterSeconds = Math.ceil(waitMs / 1000);
    throw quotaExceededProblem(
      { allowed: false, limit: policy.limit, remaining: 0, resetMs: waitMs, retryAfterSeconds, degraded: false },
      policy,
    );
  },
};
