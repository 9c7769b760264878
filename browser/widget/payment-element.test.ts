import { describe, expect, it } from "vitest";
import { mountPaymentElement, refusalReason, type StripeConstructor } from "./payment-element";

describe("the Payment Element of the live widget", () => {
  it("is mounted for the payment's client secret and confirms with the return URL, paying in place when it can", async () => {
    const calls: unknown[] = [];
    const container = {} as HTMLElement;
    const stripe: StripeConstructor = (key) => {
      calls.push(["Stripe", key]);
      return {
        elements: (options) => {
          calls.push(["elements", options]);
          return { create: (type) => ({ mount: (into) => calls.push(["mount", type, into === container]) }) };
        },
        confirmPayment: async (options) => {
          calls.push(["confirmPayment", options.confirmParams, options.redirect]);
          return calls.length > 4 ? { error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds" } } : {};
        },
      };
    };
    const confirm = mountPaymentElement(stripe, "pk_test_1", "pi_1_secret_2", container);
    expect(calls).toEqual([["Stripe", "pk_test_1"], ["elements", { clientSecret: "pi_1_secret_2" }], ["mount", "payment", true]]);
    await expect(confirm("https://registry.test/embed/donate/x?resume=di_1")).resolves.toBeNull();
    expect(calls[3]).toEqual(["confirmPayment", { return_url: "https://registry.test/embed/donate/x?resume=di_1" }, "if_required"]);
    await expect(confirm("https://registry.test/")).resolves.toMatchObject({ decline_code: "insufficient_funds" });
  });

  it("tells the host of a refused payment, not of a field left to correct", () => {
    expect(refusalReason({ type: "validation_error", code: "incomplete_number" })).toBeNull();
    expect(refusalReason({ type: "card_error", code: "card_declined", decline_code: "insufficient_funds" })).toBe("insufficient_funds");
    expect(refusalReason({ type: "card_error", code: "card_declined" })).toBe("card_declined");
    expect(refusalReason({ type: "api_connection_error" })).toBe("api_connection_error");
  });
});
