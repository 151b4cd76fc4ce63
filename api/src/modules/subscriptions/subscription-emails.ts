import { formatUsd } from '@beabro/shared/money/fees';
import { emailHtml, escapeHtml, formatEmailDate } from '../checkout/checkout-emails';
import type { OutgoingEmail } from '../email/email-outbox';

/* Emails about a monthly support's life: a renewal that failed, the lapse, the cancellation. */

interface SubscriptionFacts {
  subscriptionId: string;
  creatorDisplayName: string;
  creatorUsername: string;
  amountCents: number;
  cardBrand: string;
  cardLast4: string;
  origin: string;
}

const para = (text: string) => `<p>${escapeHtml(text)}</p>`;
const link = (href: string, label: string) => `<p><a href="${escapeHtml(href)}">${escapeHtml(label)}</a></p>`;
const supportPage = (f: SubscriptionFacts) => `${f.origin.replace(/\/+$/, '')}/${f.creatorUsername}/support`;

/** A renewal charge failed and will be retried on `retryAt`. */
export function renewalFailedEmail(to: string, f: SubscriptionFacts & { chargeId: string; attempt: number; failureMessage: string; retryAt: Date; cancelUrl: string }): OutgoingEmail {
  const subject = `Your monthly support to ${f.creatorDisplayName} could not be renewed`;
  const lines = [
    `We could not charge ${formatUsd(f.amountCents)} to your ${f.cardBrand} ending in ${f.cardLast4} for your monthly support to ${f.creatorDisplayName}: ${f.failureMessage}`,
    `We will try again on ${formatEmailDate(f.retryAt)}. If that keeps failing, the monthly support stops.`,
  ];
  const cancel = `Not supporting any more? Cancel without signing in: ${f.cancelUrl}`;
  return {
    kind: 'renewal-failed',
    dedupeKey: `renewal-failed:${f.chargeId}:${f.attempt}`,
    to,
    subject,
    text: [...lines, '', cancel].join('\n'),
    html: emailHtml(subject, [...lines.map(para), link(f.cancelUrl, 'Cancel monthly support')]),
  };
}

/** Every retry failed: the subscription lapsed, nothing more will be charged. */
export function subscriptionLapsedEmail(to: string, f: SubscriptionFacts & { failureMessage: string }): OutgoingEmail {
  const subject = `Your monthly support to ${f.creatorDisplayName} has stopped`;
  const lines = [
    `We tried several times to renew your monthly support of ${formatUsd(f.amountCents)} to ${f.creatorDisplayName} with your ${f.cardBrand} ending in ${f.cardLast4}, without success (${f.failureMessage}).`,
    'Your monthly support has stopped and nothing more will be charged.',
    `To support ${f.creatorDisplayName} again, visit their support page: ${supportPage(f)}`,
  ];
  return {
    kind: 'subscription-lapsed',
    dedupeKey: `subscription-lapsed:${f.subscriptionId}`,
    to,
    subject,
    text: lines.join('\n\n'),
    html: emailHtml(subject, [...lines.slice(0, 2).map(para), link(supportPage(f), `Support ${f.creatorDisplayName} again`)]),
  };
}

/** Confirms a cancellation: when the last paid month ends (or that it ended at once). */
export function subscriptionCanceledEmail(to: string, f: SubscriptionFacts & { endsAt: Date }): OutgoingEmail {
  const subject = `Monthly support to ${f.creatorDisplayName} cancelled`;
  const lines = [
    `Your monthly support of ${formatUsd(f.amountCents)} to ${f.creatorDisplayName} is cancelled. Nothing more will be charged.`,
    `It stays active until ${formatEmailDate(f.endsAt)}.`,
    `Thank you for supporting ${f.creatorDisplayName}! You can support them again anytime: ${supportPage(f)}`,
  ];
  return {
    kind: 'subscription-canceled',
    dedupeKey: `subscription-canceled:${f.subscriptionId}`,
    to,
    subject,
    text: lines.join('\n\n'),
    html: emailHtml(subject, [...lines.slice(0, 2).map(para), link(supportPage(f), `Support ${f.creatorDisplayName} again`)]),
  };
}

