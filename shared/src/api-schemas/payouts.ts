import { z } from 'zod';
import { countryName } from '@beabro/shared/data/country-options';

const isoDate = z.iso.date();

export const PAYOUT_STATUSES = ['held', 'processing', 'paid', 'carried_over'] as const;

/** One week's payout: paid, being sent, held (with the reason), or held then paid with a later week. */
export const payoutSchema = z.object({
  id: z.uuid(),
  /** Monday of the week covered (UTC). */
  weekStart: isoDate,
  /** Sunday of the week covered. */
  weekEnd: isoDate,
  amountCents: z.number().int().min(0),
  status: z.enum(PAYOUT_STATUSES),
  holdReason: z.string().nullable(),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** What the next weekly run would pay, from the ledger as it stands now. */
export const nextPayoutSchema = z.object({
  /** The Tuesday of the next run. */
  scheduledFor: isoDate,
  weekStart: isoDate,
  weekEnd: isoDate,
  /** Unpaid net earnings up to now (supports until the week's end will add to it). */
  estimatedAmountCents: z.number().int().min(0),
  /** Why that payout would be held, or null. */
  holdReason: z.string().nullable(),
});

export const creatorPayoutsResponseSchema = z.object({
  /** Net earned minus paid out: what the platform holds for the creator. */
  balanceCents: z.number().int(),
  payoutCountry: z.string().nullable(),
  payoutCountrySupported: z.boolean(),
  nextPayout: nextPayoutSchema,
  /** Newest week first. */
  payouts: z.array(payoutSchema),
});

export type PayoutDto = z.infer<typeof payoutSchema>;
export type NextPayoutDto = z.infer<typeof nextPayoutSchema>;
export type CreatorPayoutsResponse = z.infer<typeof creatorPayoutsResponseSchema>;

/** Why a payout is held; shown as the payout's `holdReason`. */
export const PAYOUT_HOLD_MESSAGES = {
  noCountry:
    'Payouts are held until you set your country in Settings. Payouts go to creators in the United States, Canada, the United Kingdom and Australia; you keep receiving support meanwhile.',
  /** `country` is the code; the message names the country ("New Zealand", not "NZ"). */
  unsupportedCountry: (country: string) =>
    `Payouts are held: ${countryName(country)} is not a supported payout country yet. Payouts go to creators in the United States, Canada, the United Kingdom and Australia; you keep receiving support and your balance is kept for you.`,
  accountDeleted:
    'Payouts are held because this creator account was deleted; the remaining balance is kept for review.',
  suspended: 'Payouts are held while this account is suspended. Your balance is kept for you.',
  awaitingReview:
    'Your first payout above our review threshold is waiting for a quick review by our team; it will be paid once reviewed.',
  underReview: 'Payouts are held while our team reviews recent activity on this account. Your balance is kept for you.',
  firstPayout: (releaseDate: string) =>
    `Your first payout is held for a 7-day verification period after your first support; it will be paid on ${releaseDate}.`,
} as const;
