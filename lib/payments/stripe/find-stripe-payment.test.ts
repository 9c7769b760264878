import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { findStripePayment } from "./find-stripe-payment";

/** A client whose searches answer `data`, recording the queries asked. */
function clientFinding(data: Record<string, unknown>[]) {
  const asked: string[] = [];
  const search = async ({ query }: { query: string }) => {
    asked.push(query);
    return { data };
  };
  return { client: { paymentIntents: { search }, subscriptions: { search } } as unknown as Stripe, asked };
}

describe("the payment Stripe made for an intent id we never wrote", () => {
  it("is searched by its donation_intent metadata, and open while the donor could still pay it", async () => {
    const found = clientFinding([{ id: "pi_1", status: "requires_payment_method" }]);
    expect(await findStripePayment(found.client, "di_abc123", "one_time")).toEqual({ refs: { intentId: "di_abc123", payment: "pi_1", subscription: null }, open: true });
    expect(found.asked).toEqual(["metadata['donation_intent']:'di_abc123'"]);
    expect(await findStripePayment(clientFinding([{ id: "pi_1", status: "canceled" }]).client, "di_abc123", "one_time")).toMatchObject({ open: false });
  });

  it("looks for a monthly gift's subscription, preferring one still open", async () => {
    const found = clientFinding([
      { id: "sub_old", status: "incomplete_expired" },
      { id: "sub_1", status: "incomplete" },
    ]);
    expect(await findStripePayment(found.client, "di_abc123", "monthly")).toEqual({ refs: { intentId: "di_abc123", payment: null, subscription: "sub_1" }, open: true });
  });

  it("finds nothing when Stripe made nothing, and asks nothing for an id that is not ours", async () => {
    expect(await findStripePayment(clientFinding([]).client, "di_abc123", "one_time")).toBeNull();
    const odd = clientFinding([{ id: "pi_1", status: "requires_payment_method" }]);
    expect(await findStripePayment(odd.client, "di_x' OR status:'succeeded", "one_time")).toBeNull();
    expect(odd.asked).toEqual([]);
  });
});
