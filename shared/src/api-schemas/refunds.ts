import { z } from 'zod';
import { currencySchema } from '@beabro/shared/api-schemas/common';
import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import { receivedSupportSchema } from '@beabro/shared/api-schemas/supports';

/*
 * POST /api/creator/supports/:supportId/refunds (header Idempotency-Key): a creator refunds a support
 * they received, in full or in part. The platform fee is returned pro rata; the processing fee is not.
 */

export const REFUND_REASONS = ['requested_by_supporter', 'duplicate', 'fraudulent', 'other'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The reason select's options, in order. */
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  requested_by_supporter: 'Requested by the supporter',
  duplicate: 'Duplicate support',
  fraudulent: 'Fraudulent or not recognised',
  other: 'Other',
};

export const REFUND_NOTE_MAX = 200;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export const REFUND_MESSAGES = {
  amountRequired: 'Enter the amount to refund',
  amountFormat: 'Enter an amount with up to two decimals, like 2.50',
  amountAtLeastOneMinorUnit: 'Enter an amount of at least 0.01',
  amountTooSmall: (currency: Currency) => `The smallest refund is ${formatMoney(1, currency)}`,
  tooMuch: (refundableCents: number, currency: Currency) =>
    `You can refund at most ${formatMoney(refundableCents, currency)}`,
  fullyRefunded: 'This support has already been refunded in full.',
  reasonRequired: 'Choose a reason for the refund',
  noteTooLong: `The note must be ${REFUND_NOTE_MAX} characters or less`,
  notFound: 'Support not found',
  notRefundable: 'This support was not paid through the payment provider, so it cannot be refunded here.',
  noSubscription: 'This support has no monthly support that is still running.',
  keyMissing: 'Send an Idempotency-Key header (8 to 200 letters, digits, "-", "_" or ":") with each refund',
  keyReused: 'This refund was already submitted with different details. Close the dialog and try again.',
  inProgress: 'This refund is already being processed.',
  interrupted: 'The refund was interrupted and nothing was refunded. Please try again.',
} as const;

/** Cents in the API; the dialog turns the dollars typed into cents with refundAmountToCents. */
export const refundRequestSchema = z.object({
  amountCents: z
    .number({ error: REFUND_MESSAGES.amountRequired })
    .int({ error: REFUND_MESSAGES.amountFormat })
    .min(1, { error: REFUND_MESSAGES.amountAtLeastOneMinorUnit })
    .max(100_000_000, { error: REFUND_MESSAGES.amountFormat }),
  reason: z.enum(REFUND_REASONS, { error: REFUND_MESSAGES.reasonRequired }),
  note: z
    .string({ error: REFUND_MESSAGES.noteTooLong })
    .trim()
    .max(REFUND_NOTE_MAX, { error: REFUND_MESSAGES.noteTooLong })
    .default(''),
  /** Only for a monthly support's charge: also ends the monthly support now. */
  cancelSubscription: z.boolean().default(false),
});

export const refundHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string({ error: REFUND_MESSAGES.keyMissing })
    .regex(/^[A-Za-z0-9_:-]{8,200}$/, { error: REFUND_MESSAGES.keyMissing })
    .describe('A key made by the client for this refund: a repeat with the same key returns the first answer'),
});

export const supportIdParamsSchema = z.object({ supportId: z.uuid({ error: REFUND_MESSAGES.notFound }) });

export const refundSchema = z.object({
  id: z.uuid(),
  supportId: z.uuid(),
  amountCents: z.number().int().min(1),
  currency: currencySchema,
  platformFeeReturnedCents: z.number().int().min(0),
  /** What came off the creator's balance. */
  creatorDebitCents: z.number().int().min(0),
  reason: z.enum(REFUND_REASONS),
  note: z.string(),
  subscriptionCanceled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});

export const refundResponseSchema = z.object({
  refund: refundSchema,
  /** The support as the dashboard lists it now. */
  support: receivedSupportSchema,
  /** True when this answers a repeat of an earlier request with the same key. */
  replayed: z.boolean(),
});

export type RefundRequest = z.input<typeof refundRequestSchema>;
export type RefundDto = z.infer<typeof refundSchema>;
export type RefundResponse = z.infer<typeof refundResponseSchema>;

/** An amount as typed, with or without its currency's symbol: "2.50", "$3", "£3.5", "CA$4", "A$4". */
const DOLLARS_AND_CENTS = /^(?:CA\$|A\$|\$|£)?\s*(\d{1,7})(?:\.(\d{1,2}))?$/;

/** The dialog's amount field ("2.50", "$3", "3.5") in cents, or the field's message. */
export function refundAmountToCents(
  text: string,
  refundableCents: number,
  currency: Currency,
): { cents: number } | { error: string } {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { error: REFUND_MESSAGES.amountRequired };
  const match = DOLLARS_AND_CENTS.exec(trimmed);
  if (!match) return { error: REFUND_MESSAGES.amountFormat };
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (cents < 1) return { error: REFUND_MESSAGES.amountTooSmall(currency) };
  if (cents > refundableCents) return { error: REFUND_MESSAGES.tooMuch(refundableCents, currency) };
  return { cents };
}

/** "12.50" from 1250, for the amount field's default. */
export function centsToAmountText(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
