import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import { formatEmailDate } from '../email/format-email-date';
import type { OutgoingEmail } from '../email/email-outbox';
import { composeEmail, EMAIL_REASONS, notificationSettingsUrl } from '../email/email-template';

/* Emails about a monthly support's life: a renewal that failed, the lapse, the cancellation. */

interface SubscriptionFacts {
  subscriptionId: string;
  creatorDisplayName: string;
  creatorUsername: string;
  amountCents: number;
  currency: Currency;
  cardBrand: string;
  cardLast4: string;
  origin: string;
}

const supportPage = (f: SubscriptionFacts) => `${f.origin.replace(/\/+$/, '')}/${f.creatorUsername}/support`;

/** A renewal charge failed and will be retried on `retryAt`. */
export async function renewalFailedEmail(
  to: string,
  f: SubscriptionFacts & {
    chargeId: string;
    attempt: number;
    failureMessage: string;
    retryAt: Date;
    cancelUrl: string;
    /** The receipt link at its card section: a new card is charged at once, no sign-in needed. */
    updateCardUrl: string;
  },
): Promise<OutgoingEmail> {
  const subject = `Your monthly support to ${f.creatorDisplayName} could not be renewed`;
  const lines = [
    `We could not charge ${formatMoney(f.amountCents, f.currency)} to your ${f.cardBrand} ending in ${f.cardLast4} for your monthly support to ${f.creatorDisplayName}: ${f.failureMessage}`,
    `Update your card with the button below and we charge the new card right away. Otherwise we will try again on ${formatEmailDate(f.retryAt)}; if that keeps failing, the monthly support stops.`,
  ];
  return composeEmail(
    { kind: 'renewal-failed', dedupeKey: `renewal-failed:${f.chargeId}:${f.attempt}`, to, subject },
    {
      heading: subject,
      blocks: [...lines, `Not supporting any more? You can cancel without signing in: ${f.cancelUrl}`],
      action: { label: 'Update card and retry', url: f.updateCardUrl },
      reason: EMAIL_REASONS.supporter(f.creatorDisplayName),
    },
  );
}

/** The renewal asks for the supporter's authentication (3-D Secure): a link to confirm it, retried meanwhile. */
export async function renewalNeedsConfirmationEmail(
  to: string,
  f: SubscriptionFacts & {
    chargeId: string;
    attempt: number;
    periodStart: Date;
    retryAt: Date;
    confirmUrl: string;
    cancelUrl: string;
  },
): Promise<OutgoingEmail> {
  const subject = `Confirm your monthly support to ${f.creatorDisplayName}`;
  const month = f.periodStart.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return composeEmail(
    { kind: 'renewal-needs-confirmation', dedupeKey: `renewal-confirm:${f.chargeId}:${f.attempt}`, to, subject },
    {
      heading: subject,
      blocks: [
        `Your bank asks you to confirm the payment of ${formatMoney(f.amountCents, f.currency)} on your ${f.cardBrand} ending in ${f.cardLast4} for ${month} of your monthly support to ${f.creatorDisplayName}. Nothing was charged yet.`,
        `Confirm it with the button below. Otherwise we will try again on ${formatEmailDate(f.retryAt)}; if the payment still cannot go through, the monthly support stops.`,
        `Not supporting any more? You can cancel without signing in: ${f.cancelUrl}`,
      ],
      action: { label: 'Confirm payment', url: f.confirmUrl },
      reason: EMAIL_REASONS.supporter(f.creatorDisplayName),
    },
  );
}

/** Every retry failed: the subscription lapsed, nothing more will be charged. */
export async function subscriptionLapsedEmail(
  to: string,
  f: SubscriptionFacts & { failureMessage: string },
): Promise<OutgoingEmail> {
  const subject = `Your monthly support to ${f.creatorDisplayName} has stopped`;
  const lines = [
    `We tried several times to renew your monthly support of ${formatMoney(f.amountCents, f.currency)} to ${f.creatorDisplayName} with your ${f.cardBrand} ending in ${f.cardLast4}, without success (${f.failureMessage}).`,
    'Your monthly support has stopped and nothing more will be charged.',
  ];
  return composeEmail(
    { kind: 'subscription-lapsed', dedupeKey: `subscription-lapsed:${f.subscriptionId}`, to, subject },
    {
      heading: subject,
      blocks: lines,
      action: { label: `Support ${f.creatorDisplayName} again`, url: supportPage(f) },
      reason: EMAIL_REASONS.supporter(f.creatorDisplayName),
    },
  );
}

