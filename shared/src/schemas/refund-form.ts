import { z } from 'zod';
import {
  REFUND_MESSAGES,
  REFUND_NOTE_MAX,
  REFUND_REASONS,
  refundAmountToCents,
  type RefundRequest,
} from '@beabro/shared/api-schemas/refunds';
import type { Currency } from '@beabro/shared/money/currencies';

/**
 * The refund dialog's rules, for at most `refundableCents`: the request's own messages, and the typed dollars
 * turned into the request's cents. Field names are the request's, so the API's field messages land on them.
 */
export function refundFormSchema(refundableCents: number, currency: Currency) {
  return z.object({
    amountCents: z.string().transform((text, context) => {
      const parsed = refundAmountToCents(text, refundableCents, currency);
      if ('cents' in parsed) return parsed.cents;
      context.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }),
    // A string in (the select starts on "Choose a reason"), one of the reasons out.
    reason: z.string().pipe(z.enum(REFUND_REASONS, { error: REFUND_MESSAGES.reasonRequired })),
    note: z.string().trim().max(REFUND_NOTE_MAX, { error: REFUND_MESSAGES.noteTooLong }),
    cancelSubscription: z.boolean(),
  }) satisfies z.ZodType<Required<RefundRequest>>;
}

/** What the refund dialog's fields hold: the amount as typed in dollars, "" until a reason is chosen. */
export type RefundFormInput = z.input<ReturnType<typeof refundFormSchema>>;
