import { z } from 'zod';
import { currencySchema } from '@beabro/shared/api-schemas/common';
import { paymentCapabilitiesSchema } from '@beabro/shared/api-schemas/payment-capabilities';
import { supportAmountSchema } from '@beabro/shared/schemas/support';

export const SUBSCRIPTION_MESSAGES = {
  linkInvalid:
    'This cancel link is not valid. Use the link in your latest receipt email, or sign in to cancel from your dashboard.',
  linkExpired:
    'This link has expired: the monthly support it was for ended more than 30 days ago. Sign in to manage your monthly supports, or use the link in your newest receipt email.',
  notFound: 'Monthly support not found',
  pauseMonthsInvalid: 'Choose a pause of 1, 2 or 3 months, or until you resume',
  pauseEnded: 'This monthly support is cancelled or has ended: it cannot be paused',
  pausePastDue:
    'This monthly support cannot be paused while its last renewal is being retried. Cancel it instead, or wait for the retry.',
  resumeEnded:
    'This monthly support is cancelled or has ended: it cannot be resumed. You can support the creator again from their page.',
  pausesLimited: 'This monthly support was paused or resumed too many times today. Try again tomorrow.',
  changeEnded:
    'This monthly support is cancelled or has ended: it cannot be changed. You can support the creator again from their page.',
  changePastDue:
    'This monthly support cannot be changed while its last renewal is being retried. Wait for the retry, or cancel it.',
  changesLimited: 'This monthly support was changed too many times today. Try again tomorrow.',
  tierInvalid: 'Choose one of the support options, or a custom amount',
  tierChanged: 'This support option has changed. Reload the page and try again.',
} as const;

/**
 * The receipt link works while its monthly support is active, paused or being retried, and for this many
 * days after it ended (cancelled or lapsed); then it answers SUBSCRIPTION_MESSAGES.linkExpired.
 */
export const RECEIPT_LINK_DAYS_AFTER_END = 30;

/** The page behind the link in every monthly receipt: `/subscriptions/cancel?token=...` (emails already sent link here: keep it). */
export const CANCEL_LINK_PAGE_PATH = '/subscriptions/cancel';
/** The pause choices on that page: `#pause` after its address (the monthly receipt's "Pause" link) opens it there. */
export const PAUSE_SECTION_ID = 'pause';
/** The card section of that page: `#card` after its address (the failed renewal email's link) opens it there. */
export const CARD_SECTION_ID = 'card';
/** What the cancel-link page's buttons do (also the `action` of its form when JavaScript is off). */
export const CANCEL_LINK_ACTIONS = ['cancel', 'pause', 'resume'] as const;
export type CancelLinkAction = (typeof CANCEL_LINK_ACTIONS)[number];
/** The pause choice as the page's form sends it: 1, 2 or 3 months, or until resumed. */
export const PAUSE_CHOICES = ['1', '2', '3', 'until-resumed'] as const;
export type PauseChoice = (typeof PAUSE_CHOICES)[number];
/**
 * Why an action of the page's form (JavaScript off) was refused, in `?error=` when the server sends the
 * browser back to the page: a key of SUBSCRIPTION_MESSAGES, or `failed` (our side: try again).
 */
export const CANCEL_LINK_ERRORS = [
  'linkInvalid',
  'linkExpired',
  'notFound',
  'pauseMonthsInvalid',
  'pauseEnded',
  'pausePastDue',
  'resumeEnded',
  'pausesLimited',
  'changeEnded',
  'changePastDue',
  'changesLimited',
  'tierInvalid',
  'tierChanged',
  'failed',
] as const;
export type CancelLinkError = (typeof CANCEL_LINK_ERRORS)[number];

/** How long a pause lasts, in months; null pauses until the supporter resumes. */
export const PAUSE_MONTHS = [1, 2, 3] as const;
export type PauseMonths = (typeof PAUSE_MONTHS)[number];

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'paused', 'canceled', 'lapsed'] as const;
export const subscriptionStatusSchema = z.enum(SUBSCRIPTION_STATUSES);