/** Confirms a cancellation: when the last paid month ends (or that it ended at once). */
export async function subscriptionCanceledEmail(
  to: string,
  f: SubscriptionFacts & { endsAt: Date },
): Promise<OutgoingEmail> {
  const subject = `Monthly support to ${f.creatorDisplayName} cancelled`;
  const lines = [
    `Your monthly support of ${formatMoney(f.amountCents, f.currency)} to ${f.creatorDisplayName} is cancelled. Nothing more will be charged.`,
    `It stays active until ${formatEmailDate(f.endsAt)}.`,
    `Thank you for supporting ${f.creatorDisplayName}! You can support them again anytime.`,
  ];
  return composeEmail(
    { kind: 'subscription-canceled', dedupeKey: `subscription-canceled:${f.subscriptionId}`, to, subject },
    {
      heading: subject,
      blocks: lines,
      action: { label: `Support ${f.creatorDisplayName} again`, url: supportPage(f) },
      reason: EMAIL_REASONS.supporter(f.creatorDisplayName),
    },
  );
}

/** The supporter paused (or changed the pause): nothing is charged until `resumesAt`, or until they resume. */
export async function subscriptionPausedEmail(
  to: string,
  f: SubscriptionFacts & { pausedAt: Date; resumesAt: Date | null; manageUrl: string },
): Promise<OutgoingEmail> {
  const subject = `Monthly support to ${f.creatorDisplayName} paused`;
  const lines = [
    `Your monthly support of ${formatMoney(f.amountCents, f.currency)} to ${f.creatorDisplayName} is paused. Nothing is charged while it is paused.`,
    f.resumesAt
      ? `It resumes by itself on ${formatEmailDate(f.resumesAt)}, with the next charge to your ${f.cardBrand} ending in ${f.cardLast4} that day.`
      : `It stays paused until you resume it. Resumed after the month you paid for, the month you resume in is charged that day, then monthly as before.`,
  ];
  return composeEmail(
    {
      kind: 'subscription-paused',
      dedupeKey: `subscription-paused:${f.subscriptionId}:${f.pausedAt.toISOString()}:${f.resumesAt?.toISOString() ?? 'until-resumed'}`,
      to,
      subject,
    },
    {
      heading: subject,
      blocks: [...lines, 'You can resume, change the pause or cancel without signing in.'],
      action: { label: 'Manage monthly support', url: f.manageUrl },
      reason: EMAIL_REASONS.supporter(f.creatorDisplayName),
    },
  );
}

/** The supporter resumed a paused support: when the next charge is. */
export async function subscriptionResumedEmail(
  to: string,
  f: SubscriptionFacts & { resumedAt: Date; nextChargeAt: Date; manageUrl: string },
): Promise<OutgoingEmail> {
  const subject = `Monthly support to ${f.creatorDisplayName} resumed`;
  const lines = [
    `Your monthly support of ${formatMoney(f.amountCents, f.currency)} to ${f.creatorDisplayName} is running again. Thank you!`,
    `The next charge to your ${f.cardBrand} ending in ${f.cardLast4} is on ${formatEmailDate(f.nextChargeAt)}.`,
  ];
  return composeEmail(
    {
      kind: 'subscription-resumed',
      dedupeKey: `subscription-resumed:${f.subscriptionId}:${f.resumedAt.toISOString()}`,
      to,
      subject,
    },
    {
      heading: subject,
      blocks: [...lines, 'You can pause or cancel without signing in.'],
      action: { label: 'Manage monthly support', url: f.manageUrl },
      reason: EMAIL_REASONS.supporter(f.creatorDisplayName),
    },
  );
}

export interface CreatorPauseFacts {
  creatorEmail: string | null;
  /** The creator's "new support" notification setting, which also covers changes to monthly supports. */
  notifyNewSupport: boolean;
  subscriptionId: string;
  supporterName: string | null;
  isAnonymous: boolean;
  amountCents: number;
  currency: Currency;
  origin: string;
}

/**
 * The creator's pause and resume notices wait this long before they are sent: a pause undone by a resume
 * (or the reverse) meanwhile withdraws the waiting notice and sends none, so toggling mails nobody twice.
 */
