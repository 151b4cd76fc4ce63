import { z } from 'zod';
import { supportSchema } from '@beabro/shared/schemas/support';

/**
 * The checkout contract (POST /api/creators/:username/supports), shared by the support page and
 * the API. Amount is in whole dollars as typed on the page; everything the API answers is in cents.
 */
export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Card number is invalid',
  expiryRequired: 'Expiry date is required',
  expiryInvalid: 'Expiry date is invalid',
  expired: 'This card has expired',
  /** The field is labelled "CVC": its messages say CVC too. */
  cvcRequired: 'CVC is required',
  cvcInvalid: 'CVC is invalid',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
} as const;

export const cardSchema = z.object({
  /** Digits, spaces allowed; Luhn-checked by the server. */
  number: z
    .string({ error: CARD_MESSAGES.numberRequired })
    .trim()
    .min(1, { error: CARD_MESSAGES.numberRequired })
    .max(23, { error: CARD_MESSAGES.numberInvalid }),
  expMonth: z
    .number({ error: CARD_MESSAGES.expiryInvalid })
    .int({ error: CARD_MESSAGES.expiryInvalid })
    .min(1, { error: CARD_MESSAGES.expiryInvalid })
    .max(12, { error: CARD_MESSAGES.expiryInvalid }),
  /** Four digits, e.g. 2028. */
  expYear: z
    .number({ error: CARD_MESSAGES.expiryInvalid })
    .int({ error: CARD_MESSAGES.expiryInvalid })
    .min(2000, { error: CARD_MESSAGES.expiryInvalid })
    .max(2100, { error: CARD_MESSAGES.expiryInvalid }),
  cvc: z
    .string({ error: CARD_MESSAGES.cvcRequired })
    .min(1, { error: CARD_MESSAGES.cvcRequired })
    .regex(/^\d{3,4}$/, { error: CARD_MESSAGES.cvcInvalid }),
});

export const checkoutRequestSchema = supportSchema.extend({
  /** Which of the creator's four tiers was chosen, if any (for the receipt and perks). */
  tierPosition: z.number().int().min(0).max(3).nullable().default(null),
  card: cardSchema,
  /** Made by the page for each attempt: a double submit or a retry with the same key charges once. */
  idempotencyKey: z.uuid({ error: 'Reload the page and try again.' }),
});

export const checkoutReceiptSchema = z.object({
  supportId: z.uuid(),
  creatorUsername: z.string(),
  creatorDisplayName: z.string(),
  amountCents: z.number().int(),
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

export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;
export type CheckoutReceipt = z.infer<typeof checkoutReceiptSchema>;