/** A monthly support, as its supporter sees it. */
export const subscriptionSchema = z.object({
  id: z.uuid(),
  creatorUsername: z.string(),
  creatorDisplayName: z.string(),
  amountCents: z.number().int().min(0),
  currency: currencySchema,
  /** The creator's tier (0 to 3) it is at, or null for a custom amount. */
  tierPosition: z.number().int().min(0).max(3).nullable(),
  /**
   * active: renews; past_due: the last renewal failed and will be retried; paused: nothing is charged
   * until it is resumed (by its supporter, or at `pausedUntil`); canceled or lapsed: ended.
   */
  status: subscriptionStatusSchema,
  /** Canceled by the supporter: it stays active until currentPeriodEnd, then ends without another charge. */
  cancelAtPeriodEnd: z.boolean(),
  currentPeriodEnd: z.iso.datetime({ offset: true }),
  /** A paused support resumes by itself on this date (its next charge); null while not paused or paused until resumed. */
  pausedUntil: z.iso.datetime({ offset: true }).nullable(),
  /** When the next charge is attempted (renewal or retry); null once nothing more will be charged (or paused until resumed). */
  nextChargeAt: z.iso.datetime({ offset: true }).nullable(),
  /** When it ends or ended (period end for a cancellation, the lapse date); null while it renews. */
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  /** Past due because the bank asks the supporter to confirm the renewal (3-D Secure); the email has the link. */
  needsConfirmation: z.boolean(),
});

export const subscriptionResponseSchema = z.object({ subscription: subscriptionSchema });

export const subscriptionIdParamsSchema = z.object({ id: z.uuid({ error: SUBSCRIPTION_MESSAGES.notFound }) });

/** The token from the receipt email's link `/subscriptions/cancel?token=...`. */
export const cancelTokenSchema = z
  .string({ error: SUBSCRIPTION_MESSAGES.linkInvalid })
  .trim()
  .min(1, { error: SUBSCRIPTION_MESSAGES.linkInvalid })
  .max(200, { error: SUBSCRIPTION_MESSAGES.linkInvalid });
export const cancelLinkQuerySchema = z.object({ token: cancelTokenSchema });
export const cancelByLinkRequestSchema = z.object({ token: cancelTokenSchema });

const pauseMonthsSchema = z.literal(PAUSE_MONTHS, { error: SUBSCRIPTION_MESSAGES.pauseMonthsInvalid }).nullable();
/** POST /api/subscriptions/:id/pause: `months` 1, 2 or 3, or null for "until I resume". */
export const pauseSubscriptionRequestSchema = z.object(
  { months: pauseMonthsSchema },
  { error: SUBSCRIPTION_MESSAGES.pauseMonthsInvalid },
);
/** The same with the receipt link's token, for a guest. */
export const pauseByLinkRequestSchema = z.object({ token: cancelTokenSchema, months: pauseMonthsSchema });
export const resumeByLinkRequestSchema = z.object({ token: cancelTokenSchema });

/** The tier a changed monthly support moves to (its amount is the tier's), or null for a custom amount. */
const changeTierSchema = z
  .number({ error: SUBSCRIPTION_MESSAGES.tierInvalid })
  .int({ error: SUBSCRIPTION_MESSAGES.tierInvalid })
  .min(0, { error: SUBSCRIPTION_MESSAGES.tierInvalid })
  .max(3, { error: SUBSCRIPTION_MESSAGES.tierInvalid })
  .nullable()
  .default(null);
/**
 * POST /api/subscriptions/:id/change: the new monthly amount in whole dollars (at least the creator's
 * minimum) and the tier it is at, if any. It takes effect at the next renewal.
 */
export const changeSubscriptionRequestSchema = z
  .object({ amount: supportAmountSchema, tierPosition: changeTierSchema })
  .strict();
/** The words of a raise through a receipt's link, confirmed from an email (`/subscriptions/confirm-change`). */
export const CHANGE_CONFIRM_MESSAGES = {
  linkInvalid:
    'This confirmation link is not valid any more: it was used already, or a newer one was sent. Ask for the new amount again from the link in your receipt.',
  linkExpired:
    'This confirmation link has expired (it works for 24 hours). Ask for the new amount again from the link in your receipt.',
  noEmail:
    'This monthly support has no email address to confirm a higher amount with. Sign in to raise it from your dashboard.',
} as const;