export const CREATOR_PAUSE_NOTICE_DELAY_MINUTES = 10;
export const CREATOR_PAUSE_NOTICE_KINDS = ['creator-subscription-paused', 'creator-subscription-resumed'] as const;

async function creatorNotice(
  f: CreatorPauseFacts,
  kind: string,
  dedupeKey: string,
  subject: string,
  lines: string[],
): Promise<OutgoingEmail[]> {
  if (!f.creatorEmail || !f.notifyNewSupport) return [];
  const dashboard = `${f.origin.replace(/\/+$/, '')}/dashboard`;
  return [
    await composeEmail(
      { kind, dedupeKey, to: f.creatorEmail, subject },
      {
        heading: subject,
        blocks: lines,
        action: { label: 'Open your dashboard', url: dashboard },
        reason: EMAIL_REASONS.creatorNotification,
        notificationSettingsUrl: notificationSettingsUrl(f.origin),
      },
    ),
  ];
}

const supporterLabel = (f: CreatorPauseFacts) =>
  f.isAnonymous || !f.supporterName?.trim() ? 'An anonymous supporter' : f.supporterName.trim();

export const CHANGE_CONFIRM_EMAIL_KIND = 'subscription-change-confirm';

/**
 * A raise asked for through a receipt's link (no sign-in): nothing changes until the supporter opens this
 * email's link and confirms there. Sent to the address on file, so a leaked receipt link cannot raise it.
 */
export async function confirmChangeEmail(
  to: string,
  f: {
    subscriptionId: string;
    creatorDisplayName: string;
    currency: Currency;
    previousAmountCents: number;
    previousTierName: string | null;
    amountCents: number;
    tierName: string | null;
    requestedAt: Date;
    confirmUrl: string;
  },
): Promise<OutgoingEmail> {
  const subject = 'Confirm your new monthly amount';
  return composeEmail(
    {
      kind: CHANGE_CONFIRM_EMAIL_KIND,
      dedupeKey: `${CHANGE_CONFIRM_EMAIL_KIND}:${f.subscriptionId}:${f.requestedAt.toISOString()}`,
      to,
      subject,
    },
    {
      heading: subject,
      blocks: [
        `Someone with the link in your receipt asked to raise your monthly support to ${f.creatorDisplayName} from ${amountWithTier(f.previousAmountCents, f.currency, f.previousTierName)} to ${amountWithTier(f.amountCents, f.currency, f.tierName)}.`,
        'Nothing changes until you confirm. The link works once, for 24 hours. If you did not ask for this, ignore this email: your support stays as it is.',
      ],
      action: { label: 'Confirm the new amount', url: f.confirmUrl },
      reason: EMAIL_REASONS.supporter(f.creatorDisplayName),
    },
  );
}

/** Tells the creator (as their new-support setting says) that a monthly support is paused. */
export async function creatorSubscriptionPausedEmails(
  f: CreatorPauseFacts & { pausedAt: Date; resumesAt: Date | null },
): Promise<OutgoingEmail[]> {
  const who = supporterLabel(f);
  return creatorNotice(
    f,
    'creator-subscription-paused',
    `creator-subscription-paused:${f.subscriptionId}:${f.pausedAt.toISOString()}`,
    `${who} paused their monthly support`,
    [
      `${who} paused their monthly support of ${formatMoney(f.amountCents, f.currency)}. Nothing is charged while it is paused.`,
      f.resumesAt
        ? `It resumes by itself on ${formatEmailDate(f.resumesAt)}.`
        : 'It stays paused until they resume it.',
    ],
  );
}

/** Tells the creator (as their new-support setting says) that a paused monthly support runs again. */
export async function creatorSubscriptionResumedEmails(
  f: CreatorPauseFacts & { resumedAt: Date; nextChargeAt: Date },
): Promise<OutgoingEmail[]> {
  const who = supporterLabel(f);
  return creatorNotice(
    f,
    'creator-subscription-resumed',
    `creator-subscription-resumed:${f.subscriptionId}:${f.resumedAt.toISOString()}`,
    `${who} resumed their monthly support`,
    [
      `${who} resumed their monthly support of ${formatMoney(f.amountCents, f.currency)}. The next charge is on ${formatEmailDate(f.nextChargeAt)}.`,
    ],
  );
}

