import { formatUsd } from '@beabro/shared/money/fees';
import { emailHtml, escapeHtml, formatEmailDate } from '../checkout/checkout-emails';
import type { OutgoingEmail } from '../email/email-outbox';

export interface RefundEmailFacts {
  refundId: string;
  supportId: string;
  creatorDisplayName: string;
  amountCents: number;
  /** The support's amount, and what of it has now been refunded in total. */
  supportAmountCents: number;
  refundedTotalCents: number;
  supportCreatedAt: Date;
  refundedAt: Date;
  cardBrand: string | null;
  cardLast4: string | null;
  note: string;
  subscriptionCanceled: boolean;
  testMode: boolean;
}

const TEST_MODE_NOTE = 'Test mode: this was a sandbox refund and no real money moved.';
const p = (html: string) => `<p>${html}</p>`;

/** The supporter's refund receipt: how much comes back, to which card, of which support, and the creator's note. */
export function refundReceiptEmail(to: string, f: RefundEmailFacts): OutgoingEmail {
  const full = f.refundedTotalCents >= f.supportAmountCents;
  const subject = `Refund: ${formatUsd(f.amountCents)} from ${f.creatorDisplayName}`;
  const intro = `${f.creatorDisplayName} refunded ${full && f.amountCents === f.supportAmountCents ? 'your support' : 'part of your support'}: ${formatUsd(f.amountCents)} is on its way back to your card.`;
  const lines: Array<[string, string]> = [
    ['Refunded', formatUsd(f.amountCents)],
    ['Original support', `${formatUsd(f.supportAmountCents)} on ${formatEmailDate(f.supportCreatedAt)}`],
    ...(f.refundedTotalCents !== f.amountCents ? [['Refunded in total', formatUsd(f.refundedTotalCents)] as [string, string]] : []),
    ['Refund date', formatEmailDate(f.refundedAt)],
    ...(f.cardBrand && f.cardLast4 ? [['Card', `${f.cardBrand} ending in ${f.cardLast4}`] as [string, string]] : []),
    ['Receipt number', f.supportId],
    ['Refund number', f.refundId],
  ];
  const timing = 'Refunds usually reach your card within 5 to 10 business days, depending on your bank.';
  const canceled = f.subscriptionCanceled ? 'Your monthly support has been canceled: you will not be charged again.' : null;
  const text = [
    intro,
    '',
    ...lines.map(([label, value]) => `${label}: ${value}`),
    ...(f.note ? ['', `A note from ${f.creatorDisplayName}: "${f.note}"`] : []),
    ...(canceled ? ['', canceled] : []),
    '',
    timing,
    ...(f.testMode ? ['', TEST_MODE_NOTE] : []),
  ].join('\n');
  const table = `<table style="border-collapse:collapse">${lines
    .map(([label, value]) => `<tr><td style="padding:2px 12px 2px 0;color:#6b7280">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`)
    .join('')}</table>`;
  const html = emailHtml(subject, [
    p(escapeHtml(intro)),
    table,
    ...(f.note ? [p(`A note from ${escapeHtml(f.creatorDisplayName)}: &ldquo;${escapeHtml(f.note)}&rdquo;`)] : []),
    ...(canceled ? [p(escapeHtml(canceled))] : []),
    p(escapeHtml(timing)),
    ...(f.testMode ? [p(`<em>${escapeHtml(TEST_MODE_NOTE)}</em>`)] : []),
  ]);
  return { kind: 'refund-receipt', dedupeKey: `refund-receipt:${f.refundId}`, to, subject, text, html };
}