/**
 * POST /api/subscriptions/change-by-link answers 202 with this when the amount goes up: nothing changes until
 * the supporter confirms with the link emailed to the address on file (masked in `sentTo`).
 */
export const raisePendingResponseSchema = z.object({
  message: z.string(),
  pending: z.object({
    amountCents: z.number().int().min(0),
    currency: currencySchema,
    sentTo: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
});
export type RaisePendingResponse = z.infer<typeof raisePendingResponseSchema>;

/** The page behind the link of a "confirm your new monthly amount" email: `/subscriptions/confirm-change?token=...`. */
export const CONFIRM_CHANGE_PAGE_PATH = '/subscriptions/confirm-change';
/** The token of that link: random, used once, valid 24 hours. */
export const confirmChangeRequestSchema = z.object({
  token: z
    .string({ error: CHANGE_CONFIRM_MESSAGES.linkInvalid })
    .trim()
    .min(1, { error: CHANGE_CONFIRM_MESSAGES.linkInvalid })
    .max(200, { error: CHANGE_CONFIRM_MESSAGES.linkInvalid }),
});

/** The same with the receipt link's token, for a guest. */
export const changeByLinkRequestSchema = changeSubscriptionRequestSchema.extend({ token: cancelTokenSchema }).strict();

export type SubscriptionDto = z.infer<typeof subscriptionSchema>;
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** The page behind the link in a "confirm your renewal" email: `/subscriptions/confirm?token=...`. */
export const CONFIRM_RENEWAL_PAGE_PATH = '/subscriptions/confirm';

export const RENEWAL_CONFIRM_MESSAGES = {
  linkInvalid:
    'This confirmation link is not valid. Use the link in your latest email, or sign in to see your monthly supports.',
  expired:
    'This confirmation link has expired: the renewal was retried or the monthly support ended. Nothing was charged through it.',
  alreadyPaid: 'This payment is already confirmed. Thank you: your monthly support continues.',
  failed:
    'Your bank did not confirm the payment, so nothing was charged. We will try the renewal again as the email said.',
} as const;

const confirmTokenSchema = z
  .string({ error: RENEWAL_CONFIRM_MESSAGES.linkInvalid })
  .trim()
  .min(1, { error: RENEWAL_CONFIRM_MESSAGES.linkInvalid })
  .max(200, { error: RENEWAL_CONFIRM_MESSAGES.linkInvalid });
export const confirmRenewalQuerySchema = z.object({ token: confirmTokenSchema });
export const confirmRenewalRequestSchema = z.object({ token: confirmTokenSchema });

/** What the provider needs to show the bank's challenge of an intent awaiting authentication. */
export const paymentActionSchema = z.object({
  /** What the provider can do: its `cardField` says who shows the challenge (the sandbox's frame or Stripe.js). */
  capabilities: paymentCapabilitiesSchema,
  intentId: z.string(),
  clientSecret: z.string(),
  /** The sandbox's card frame, which shows only the bank's challenge. */
  frameUrl: z.string(),
  /** Stripe only: the publishable key Stripe.js is loaded with (handleNextAction). */
  publishableKey: z.string().optional(),
});

/** GET /api/subscriptions/confirm: the renewal a confirmation link is for, and what the card field needs. */
export const renewalConfirmationSchema = z.object({
  creatorUsername: z.string(),
  creatorDisplayName: z.string(),
  amountCents: z.number().int().min(0),
  currency: currencySchema,
  /** The month being paid: its start and end. */
  periodStart: z.iso.datetime({ offset: true }),
  periodEnd: z.iso.datetime({ offset: true }),
  cardBrand: z.string(),
  cardLast4: z.string(),
  /** The provider's intent awaiting authentication and its client secret, for the provider's card field. */
  payment: paymentActionSchema,
  /** The bank's challenge was failed: nothing was charged; the page offers to try again or use another card. */
  authenticationFailed: z.boolean(),
  /**
   * The provider declined the renewal off session because the bank wants the supporter (Stripe): no challenge is open
   * yet; the page's button charges the month on session (POST /confirm/retry), and the bank's challenge follows.
   */
  bankCheckToStart: z.boolean(),
  /** The receipt link's page at its card section (no sign-in): another card for the month, charged at once. */
  cardLinkPath: z.string(),
});
export const renewalConfirmationResponseSchema = z.object({ confirmation: renewalConfirmationSchema });
/** POST /api/subscriptions/confirm/retry: a new bank challenge on the same card after a failed one (or paid already). */
export const renewalConfirmRetryResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('paid') }),
  z.object({ status: z.literal('awaiting'), confirmation: renewalConfirmationSchema }),
]);
/** POST /api/subscriptions/confirm: the outcome once the card field answered (read from the provider). */
export const renewalConfirmResultSchema = z.object({ status: z.enum(['paid', 'awaiting']) });

