import { z } from 'zod';
import { currencySchema } from '@beabro/shared/api-schemas/common';
import { countryName } from '@beabro/shared/data/country-options';

const isoDate = z.iso.date();

/**
 * held, processing, paid and carried_over are the weekly payouts' (the sandbox); with Stripe, whose payouts go
 * straight from the creator's Stripe account to their bank, in_transit, paid, failed and canceled are Stripe's.
 */
export const PAYOUT_STATUSES = [
  'held',
  'processing',
  'paid',
  'carried_over',
  'in_transit',
  'failed',
  'canceled',
] as const;

/**
 * One payout to the creator: a week's payout (paid, being sent, held with the reason, or held then paid with a later
 * week), or, with Stripe, one of Stripe's payouts to the creator's bank (on its way, paid, failed, canceled).
 */
export const payoutSchema = z.object({
  /** Ours (a uuid) for a weekly payout; Stripe's (po_...) for Stripe's. */
  id: z.string().min(1),
  /** Monday of the week covered (UTC); null for Stripe's payouts, which pay the balance available. */
  weekStart: isoDate.nullable(),
  /** Sunday of the week covered; null for Stripe's payouts. */
  weekEnd: isoDate.nullable(),
  amountCents: z.number().int().min(0),
  /** ISO 4217, lower case: what the bank receives (Stripe converts a US-dollar balance to the bank's currency). */
  currency: z.string().length(3),
  status: z.enum(PAYOUT_STATUSES),
  holdReason: z.string().nullable(),
  paidAt: z.iso.datetime({ offset: true }).nullable(),
  /** When the bank gets (or got) the money, as Stripe says; null for weekly payouts. */
  arrivalDate: z.iso.datetime({ offset: true }).nullable(),
  /** Stripe's failure code and message for a payout the bank returned. */
  failureCode: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});

/**
 * Who pays the creator out: `platform`, the weekly payouts of each Monday-Sunday week (the sandbox); `stripe`,
 * Stripe, from the creator's Stripe balance to their bank every Tuesday, when no hold applies.
 */
export const PAYOUT_PAYERS = ['platform', 'stripe'] as const;
export type PayoutPayer = (typeof PAYOUT_PAYERS)[number];

/** What the next weekly run would pay, from the ledger as it stands now. */
export const nextPayoutSchema = z.object({
  /** The Tuesday of the next run. */
  scheduledFor: isoDate,
  /** The week it covers; null with Stripe, which pays the whole balance available by then. */
  weekStart: isoDate.nullable(),
  weekEnd: isoDate.nullable(),
  /** Unpaid net earnings up to now (supports until the week's end will add to it). */
  estimatedAmountCents: z.number().int().min(0),
  /** Why that payout would be held, or null. */
  holdReason: z.string().nullable(),
});

export const creatorPayoutsResponseSchema = z.object({
  /** The creator's currency: the balance's and the next payout's (each payout says its own). */
  currency: currencySchema,
  /** Net earned minus paid out: what the platform (or the creator's Stripe account) holds for the creator. */
  balanceCents: z.number().int(),
  payoutCountry: z.string().nullable(),
  payoutCountrySupported: z.boolean(),
  paidBy: z.enum(PAYOUT_PAYERS),
  nextPayout: nextPayoutSchema,
  /** Newest first. */
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
