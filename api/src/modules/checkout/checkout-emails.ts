import { formatUsd } from '@beabro/shared/money/fees';
import type { OutgoingEmail } from '../email/email-outbox';

/*
 * Receipts and creator notifications for a support (checkout and monthly renewal alike): plain text
 * plus a simple HTML version. Every email has a dedupe key per event, so a replayed request or a
 * re-run job never sends it twice.
 */

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

export function formatEmailDate(date: Date): string {
  return `${DATE.format(date)} (UTC)`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** A minimal, inline-styled page that mail clients render the same way. */
export function emailHtml(title: string, paragraphs: string[]): string {
  return (
    `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">` +
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>${paragraphs.join('')}` +
    `<p style="color:#6b7280;font-size:12px">Be a Bro</p></body></html>`
  );
}

const p = (html: string) => `<p>${html}</p>`;

export interface SupportEmailFacts {
  supportId: string;
  creatorDisplayName: string;
  creatorUsername: string;
  amountCents: number;
  platformFeeCents: number;
  processingFeeCents: number;
  creatorNetCents: number;
  createdAt: Date;
  cardBrand: string;
  cardLast4: string;
  message: string;
  isRecurring: boolean;
  isRenewal: boolean;
  /** Monthly: when it renews and how to cancel it without signing in. */
  nextChargeAt: Date | null;
  cancelUrl: string | null;
  testMode: boolean;
}

/** The facts of a support row and its charge that every receipt and creator notification states. */
export function supportEmailFacts(
  support: { id: string; amountCents: number; platformFeeCents: number; processingFeeCents: number; creatorNetCents: number; createdAt: Date },
  creator: { displayName: string; username: string } | null | undefined,
  charge: { cardBrand: string; cardLast4: string },
  rest: Pick<SupportEmailFacts, 'message' | 'isRecurring' | 'isRenewal' | 'nextChargeAt' | 'cancelUrl' | 'testMode'>,
): SupportEmailFacts {
  return {
    supportId: support.id,
    creatorDisplayName: creator?.displayName ?? '',
    creatorUsername: creator?.username ?? '',
    amountCents: support.amountCents,
    platformFeeCents: support.platformFeeCents,
    processingFeeCents: support.processingFeeCents,
    creatorNetCents: support.creatorNetCents,
    createdAt: support.createdAt,
    cardBrand: charge.cardBrand,
    cardLast4: charge.cardLast4,
    ...rest,
  };
}

const TEST_MODE_NOTE = 'Test mode: this was a sandbox payment and no real money was charged.';

/** The supporter's receipt: amount, fee breakdown, creator, date, card, and the cancel link when monthly. */
export function supportReceiptEmail(to: string, f: SupportEmailFacts): OutgoingEmail {
  const amount = `${formatUsd(f.amountCents)}${f.isRecurring ? ' per month' : ''}`;
  const subject = f.isRenewal ? `Receipt: your monthly support of ${formatUsd(f.amountCents)} to ${f.creatorDisplayName} renewed` : `Receipt: ${amount} to ${f.creatorDisplayName}`;
  const intro = f.isRenewal ? `Your monthly support to ${f.creatorDisplayName} renewed. Thank you for keeping the mission going!` : `Thank you for supporting ${f.creatorDisplayName}!`;
  const lines: Array<[string, string]> = [
    ['Amount', amount],
    ['Platform fee (5%)', formatUsd(f.platformFeeCents)],
    ['Payment processing (2.9% + $0.30)', formatUsd(f.processingFeeCents)],
    [`${f.creatorDisplayName} receives`, formatUsd(f.creatorNetCents)],
    ['Date', formatEmailDate(f.createdAt)],
    ['Card', `${f.cardBrand} ending in ${f.cardLast4}`],
    ['Receipt number', f.supportId],
  ];
  const monthly =
    f.isRecurring && f.nextChargeAt && f.cancelUrl
      ? `Your monthly support renews on ${formatEmailDate(f.nextChargeAt)}. You can cancel anytime, no sign-in needed: ${f.cancelUrl}`
      : null;
  const text = [
    intro,
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    ...(f.message ? ['', `Your message: "${f.message}"`] : []),
    ...(monthly ? ['', monthly] : []),
    ...(f.testMode ? ['', TEST_MODE_NOTE] : []),
  ].join('\n');
  const table = `<table style="border-collapse:collapse">${lines
    .map(([label, value]) => `<tr><td style="padding:2px 12px 2px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`)
    .join('')}</table>`;
  const html = emailHtml(subject, [
    p(escapeHtml(intro)),
    table,
    ...(f.message ? [p(`Your message: &ldquo;${escapeHtml(f.message)}&rdquo;`)] : []),
    ...(monthly && f.cancelUrl && f.nextChargeAt
      ? [p(`Your monthly support renews on ${escapeHtml(formatEmailDate(f.nextChargeAt))}. <a href="${escapeHtml(f.cancelUrl)}">Cancel monthly support</a> anytime, no sign-in needed.`)]
      : []),
    ...(f.testMode ? [p(`<em>${escapeHtml(TEST_MODE_NOTE)}</em>`)] : []),
  ]);
  return { kind: f.isRenewal ? 'renewal-receipt' : 'support-receipt', dedupeKey: `support-receipt:${f.supportId}`, to, subject, text, html };
}

export interface CreatorNotificationSettings {
  email: string | null;
  notifyNewSupport: boolean;
  notifySupporterMessages: boolean;
}

/**
 * What the creator hears about a support, as their settings say: "new support" (with the message
 * when they also want messages), or only the message when they turned new-support emails off.
 */
export function creatorSupportEmails(creator: CreatorNotificationSettings, f: SupportEmailFacts & { supporterName: string | null; isAnonymous: boolean; origin: string }): OutgoingEmail[] {
  if (!creator.email) return [];
  const who = f.isAnonymous || !f.supporterName ? 'An anonymous supporter' : f.supporterName;
  const withMessage = f.message !== '' && creator.notifySupporterMessages;
  const dashboard = `${f.origin.replace(/\/+$/, '')}/dashboard`;
  if (creator.notifyNewSupport) {
    const what = f.isRenewal ? 'renewed their monthly support of' : f.isRecurring ? 'started a monthly support of' : 'supported you with';
    const subject = f.isRenewal ? `${who} renewed: ${formatUsd(f.amountCents)}` : `New support: ${formatUsd(f.amountCents)}${f.isRecurring ? '/month' : ''} from ${who}`;
    const body = `${who} ${what} ${formatUsd(f.amountCents)}. You receive ${formatUsd(f.creatorNetCents)} after fees, paid out weekly.`;
    const text = [body, ...(withMessage ? ['', `Their message: "${f.message}"`] : []), '', `Your dashboard: ${dashboard}`, ...(f.testMode ? ['', TEST_MODE_NOTE] : [])].join('\n');
    const html = emailHtml(subject, [
      p(escapeHtml(body)),
      ...(withMessage ? [p(`Their message: &ldquo;${escapeHtml(f.message)}&rdquo;`)] : []),
      p(`<a href="${escapeHtml(dashboard)}">Open your dashboard</a>`),
      ...(f.testMode ? [p(`<em>${escapeHtml(TEST_MODE_NOTE)}</em>`)] : []),
    ]);
    return [{ kind: 'creator-new-support', dedupeKey: `creator-new-support:${f.supportId}`, to: creator.email, subject, text, html }];
  }
  if (withMessage) {
    const subject = `${who} sent you a message`;
    const text = [`${who} wrote with their support:`, '', `"${f.message}"`, '', `Your dashboard: ${dashboard}`].join('\n');
    const html = emailHtml(subject, [p(`${escapeHtml(who)} wrote with their support:`), p(`&ldquo;${escapeHtml(f.message)}&rdquo;`), p(`<a href="${escapeHtml(dashboard)}">Open your dashboard</a>`)]);
    return [{ kind: 'creator-supporter-message', dedupeKey: `creator-supporter-message:${f.supportId}`, to: creator.email, subject, text, html }];
  }
  return [];
}