export type RenewalConfirmation = z.infer<typeof renewalConfirmationSchema>;
export type RenewalConfirmResult = z.infer<typeof renewalConfirmResultSchema>;
export type RenewalConfirmRetryResult = z.infer<typeof renewalConfirmRetryResultSchema>;

/*
 * Replacing the card of a monthly support: the supporter types the new card in the provider's card field in setup
 * mode (no card data through our API), then the subscription keeps the new card. A support whose renewal is being
 * retried is charged again at once with it.
 */

export const CARD_CHANGE_MESSAGES = {
  setupInvalid: 'This card change was not found. Reload the page and type the card again.',
  notSaved: 'Your new card was not saved. Check the card details and try again.',
  cardEnded:
    'This monthly support is cancelled or has ended: its card cannot be changed. You can support the creator again from their page.',
  changesLimited: 'The card of this monthly support was changed too many times today. Try again tomorrow.',
  otherProvider:
    'This monthly support was started with another payment provider: its card cannot be changed here. Cancel it and support the creator again from their page.',
  retryFailed: 'Your new card is saved, but the payment did not go through:',
  newerCard:
    'A card saved later replaced this one already: this support keeps the newer card. Reload the page to see it.',
} as const;

/** What the provider's card field needs to save a card (the card itself never reaches our API). */
export const cardSetupStartSchema = z.object({
  /** What the provider can do: its `cardField` says which card field saves the card. */
  capabilities: paymentCapabilitiesSchema,
  /** True in the sandbox: the page says "test mode". */
  testMode: z.boolean(),
  setupId: z.string(),
  clientSecret: z.string(),
  /** The provider-hosted card field. */
  cardFrameUrl: z.string(),
  /** Stripe only: the publishable key Stripe.js is loaded with. */
  publishableKey: z.string().optional(),
});
export const cardSetupStartResponseSchema = z.object({ setup: cardSetupStartSchema });

const setupIdSchema = z
  .string({ error: CARD_CHANGE_MESSAGES.setupInvalid })
  .trim()
  .min(1, { error: CARD_CHANGE_MESSAGES.setupInvalid })
  .max(100, { error: CARD_CHANGE_MESSAGES.setupInvalid });
/** POST /api/subscriptions/:id/card/complete, once the card field has saved the card. */
export const cardChangeCompleteRequestSchema = z.object({ setupId: setupIdSchema }).strict();
/** The same with the receipt link's token, for a guest. */
export const cardByLinkRequestSchema = z.object({ token: cancelTokenSchema }).strict();
export const cardByLinkCompleteRequestSchema = z.object({ token: cancelTokenSchema, setupId: setupIdSchema }).strict();

/**
 * The charge made at once with the new card when the support's renewal was being retried: paid; refused (the
 * provider's reason; the scheduled retries stay as they were); or the bank asks the supporter to confirm it now
 * (`confirmToken` is the token of `/api/subscriptions/confirm`, which records the outcome).
 */
export const cardRetrySchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('paid') }),
  z.object({ status: z.literal('failed'), message: z.string() }),
  z.object({ status: z.literal('requires_action'), confirmToken: z.string(), payment: paymentActionSchema }),
]);
export const cardChangeResponseSchema = z.object({
  subscription: subscriptionSchema,
  /** The card now kept for renewals (brand and last four only). */
  card: z.object({ brand: z.string(), last4: z.string() }),
  retry: cardRetrySchema.nullable(),
});

export type CardSetupStart = z.infer<typeof cardSetupStartSchema>;
export type CardRetry = z.infer<typeof cardRetrySchema>;
export type CardChangeResponse = z.infer<typeof cardChangeResponseSchema>;
export type PaymentAction = z.infer<typeof paymentActionSchema>;
