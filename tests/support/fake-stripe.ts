// A local fake of the few Stripe API calls the registry makes (test code, never shipped): the app
// is started with STRIPE_API_BASE pointing here. It records every call with its Idempotency-Key,
// replays an answer for a repeated key as Stripe does, and can be told to answer a card decline
// (402), a rate limit (429), an amount below Stripe's minimum (400), or never to answer at all.
// It keeps the PaymentIntents and subscriptions it made, which a test may change (`update`) the way
// Stripe would, without sending the webhook: what reconciliation reads back, searches by metadata
// and cancels. `holdTogether` makes concurrent creations overlap for certain.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type FakeStripeCall = { method: string; path: string; idempotencyKey: string | undefined; params: Record<string, string> };

export type FakeFailure = "card_declined" | "rate_limited" | "amount_too_small" | "timeout";

export type FakeStripe = {
  url: string;
  calls: FakeStripeCall[];
  /** A PaymentIntent or subscription the fake made, as it stands now (undefined if unknown). */
  object(id: string): Record<string, unknown> | undefined;
  /** The PaymentIntents and subscriptions the fake made for our intent id (its metadata). */
  madeFor(intentId: string): Record<string, unknown>[];
  /** Changes a PaymentIntent or subscription, as if the donor or Stripe had: no webhook is sent. */
  update(id: string, patch: Record<string, unknown>): void;
  /** The next `count` POSTs to `path` are answered only once all of them have arrived. */
  holdTogether(path: string, count: number): void;
  /** Every following request fails this way, until failWith(null). */
  failWith(failure: FakeFailure | null): void;
  stop(): Promise<void>;
};

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const FAILURES: Record<Exclude<FakeFailure, "timeout">, Answer> = {
  card_declined: {
    status: 402,
    body: { error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds (acct_secret_detail)." } },
  },
  rate_limited: {
    status: 429,
    body: { error: { type: "invalid_request_error", code: "rate_limit", message: "Too many requests hit the API too quickly." } },
    headers: { "Stripe-Should-Retry": "false" },
  },
  amount_too_small: {
    status: 400,
    body: { error: { type: "invalid_request_error", code: "amount_too_small", param: "amount", message: "Amount must convert to at least 50 cents." } },
  },
};

export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: FakeStripeCall[] = [];
  const replays = new Map<string, Answer>();
  const products = new Set<string>();
  const objects = new Map<string, Record<string, unknown>>();
  const kept = (body: Record<string, unknown>) => {
    objects.set(String(body.id), body);
    return { status: 200, body };
  };
  const missing = (id: string): Answer => ({ status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such object: '${id}'` } } });
  const hanging = new Set<http.ServerResponse>();
  let failure: FakeFailure | null = null;
  let held: { path: string; count: number; waiting: (() => void)[] } | null = null;
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_fake${String(++counter).padStart(6, "0")}`;

  function answer(method: string, path: string, params: Record<string, string>): Answer {
    if (method === "GET" && path === "/v1/balance") return { status: 200, body: { object: "balance", available: [], pending: [], livemode: false } };
    const product = /^\/v1\/products\/([\w-]+)$/.exec(path)?.[1];
    if (method === "GET" && product) {
      return products.has(product)
        ? { status: 200, body: { id: product, object: "product", name: "Donation" } }
        : { status: 404, body: { error: { type: "invalid_request_error", code: "resource_missing", message: `No such product: '${product}'` } } };
    }
    if (method === "POST" && path === "/v1/products") {
      products.add(params.id ?? "");
      return { status: 200, body: { id: params.id, object: "product", name: params.name } };
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const id = nextId("pi");
      return kept({ id, object: "payment_intent", client_secret: `${id}_secret_fake`, amount: Number(params.amount), currency: params.currency, status: "requires_payment_method", last_payment_error: null, metadata: metadataOf(params) });
    }
    const searched = /^\/v1\/(payment_intents|subscriptions)\/search$/.exec(path)?.[1];
    if (method === "GET" && searched) {
      // Only the query the registry makes: metadata['donation_intent']:'di_…'.
      const intentId = /^metadata\['donation_intent'\]:'([^']+)'$/.exec(params.query ?? "")?.[1];
      const object = searched === "subscriptions" ? "subscription" : "payment_intent";
      const data = [...objects.values()].filter((o) => o.object === object && intentId !== undefined && (o.metadata as Record<string, string>).donation_intent === intentId);
      return { status: 200, body: { object: "search_result", url: path, has_more: false, next_page: null, data } };
    }
    const [, kind, id, action] = /^\/v1\/(payment_intents|subscriptions)\/(\w+)(?:\/(cancel))?$/.exec(path) ?? [];
    if (kind && id) {
      const stored = objects.get(id);
      if (!stored) return missing(id);
      const cancel = (method === "POST" && action === "cancel") || (method === "DELETE" && kind === "subscriptions");
      if (cancel && stored.status === "canceled") {
        return { status: 400, body: { error: { type: "invalid_request_error", code: "payment_intent_unexpected_state", message: "already canceled" } } };
      }
      if (cancel) stored.status = "canceled";
      if (method === "GET" || cancel) return { status: 200, body: stored };
    }
    if (method === "POST" && path === "/v1/customers") return { status: 200, body: { id: nextId("cus"), object: "customer", email: params.email ?? null } };
    if (method === "POST" && path === "/v1/subscriptions") {
      const invoice = nextId("in");
      return kept({
        id: nextId("sub"),
        object: "subscription",
        status: "incomplete",
        customer: params.customer,
        metadata: metadataOf(params),
        latest_invoice: {
          id: invoice,
          object: "invoice",
          status: "open",
          billing_reason: "subscription_create",
          amount_paid: 0,
          currency: params["items[0][price_data][currency]"],
          confirmation_secret: { client_secret: `pi_for_${invoice}_secret_fake`, type: "payment_intent" },
          payments: { object: "list", data: [] },
        },
      });
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `The fake does not answer ${method} ${path}` } } };
  }

  const server = http.createServer((request, response) => {
    let text = "";
    request.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", "http://fake");
      const params = Object.fromEntries(new URLSearchParams(request.method === "GET" ? url.search : text));
      const idempotencyKey = request.headers["idempotency-key"] as string | undefined;
      calls.push({ method: request.method ?? "", path: url.pathname, idempotencyKey, params });
      if (failure === "timeout") {
        hanging.add(response);
        return;
      }
      const respond = () => {
        const replayKey = idempotencyKey && `${url.pathname} ${idempotencyKey}`;
        const result = (failure && failure !== "timeout" && FAILURES[failure]) || (replayKey && replays.get(replayKey)) || answer(request.method ?? "", url.pathname, params);
        if (replayKey && result.status < 500 && !failure) replays.set(replayKey, result);
        response.writeHead(result.status, { "Content-Type": "application/json", "Request-Id": `req_${counter}`, ...result.headers });
        response.end(JSON.stringify(result.body));
      };
      if (held && request.method === "POST" && url.pathname === held.path) {
        const { waiting, count } = held;
        waiting.push(respond);
        if (waiting.length < count) return;
        held = null;
        for (const release of waiting) release();
        return;
      }
      respond();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    object: (id) => objects.get(id),
    madeFor: (intentId) => [...objects.values()].filter((o) => (o.metadata as Record<string, string>).donation_intent === intentId),
    update(id, patch) {
      const stored = objects.get(id);
      if (!stored) throw new Error(`the fake made no ${id}`);
      Object.assign(stored, patch);
    },
    holdTogether(path, count) {
      held = { path, count, waiting: [] };
    },
    failWith(next) {
      failure = next;
      for (const response of hanging) response.destroy();
      hanging.clear();
    },
    async stop() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Stripe's form encoding of metadata (metadata[key]=value), back to an object. */
function metadataOf(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .map(([key, value]) => [/^metadata\[(.+)\]$/.exec(key)?.[1], value] as const)
      .filter((pair): pair is readonly [string, string] => pair[0] !== undefined),
  );
}

/** The app's environment for the Stripe provider against this fake, with test keys and the given secrets. */
export function fakeStripeEnv(fake: Pick<FakeStripe, "url">, secrets: { secretKey: string; webhookSecret: string }): Record<string, string> {
  return {
    PAYMENTS_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: secrets.secretKey,
    STRIPE_PUBLISHABLE_KEY: "pk_test_fakePublishable0000",
    STRIPE_WEBHOOK_SECRET: secrets.webhookSecret,
    STRIPE_API_BASE: fake.url,
    // The PostgreSQL pass runs under NODE_ENV=production, where a test key is refused.
    STRIPE_ALLOW_MODE_MISMATCH: "1",
  };
}
