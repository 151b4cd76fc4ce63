import { z } from 'zod';
import { currencySchema } from '@beabro/shared/api-schemas/common';
import { wallStateSchema } from '@beabro/shared/api-schemas/supporter-wall';

const cents = z.number().int().min(0);

/** A support as the creator who received it sees it (dashboard). Anonymous supports have no name. */
export const receivedSupportSchema = z.object({
  id: z.uuid(),
  /** Null when anonymous or no name was given: show "Anonymous" / "?". */
  name: z.string().nullable(),
  amountCents: cents,
  currency: currencySchema,
  /** What the creator receives from it after both fees. */
  creatorNetCents: cents,
  message: z.string(),
  isAnonymous: z.boolean(),
  isRecurring: z.boolean(),
  /** A monthly renewal charged automatically, not a new visit to the support page. */
  isRenewal: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** Fees of the support as charged (the refund dialog shows what a refund returns). */
  platformFeeCents: cents,
  processingFeeCents: cents,
  /** Completed refunds so far, and the platform fee they returned. */
  refundedCents: cents,
  platformFeeReturnedCents: cents,
  /** What can still be refunded; 0 when fully refunded or not paid through the payment provider. */
  refundableCents: cents,
  /** The monthly support this charge belongs to is still running or paused (a refund may also end it). */
  subscriptionActive: z.boolean(),
  /** Where this support's supporter stands on the creator's wall; null when they are not on it. */
  wall: wallStateSchema.nullable(),
});

/** A support as the supporter who gave it sees it (history on /supporter-dashboard). */
export const givenSupportSchema = z.object({
  id: z.uuid(),
  creatorUsername: z.string(),
  creatorDisplayName: z.string(),
  amountCents: cents,
  /** The creator's currency: a supporter's supports may be in several. */
  currency: currencySchema,
  platformFeeCents: cents,
  processingFeeCents: cents,
  creatorNetCents: cents,
  message: z.string(),
  isAnonymous: z.boolean(),
  isRecurring: z.boolean(),
  isRenewal: z.boolean(),
  /** Made as a guest with this account's (verified) email rather than signed in. */
  asGuest: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  /** What the creator refunded of it so far (0: none). */
  refundedCents: cents,
});

export type ReceivedSupportDto = z.infer<typeof receivedSupportSchema>;
export type GivenSupportDto = z.infer<typeof givenSupportSchema>;
