import { z } from 'zod';

export const SUBSCRIPTION_MESSAGES = {
  linkInvalid: 'This cancel link is not valid. Use the link in your latest receipt email, or sign in to cancel from your dashboard.',
  notFound: 'Monthly support not found',
} as const;

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled', 'lapsed'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** A monthly support, as its supporter sees it. */
export const subscriptionSchema = z.object({
  id: z.uuid(),
  creatorUsername: z.string(),
  creatorDisplayName: z.string(),
  amountCents: z.number().int().min(0),
  /** active: renews; past_due: the last renewal failed and will be retried; canceled or lapsed: ended. */
  status: subscriptionStatusSchema,
  /** Canceled by the supporter: it stays active until currentPeriodEnd, then ends without another charge. */
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.iso.datetime({ offset: true }),
  /** When the next charge is attempted (renewal or retry); null once nothing more will be charged. */
  nextChargeAt: z.iso.datetime({ offset: true }).nullable(),
  /** When it ends or ended (period end for a cancellation, the lapse date); null while it renews. */
  endsAt: z.iso.datetime({ offset: true }).nullable(),
});

export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });

export const subscriptionIdParamsSchema = z.object({ id: z.uuid({ error: SUBSCRIPTION_MESSAGES.notFound }) });

/** The token from the receipt email's link `/subscriptions/cancel?token=...`. */
export const cancelTokenSchema = z.string({ error: SUBSCRIPTION_MESSAGES.linkInvalid }).trim().min(1, { error: SUBSCRIPTION_MESSAGES.linkInvalid }).max(200, { error: SUBSCRIPTION_MESSAGES.linkInvalid });
export const cancelLinkQuerySchema = z.object({ token: cancelTokenSchema });
export const cancelByLinkRequestSchema = z.object({ token: cancelTokenSchema });

export type SubscriptionDto = z.infer<typeof subscriptionSchema>;
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;
