// One example payload per event type: the OpenAPI document's `webhooks` section shows them, and
// the event table of docs/webhooks.md was written from them.
import type { OperatorIntentView } from "@/lib/donations/schemas";
import { WEBHOOK_API_VERSION, type EventData, type EventType, type WebhookEventPayload } from "@/lib/events/event-types";

const ngo = { id: "ngo_7k2m9q4x1c8v5b3n6z0r", slug: "agua-limpa", name: "Água Limpa", state: "verified" };
const key = { id: "key_4f8h2k9m1q7w3e5r6t0y", name: "Partner portal", kind: "secret", tier: "partner", scopes: ["registry:read"] };
const intent: OperatorIntentView = {
  id: "di_3n8b2v7c1x6z0q9w8e7r6t5y",
  object: "donation_intent",
  status: "succeeded",
  mode: "sandbox",
  amount: 2500,
  currency: "EUR",
  frequency: "one_time",
  ngo: { slug: "agua-limpa", name: "Água Limpa" },
  anonymous: false,
  failure_code: null,
  cancellation_reason: null,
  created_at: "2026-11-25T09:59:30.000Z",
  updated_at: "2026-11-25T10:00:00.000Z",
  expires_at: "2026-11-25T10:59:30.000Z",
  donor: { name: "Ada", email: "ada@mail.test" },
  message: null,
  metadata: { campaign: "spring" },
  card_last4: "4242",
  api_key_id: "key_8s1d4f7g2h5j9k3l6z0x",
  provider: "sandbox",
  amount_refunded: 0,
};

const monthly: OperatorIntentView = { ...intent, mode: "live", provider: "stripe", frequency: "monthly", card_last4: null };
const payment = {
  id: "dp_5t2m8k4q9x1c7v3b6n0z2w4e",
  status: "succeeded" as const,
  amount: 2500,
  currency: "EUR" as const,
  failure_code: null,
  provider_invoice_id: "in_1QzYx2AbCdEfGhIj",
  provider_payment_id: "pi_3QzYx2AbCdEfGhIj",
  amount_refunded: 0,
  created_at: "2026-12-25T10:00:00.000Z",
};

const DATA: { [T in EventType]: EventData[T] } = {
  "ngo.created": { ngo: { ...ngo, state: "draft", sector: "water_sanitation", country: "BR", trust_score: 0 } },
  "ngo.updated": { ngo, changed: ["city", "website"] },
  "ngo.state_changed": { ngo, from: "pending_review", to: "verified", reason: "documents checked", actor: "Registry desk (key_9d3f7h1k5m2n8p4q6r0s)" },
  "ngo.trust_score_changed": { ngo, old: 61, new: 74, methodology_version: "2026.1" },
  "api_key.created": { api_key: key },
  "api_key.revoked": { api_key: key },
  "donation_intent.created": { donation_intent: { ...intent, status: "requires_payment_method", card_last4: null, updated_at: intent.created_at } },
  "donation_intent.succeeded": { donation_intent: intent },
  "donation_intent.failed": { donation_intent: { ...intent, status: "failed", failure_code: "insufficient_funds", card_last4: "9995" } },
  "donation_intent.canceled": { donation_intent: { ...intent, status: "canceled", cancellation_reason: "expired", card_last4: null } },
  "donation_intent.refunded": { donation_intent: { ...intent, status: "refunded", mode: "live", provider: "stripe", card_last4: null, amount_refunded: 2500 } },
  "donation_intent.partially_refunded": { donation_intent: { ...intent, mode: "live", provider: "stripe", card_last4: null, amount_refunded: 1000 } },
  "donation_intent.disputed": { donation_intent: { ...intent, status: "disputed", mode: "live", provider: "stripe", card_last4: null } },
  "donation_subscription.created": { donation_intent: monthly, payment: { ...payment, created_at: monthly.updated_at } },
  "donation_subscription.renewed": { donation_intent: monthly, payment },
  "donation_subscription.failed": { donation_intent: monthly, payment: { ...payment, status: "failed", failure_code: "card_declined" } },
  "donation_subscription.canceled": { donation_intent: monthly, payment: null },
  "donation_subscription.refunded": { donation_intent: monthly, payment: { ...payment, status: "refunded", amount_refunded: 2500 } },
  "donation_subscription.partially_refunded": { donation_intent: monthly, payment: { ...payment, amount_refunded: 1000 } },
  "donation_subscription.disputed": { donation_intent: monthly, payment: { ...payment, status: "disputed" } },
};

const SUMMARY: Record<EventType, string> = {
  "ngo.created": "A registry entry was created (as a draft).",
  "ngo.updated": "Profile fields or score inputs of an entry changed; `changed` names them.",
  "ngo.state_changed": "An entry moved to another lifecycle state: from, to, reason and who.",
  "ngo.trust_score_changed": "An entry's trust score moved: old, new and the methodology version.",
  "api_key.created": "An API key was created (never the key itself).",
  "api_key.revoked": "An API key was revoked (also by a rotation).",
  "donation_intent.created": "A donation intent was created (widget, or an NGO's own integration).",
  "donation_intent.succeeded": "A donation intent's payment succeeded (also a processing one that settled).",
  "donation_intent.failed": "A donation intent's payment failed; failure_code says why (card_declined, insufficient_funds, …).",
  "donation_intent.canceled": "A donation intent was canceled: cancellation_reason is requested_by_donor, expired or canceled_at_provider.",
  "donation_intent.refunded": "A succeeded donation was refunded in full at the payment provider (live providers); `amount_refunded` equals `amount`.",
  "donation_intent.partially_refunded": "Part of a succeeded donation was refunded at the payment provider: `amount_refunded` of `amount` so far; it stays succeeded (live providers).",
  "donation_intent.disputed": "The donor's bank disputed a succeeded donation (a chargeback; live providers).",
  "donation_subscription.created": "A monthly gift's first payment succeeded: it now recurs every month (live providers).",
  "donation_subscription.renewed": "A monthly gift was paid again; `payment` is the renewal.",
  "donation_subscription.failed": "A monthly gift's renewal failed; `payment.failure_code` says why (the provider retries).",
  "donation_subscription.canceled": "A monthly gift stopped recurring (canceled at the provider, or after its retries failed).",
  "donation_subscription.refunded": "A monthly gift's renewal was refunded in full; `payment` is that renewal (the gift's first payment: donation_intent.refunded).",
  "donation_subscription.partially_refunded": "Part of a monthly gift's renewal was refunded: `payment.amount_refunded` of `payment.amount` so far; it stays succeeded.",
  "donation_subscription.disputed": "The donor's bank disputed a monthly gift's renewal; `payment` is that renewal (the gift's first payment: donation_intent.disputed).",
};

export function eventExample<T extends EventType>(type: T): WebhookEventPayload<T> {
  return { id: "evt_0mfx2c9q1a7k3m9x2b4n6p8r", type, created_at: "2026-11-25T10:00:00.000Z", api_version: WEBHOOK_API_VERSION, data: DATA[type] };
}

export function eventSummary(type: EventType): string {
  return SUMMARY[type];
}
