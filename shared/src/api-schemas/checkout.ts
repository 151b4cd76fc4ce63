import { z } from 'zod';
import { currencySchema } from '@beabro/shared/api-schemas/common';
import { paymentCapabilitiesSchema } from '@beabro/shared/api-schemas/payment-capabilities';
import { checkWallChoice, supportSchema } from '@beabro/shared/schemas/support';

/**
 * The checkout contract, shared by the support page and the API. Amount is in whole dollars as typed
 * on the page; everything the API answers is in cents. No card data: the card is typed into the
 * payment provider's own field, which confirms the payment intent this starts.
 *
 * 1. POST /api/creators/:username/supports: the support's details; answers the intent to confirm
 *    (`payment`), or the receipt when this attempt was already paid.
 * 2. The provider's field confirms the intent in the browser (3-D Secure there when the bank asks).
 * 3. POST /api/payments/intents/:intentId/complete: the API asks the provider for the outcome and
 *    answers the receipt (200), 202 while it is still pending, or 402 with the provider's reason.
 */
export const checkoutRequestSchema = supportSchema
  .extend({
    /** Which of the creator's four tiers was chosen, if any (for the receipt and perks). */
    tierPosition: z.number().int().min(0).max(3).nullable().default(null),
    /** Made by the page for each attempt: a double submit or a retry with the same key charges once. */
    idempotencyKey: z.uuid({ error: 'Reload the page and try again.' }),
  })
  .strict()
  .superRefine(checkWallChoice);

/** Where the sandbox provider serves its card field (a real provider's lives on its own domain). */
export const SANDBOX_CARD_FRAME_PATH = '/sandbox-pay/v1/card-frame';

export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;

/** What the browser needs to confirm a payment in the provider's card field. */
export const paymentStartSchema = z.object({
  /** What the provider can do: its `cardField` says which card field confirms the intent. */
  capabilities: paymentCapabilitiesSchema,
  /** True in the sandbox: the page says "test mode". */
  testMode: z.boolean(),
  intentId: z.string(),
  clientSecret: z.string(),
  status: z.enum(PAYMENT_INTENT_STATUSES),
  /** The provider-hosted card field. */
  cardFrameUrl: z.string(),
  /** Stripe only: the publishable key Stripe.js is loaded with. */
  publishableKey: z.string().optional(),
});

export const paymentCompleteRequestSchema = z.object({ clientSecret: z.string().min(1).max(200) }).strict();
export const paymentIntentParamsSchema = z.object({ intentId: z.string().min(1).max(100) });
export const paymentPendingSchema = z.object({ status: z.enum(PAYMENT_INTENT_STATUSES) });

export const checkoutReceiptSchema = z.object({
  supportId: z.uuid(),
  creatorUsername: z.string(),
  creatorDisplayName: z.string(),
  amountCents: z.number().int(),
  currency: currencySchema,
  platformFeeCents: z.number().int(),
  processingFeeCents: z.number().int(),
  creatorNetCents: z.number().int(),
  isRecurring: z.boolean(),
  /** Set for monthly support: the subscription that renews. */
  subscriptionId: z.uuid().nullable(),
  nextChargeAt: z.iso.datetime({ offset: true }).nullable(),
  cardBrand: z.string(),
  cardLast4: z.string().length(4),
  receiptEmail: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  /** True when this answer repeats an earlier attempt with the same idempotency key. */
  replayed: z.boolean(),
});

export const checkoutResponseSchema = z.object({ receipt: checkoutReceiptSchema });
export const checkoutStartResponseSchema = z.union([z.object({ payment: paymentStartSchema }), checkoutResponseSchema]);

export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
export type PaymentStart = z.infer<typeof paymentStartSchema>;
export type CheckoutStartResponse = z.infer<typeof checkoutStartResponseSchema>;
export type CheckoutReceipt = z.infer<typeof checkoutReceiptSchema>;
