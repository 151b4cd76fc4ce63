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
