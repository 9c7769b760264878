// Donation intents' input and output schemas (docs/donations.md#the-intent-api): they validate the
// requests, type the code and feed the OpenAPI document.
import { z } from "zod";
import { dateTimeSchema } from "@/lib/schemas/date-schemas";
import { listPageSchema } from "@/lib/schemas/list-page-schema";
import { slugSchema } from "@/lib/registry/schemas";
import { CURRENCIES, CURRENCY_CODES, formatMinorUnits, type CurrencyCode } from "./currencies";

// refunded and disputed follow succeeded, when a live provider reports them (docs/donations.md#live-payments-stripe).
export const INTENT_STATUSES = ["requires_payment_method", "processing", "succeeded", "failed", "canceled", "refunded", "disputed"] as const;
export type IntentStatus = (typeof INTENT_STATUSES)[number];
export const FREQUENCIES = ["one_time", "monthly"] as const;

export const MAX_MESSAGE_LENGTH = 500;
export const MAX_METADATA_PAIRS = 20;
export const MAX_METADATA_KEY_LENGTH = 40;
export const MAX_METADATA_VALUE_LENGTH = 500;

const metadataSchema = z
  .record(
    z.string().min(1, "keys must not be empty").max(MAX_METADATA_KEY_LENGTH, `keys must be at most ${MAX_METADATA_KEY_LENGTH} characters`),
    z.string({ error: "values must be strings" }).max(MAX_METADATA_VALUE_LENGTH, `values must be at most ${MAX_METADATA_VALUE_LENGTH} characters`),
    { error: "must be an object of string values" },
  )
  .refine((value) => Object.keys(value).length <= MAX_METADATA_PAIRS, `at most ${MAX_METADATA_PAIRS} pairs`);

export const createIntentInputSchema = z
  .strictObject({
    ngo: slugSchema.meta({ description: "Slug of the NGO; a key bound to an NGO may only name that one." }),
    amount: z
      .int({ error: "must be an integer: the amount in the currency's minor units (cents, or yen for JPY)" })
      .meta({ description: "Minor units of currency, between the currency's minimum and maximum." }),
    currency: z.enum(CURRENCY_CODES, { error: `must be one of ${CURRENCY_CODES.join(", ")}` }),
    frequency: z.enum(FREQUENCIES, { error: "must be one_time or monthly" }).default("one_time"),
    name: z.string({ error: "must be a string" }).trim().min(1, "must not be empty").max(100, "must be at most 100 characters").optional(),
    email: z.email({ error: "must be an email address" }).max(254, "must be at most 254 characters").optional(),
    anonymous: z.boolean({ error: "must be true or false" }).default(false),
    message: z.string({ error: "must be a string" }).max(MAX_MESSAGE_LENGTH, `must be at most ${MAX_MESSAGE_LENGTH} characters`).optional(),
    metadata: metadataSchema.default({}),
  })
  .superRefine((body, context) => {
    const currency = CURRENCIES[body.currency];
    if (body.amount < currency.min || body.amount > currency.max) {
      const code = body.currency as CurrencyCode;
      context.addIssue({
        code: "custom",
        path: ["amount"],
        message: `must be from ${currency.min} to ${currency.max} minor units of ${code} (${formatMinorUnits(currency.min, code)} to ${formatMinorUnits(currency.max, code)} ${code})`,
      });
    }
  });

export type CreateIntentInput = z.infer<typeof createIntentInputSchema>;

export const confirmIntentInputSchema = z.strictObject({
  client_secret: z.string({ error: "must be a string" }).min(1).max(200),
  card_number: z
    .string({ error: "must be a string" })
    .regex(/^[\d -]{12,23}$/, "must be a card number (digits, spaces and dashes)")
    .meta({ description: "A sandbox test card (see the README)." }),
});

export const secretOnlyInputSchema = z.strictObject({ client_secret: z.string({ error: "must be a string" }).min(1).max(200) });

/** What the donor's page (the client secret's holder) sees: never the donor's email. */
export const donationIntentSchema = z
  .object({
    id: z.string(),
    object: z.literal("donation_intent"),
    status: z.enum(INTENT_STATUSES),
    mode: z.enum(["sandbox", "live"]),
    amount: z.int(),
    currency: z.enum(CURRENCY_CODES),
    frequency: z.enum(FREQUENCIES),
    ngo: z.object({ slug: z.string(), name: z.string() }),
    anonymous: z.boolean(),
    failure_code: z.string().nullable(),
    cancellation_reason: z.enum(["requested_by_donor", "expired", "canceled_at_provider"]).nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    expires_at: z.string(),
  })
  .meta({ id: "DonationIntent" });

