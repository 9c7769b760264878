// Donation intents in the OpenAPI document: the embed's intent endpoint, the client-secret
// endpoints that follow and complete an intent, operators' reads, and the live provider's webhook.
import { z } from "zod";
import { confirmIntentInputSchema, createIntentInputSchema, giftCancelInputSchema, listIntentsQuerySchema, secretOnlyInputSchema } from "@/lib/donations/schemas";

type JsonSchema = Record<string, unknown>;

const inputSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  void _drop;
  return rest;
};

export function donationPaths(
  ref: (id: string) => JsonSchema,
  json: (schema: JsonSchema) => JsonSchema,
  problem: (description: string) => JsonSchema,
): Record<string, JsonSchema> {
  const id = { name: "id", in: "path", required: true, schema: { type: "string", pattern: "^di_[0-9a-z]{24}$" } };
  const body = (schema: z.ZodType) => ({ required: true, content: { "application/json": { schema: inputSchema(schema) } } });
  // No API key: the intent's client secret, in the request, is the capability.
  const bySecretOnly: JsonSchema[] = [];
  const bySecret = {
    "400": problem("A field is missing or has a bad value; errors[] names it."),
    "404": problem("No intent has this id, or the client secret is not its own (the same answer)."),
  };
  const listParameters = Object.keys(listIntentsQuerySchema.shape).map((name) => ({ name, in: "query", required: false, schema: { type: "string" } }));
  return {
    "/api/v1/embed/donation/intent": {
      post: {
        operationId: "createDonationIntent",
        tags: ["donations"],
        summary: "Create a donation intent",
        description:
          "A publishable key (embed:write) from an Origin on its allowlist, or the hosted widget's embed session, as the bearer token. " +
          "A key bound to an NGO creates intents for that NGO only. Idempotency-Key: the same key and body replay the first answer " +
          "(Idempotent-Replayed: true) to the same caller only (the same embed session, or the same key from the same Origin), " +
          "the same key with another body is a 422; keys are kept for at least 24 hours.",
        security: [{ apiKey: [] }],
        parameters: [{ name: "Idempotency-Key", in: "header", required: false, schema: { type: "string", maxLength: 255 } }],
        requestBody: body(createIntentInputSchema),
        responses: {
          "201": {
            description: "The intent, with its client secret, and in live mode what the widget needs to collect the payment details at the provider (payment).",
            ...json(ref("CreatedDonationIntent")),
          },
          "400": problem("A field is missing, unknown or has a bad value (the amount outside the currency's range, say)."),
          "401": problem("No key or session, or one that is malformed, revoked or expired."),
          "403": problem("The Origin is not on the key's allowlist, or the key or session is bound to another NGO."),
          "404": problem("No visible NGO has this slug."),
          "409": problem("The NGO does not accept donations (not verified, or donations disabled), or a duplicate is still in flight."),
          "422": problem("The Idempotency-Key was used with another body, or the live provider does not take this amount (errors[] names amount)."),
          "429": problem("The key's per-minute quota is used up."),
          "503": problem("The live payment provider is busy, refused the request or did not answer in time: retry (Retry-After)."),
        },
      },
    },
    "/api/v1/embed/donation/intent/{id}": {
      get: {
        operationId: "getDonationIntent",
        tags: ["donations"],
        security: bySecretOnly,
        summary: "An intent's state, for the holder of its client secret (never the donor's email)",
        parameters: [id, { name: "client_secret", in: "query", required: true, schema: { type: "string" } }],
        responses: { "200": { description: "The intent, with cancel_url for a monthly gift that recurs.", ...json(ref("FollowedDonationIntent")) }, ...bySecret },
      },
    },
    "/api/v1/embed/donation/intent/{id}/confirm": {
      post: {
        operationId: "confirmDonationIntent",
        tags: ["donations"],
        security: bySecretOnly,
        summary: "Pay an intent with a card (in sandbox mode, a test card decides the outcome)",
        parameters: [id],
        requestBody: body(confirmIntentInputSchema),
        responses: {
          "200": { description: "The intent: succeeded, failed (failure_code) or processing.", ...json(ref("DonationIntent")) },
          ...bySecret,
          "409": problem(
            "The intent no longer requires a payment method (already confirmed, canceled or expired), or a live provider collects the payment details itself (provider-collects-payment: no card number here).",
          ),
        },
      },
    },
    "/api/v1/embed/donation/intent/{id}/cancel": {
      post: {
        operationId: "cancelDonationIntent",
        tags: ["donations"],
        security: bySecretOnly,
        summary: "Cancel an intent that is not paid yet",
        parameters: [id],
        requestBody: body(secretOnlyInputSchema),
        responses: {
          "200": { description: "The canceled intent.", ...json(ref("DonationIntent")) },
          ...bySecret,
          "409": problem("The intent is processing or final: it can no longer be canceled."),
        },
      },
    },
    "/api/v1/donations/cancel": {
      post: {
        operationId: "cancelMonthlyGift",
        tags: ["donations"],
        security: bySecretOnly,
        summary: "Cancel a monthly gift with the token of its signed cancel link (the donor's page posts it as a form)",
        description:
          "The token (from cancel_url) is the capability: no key, no account. The subscription is canceled at the provider, then here, " +
          "with one donation_subscription.canceled event; canceling again changes nothing (changed: false). " +
          "Sent as application/x-www-form-urlencoded (the page's form), the answer is a 303 back to the page, which shows the outcome.",
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: inputSchema(giftCancelInputSchema) },
            "application/x-www-form-urlencoded": { schema: inputSchema(giftCancelInputSchema) },
          },
        },
        responses: {
          "200": { description: "The gift, canceled; changed is false if it already was.", ...json({ type: "object", properties: { data: ref("MonthlyGift"), changed: { type: "boolean" } } }) },
          "303": { description: "For a form: back to the cancel page (/donations/cancel?token=…, with failed=1 if nothing was canceled)." },
          "400": problem("The token is missing, was changed, is not a cancel link's, or has expired; errors[] names token."),
          "404": problem("The token names no monthly gift that is running or was canceled."),
          "503": problem("The payment provider did not answer: nothing was canceled; retry."),
        },
      },
    },
    "/api/v1/payments/stripe/webhook": {
      post: {
        operationId: "receiveStripeWebhook",
        tags: ["donations"],
        security: bySecretOnly,
        summary: "Stripe's events about donations (configure it as a webhook endpoint in Stripe's dashboard)",
        description:
          "The Stripe-Signature header is verified over the raw body with STRIPE_WEBHOOK_SECRET. Each event is applied once (by its id), " +
          "in one transaction with the registry's own events; replays and late events change nothing; types it does not act on are acknowledged.",
        parameters: [{ name: "Stripe-Signature", in: "header", required: true, schema: { type: "string" } }],
        requestBody: { required: true, content: { "application/json": { schema: { type: "object", description: "A Stripe event." } } } },
        responses: {
          "200": {
            description: "Received: applied, a duplicate of one applied before, or ignored.",
            ...json({ type: "object", properties: { received: { type: "boolean" }, outcome: { type: "string", enum: ["applied", "duplicate", "ignored"] } } }),
          },
          "400": problem("The Stripe-Signature header is missing, does not verify, or is older than 5 minutes."),
          "404": problem("Stripe is not the configured payment provider."),
          "413": problem("The body is larger than 512 KB."),
        },
      },
    },
    "/api/v1/donation-intents": {
      get: {
        operationId: "listDonationIntents",
        tags: ["donations"],
        summary: "Donation intents, newest first, with their donors (operators: admin scope)",
        security: [{ apiKey: [] }],
        parameters: listParameters,
        responses: {
          "200": { description: "A page of intents; page.next_cursor leads to the next.", ...json(ref("OperatorDonationIntentList")) },
          "400": problem("A parameter is unknown or has a bad value."),
          "401": problem("No key, or a key that does not verify."),
          "403": problem("The key lacks the admin scope."),
        },
      },
    },
    "/api/v1/donation-intents/{id}": {
      get: {
        operationId: "getDonationIntentForOperator",
        tags: ["donations"],
        summary: "One donation intent with its donor (operators: admin scope)",
        security: [{ apiKey: [] }],
        parameters: [id],
        responses: {
          "200": { description: "The intent.", ...json({ type: "object", properties: { data: ref("OperatorDonationIntent") } }) },
          "401": problem("No key, or a key that does not verify."),
          "403": problem("The key lacks the admin scope."),
          "404": problem("No intent has this id."),
        },
      },
    },
  };
}
