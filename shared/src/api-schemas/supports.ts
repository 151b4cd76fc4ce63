import { z } from 'zod';

const cents = z.number().int().min(0);

/** A support as the creator who received it sees it (dashboard). Anonymous supports have no name. */
export const receivedSupportSchema = z.object({
  id: z.uuid(),
  /** Null when anonymous or no name was given: show "Anonymous" / "?". */
  name: z.string().nullable(),
  amountCents: cents,
  /** What the creator receives from it after both fees. */
  creatorNetCents: cents,
  message: z.string(),
  isAnonymous: z.boolean(),
  isRecurring: z.boolean(),
  /** A monthly renewal charged automatically, not a new visit to the support page. */
  isRenewal: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});

/** A support as the supporter who gave it sees it (history on /supporter-dashboard). */
export const givenSupportSchema = z.object({
  id: z.uuid(),
  creatorUsername: z.string(),
  creatorDisplayName: z.string(),
  amountCents: cents,
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
});

export type ReceivedSupportDto = z.infer<typeof receivedSupportSchema>;
export type GivenSupportDto = z.infer<typeof givenSupportSchema>;