/** What GET of an intent answers its client secret's holder: the intent, and a running monthly gift's cancel link. */
export const followedIntentSchema = donationIntentSchema
  .extend({
    cancel_url: z
      .string()
      .nullable()
      .meta({ description: "For a monthly gift that recurs: the donor's signed link to cancel it without an account (a page of the registry); null otherwise." }),
  })
  .meta({ id: "FollowedDonationIntent" });

/** POST /api/v1/donations/cancel: the token of a monthly gift's cancel link. */
export const giftCancelInputSchema = z.strictObject({ token: z.string({ error: "must be a string" }).min(1).max(2000) });

/** A monthly gift as its cancel page and the cancel endpoint show it: never the donor. */
export const giftSchema = z
  .object({
    intent_id: z.string(),
    ngo: z.object({ slug: z.string(), name: z.string() }),
    amount: z.int(),
    currency: z.enum(CURRENCY_CODES),
    mode: z.enum(["sandbox", "live"]),
    started_at: z.string(),
    state: z.enum(["active", "canceled"]),
  })
  .meta({ id: "MonthlyGift" });

/** What the widget needs to collect the payment details at the provider. */
export const intentPaymentSchema = z
  .object({
    provider: z.string().meta({ description: "sandbox or stripe" }),
    client_secret: z.string().nullable().meta({ description: "The provider's client secret for its own payment fields (Stripe: the PaymentIntent's, or the subscription's first invoice's); null in the sandbox, which takes a test card through /confirm." }),
    publishable_key: z.string().nullable().meta({ description: "The provider's publishable key (Stripe: pk_…); null in the sandbox." }),
  })
  .meta({ id: "DonationIntentPayment" });

export const createdIntentSchema = donationIntentSchema
  .extend({
    client_secret: z.string().meta({ description: "The capability to confirm, cancel and follow the intent: keep it in the donor's page." }),
    payment: intentPaymentSchema,
  })
  .meta({ id: "CreatedDonationIntent" });

/** What operators (and webhook receivers) see: the donor and the key too. */
export const operatorIntentSchema = donationIntentSchema
  .extend({
    donor: z.object({ name: z.string().nullable(), email: z.string().nullable() }),
    message: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
    card_last4: z.string().nullable(),
    api_key_id: z.string().nullable(),
    provider: z.string(),
    amount_refunded: z.int().meta({ description: "Minor units refunded at a live provider so far (0 if none): the gift stays succeeded until it is refunded in full." }),
  })
  .meta({ id: "OperatorDonationIntent" });

export const operatorIntentListSchema = listPageSchema(operatorIntentSchema).meta({ id: "OperatorDonationIntentList" });

/** One payment of a monthly gift at a live provider: its first, or a renewal. */
export const donationPaymentSchema = z
  .object({
    id: z.string().meta({ description: "dp_…" }),
    status: z.enum(["succeeded", "failed", "refunded", "disputed"]),
    amount: z.int(),
    currency: z.enum(CURRENCY_CODES),
    amount_refunded: z.int().meta({ description: "Minor units refunded so far: refunded only once in full." }),
    failure_code: z.string().nullable(),
    provider_invoice_id: z.string().nullable(),
    provider_payment_id: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "DonationPayment" });

export type DonationIntentView = z.infer<typeof donationIntentSchema>;
export type FollowedIntentView = z.infer<typeof followedIntentSchema>;
export type GiftView = z.infer<typeof giftSchema>;
export type DonationPaymentView = z.infer<typeof donationPaymentSchema>;
export type CreatedIntentView = z.infer<typeof createdIntentSchema>;
export type OperatorIntentView = z.infer<typeof operatorIntentSchema>;

export const listIntentsQuerySchema = z.strictObject({
  ngo: slugSchema.optional(),
  status: z.enum(INTENT_STATUSES).optional(),
  created_after: dateTimeSchema("must be an RFC 3339 date-time").optional(),
  created_before: dateTimeSchema("must be an RFC 3339 date-time").optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(500).optional(),
});

export type ListIntentsQuery = z.infer<typeof listIntentsQuerySchema>;