/** What a change of a monthly support was: the amounts and tier names before and after, and when it applies. */
export interface SubscriptionChangeFacts {
  previousAmountCents: number;
  /** The tier's name, or null for a custom amount. */
  tierName: string | null;
  previousTierName: string | null;
  changedAt: Date;
  /** The first charge at the new amount; null while paused until resumed. */
  effectiveAt: Date | null;
}

const amountWithTier = (amountCents: number, currency: Currency, tierName: string | null) =>
  `${formatMoney(amountCents, currency)} a month${tierName ? ` (${tierName})` : ''}`;

/** Confirms a change of amount or tier to the supporter: what it was, what it is, from when. */
export async function subscriptionChangedEmail(
  to: string,
  f: SubscriptionFacts & SubscriptionChangeFacts & { manageUrl: string },
): Promise<OutgoingEmail> {
  const subject = `Monthly support to ${f.creatorDisplayName} changed`;
  const lines = [
    `Your monthly support to ${f.creatorDisplayName} is now ${amountWithTier(f.amountCents, f.currency, f.tierName)}, instead of ${amountWithTier(f.previousAmountCents, f.currency, f.previousTierName)}.`,
    f.effectiveAt
      ? `The month you already paid for does not change. The new amount is first charged on ${formatEmailDate(f.effectiveAt)}, to your ${f.cardBrand} ending in ${f.cardLast4}.`
      : `It is paused: the new amount is charged from when you resume it.`,
  ];
  return composeEmail(
    {
      kind: 'subscription-changed',
      dedupeKey: `subscription-changed:${f.subscriptionId}:${f.changedAt.toISOString()}`,
      to,
      subject,
    },
    {
      heading: subject,
      blocks: [...lines, 'You can change, pause or cancel it again without signing in.'],
      action: { label: 'Manage monthly support', url: f.manageUrl },
      reason: EMAIL_REASONS.supporter(f.creatorDisplayName),
    },
  );
}

/** Tells the creator (as their new-support setting says) that a supporter changed their monthly amount or tier. */
export async function creatorSubscriptionChangedEmails(
  f: CreatorPauseFacts & SubscriptionChangeFacts,
): Promise<OutgoingEmail[]> {
  const who = supporterLabel(f);
  const raised = f.amountCents > f.previousAmountCents;
  return creatorNotice(
    f,
    'creator-subscription-changed',
    `creator-subscription-changed:${f.subscriptionId}:${f.changedAt.toISOString()}`,
    `${who} changed their monthly support`,
    [
      `${who} ${raised ? 'raised' : f.amountCents < f.previousAmountCents ? 'lowered' : 'changed'} their monthly support from ${amountWithTier(f.previousAmountCents, f.currency, f.previousTierName)} to ${amountWithTier(f.amountCents, f.currency, f.tierName)}.`,
      f.effectiveAt
        ? `The new amount applies from their next renewal, on ${formatEmailDate(f.effectiveAt)}.`
        : 'Their support is paused: the new amount applies when they resume it.',
    ],
  );
}

/** The supporter replaced the card of a monthly support: renewals charge the new card from now on. */
export async function cardChangedEmail(
  to: string,
  f: SubscriptionFacts & { previousCardBrand: string; previousCardLast4: string; changedAt: Date; manageUrl: string },
): Promise<OutgoingEmail> {
  const subject = `Card changed for your monthly support to ${f.creatorDisplayName}`;
  return composeEmail(
    {
      kind: 'subscription-card-changed',
      dedupeKey: `subscription-card-changed:${f.subscriptionId}:${f.changedAt.toISOString()}`,
      to,
      subject,
    },
    {
      heading: subject,
      blocks: [
        `Your monthly support to ${f.creatorDisplayName} (${formatMoney(f.amountCents, f.currency)} a month) is now charged to your ${f.cardBrand} ending in ${f.cardLast4}, instead of your ${f.previousCardBrand} ending in ${f.previousCardLast4}.`,
        'Did not make this change? Replace the card again or cancel the monthly support with the button below, without signing in, and reply to this email.',
      ],
      action: { label: 'Manage monthly support', url: f.manageUrl },
      reason: EMAIL_REASONS.supporter(f.creatorDisplayName),
    },
  );
}
