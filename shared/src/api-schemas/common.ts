import { z } from 'zod';
import { CURRENCIES } from '@beabro/shared/money/currencies';

/** The currency of the amounts beside it (decision 0015): lower-case ISO 4217, as Stripe writes it. */
export const currencySchema = z.enum(CURRENCIES);

/** Every 4xx/5xx body of the API: a message for the form, and per-field messages when a field is at fault. */
export const apiErrorSchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