/** The supporter paused (or changed the pause): nothing is charged until `resumesAt`, or until they resume. */
export function subscriptionPausedEmail(to: string, f: SubscriptionFacts & { pausedAt: Date; resumesAt: Date | null; manageUrl: string }): OutgoingEmail {
  const subject = `Monthly support to ${f.creatorDisplayName} paused`;
  const lines = [
    `Your monthly support of ${formatUsd(f.amountCents)} to ${f.creatorDisplayName} is paused. Nothing is charged while it is paused.`,
    f.resumesAt
      ? `It resumes by itself on ${formatEmailDate(f.resumesAt)}, with the next charge to your ${f.cardBrand} ending in ${f.cardLast4} that day.`
      : `It stays paused until you resume it. Resumed after the month you paid for, the month you resume in is charged that day, then monthly as before.`,
  ];
  const manage = `Resume, change the pause or cancel without signing in: ${f.manageUrl}`;
  return {
    kind: 'subscription-paused',
    dedupeKey: `subscription-paused:${f.subscriptionId}:${f.pausedAt.toISOString()}:${f.resumesAt?.toISOString() ?? 'until-resumed'}`,
    to,
    subject,
    text: [...lines, '', manage].join('\n\n'),
    html: emailHtml(subject, [...lines.map(para), link(f.manageUrl, 'Manage monthly support')]),
  };
}

/** The supporter resumed a paused support: when the next charge is. */
export function subscriptionResumedEmail(to: string, f: SubscriptionFacts & { resumedAt: Date; nextChargeAt: Date; manageUrl: string }): OutgoingEmail {
  const subject = `Monthly support to ${f.creatorDisplayName} resumed`;
  const lines = [
    `Your monthly support of ${formatUsd(f.amountCents)} to ${f.creatorDisplayName} is running again. Thank you!`,
    `The next charge to your ${f.cardBrand} ending in ${f.cardLast4} is on ${formatEmailDate(f.nextChargeAt)}.`,
  ];
  const manage = `Pause or cancel without signing in: ${f.manageUrl}`;
  return {
    kind: 'subscription-resumed',
    dedupeKey: `subscription-resumed:${f.subscriptionId}:${f.resumedAt.toISOString()}`,
    to,
    subject,
    text: [...lines, '', manage].join('\n\n'),
    html: emailHtml(subject, [...lines.map(para), link(f.manageUrl, 'Manage monthly support')]),
  };
}

export interface CreatorPauseFacts {
  creatorEmail: string | null;
  /** The creator's "new support" notification setting, which also covers changes to monthly supports. */
  notifyNewSupport: boolean;
  subscriptionId: string;
  supporterName: string | null;
  isAnonymous: boolean;
  amountCents: number;
  origin: string;
}

function creatorNotice(f: CreatorPauseFacts, kind: string, dedupeKey: string, subject: string, lines: string[]): OutgoingEmail[] {
  if (!f.creatorEmail || !f.notifyNewSupport) return [];
  const dashboard = `${f.origin.replace(/\/+$/, '')}/dashboard`;
  return [
    {
      kind,
      dedupeKey,
      to: f.creatorEmail,
      subject,
      text: [...lines, '', `Your dashboard: ${dashboard}`].join('\n'),
      html: emailHtml(subject, [...lines.map(para), link(dashboard, 'Open your dashboard')]),
    },
  ];
}

const supporterLabel = (f: CreatorPauseFacts) => (f.isAnonymous || !f.supporterName?.trim() ? 'An anonymous supporter' : f.supporterName.trim());

/** Tells the creator (as their new-support setting says) that a monthly support is paused. */
export function creatorSubscriptionPausedEmails(f: CreatorPauseFacts & { pausedAt: Date; resumesAt: Date | null }): OutgoingEmail[] {
  const who = supporterLabel(f);
  return creatorNotice(f, 'creator-subscription-paused', `creator-subscription-paused:${f.subscriptionId}:${f.pausedAt.toISOString()}`, `${who} paused their monthly support`, [
    `${who} paused their monthly support of ${formatUsd(f.amountCents)}. Nothing is charged while it is paused.`,
    f.resumesAt ? `It resumes by itself on ${formatEmailDate(f.resumesAt)}.` : 'It stays paused until they resume it.',
  ]);
}

/** Tells the creator (as their new-support setting says) that a paused monthly support runs again. */
export function creatorSubscriptionResumedEmails(f: CreatorPauseFacts & { resumedAt: Date; nextChargeAt: Date }): OutgoingEmail[] {
  const who = supporterLabel(f);
  return creatorNotice(f, 'creator-subscription-resumed', `creator-subscription-resumed:${f.subscriptionId}:${f.resumedAt.toISOString()}`, `${who} resumed their monthly support`, [
    `${who} resumed their monthly support of ${formatUsd(f.amountCents)}. The next charge is on ${formatEmailDate(f.nextChargeAt)}.`,
  ]);
}
