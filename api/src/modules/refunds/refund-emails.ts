import { formatUsd } from '@beabro/shared/money/fees';
import { formatEmailDate } from '../email/format-email-date';
import type { OutgoingEmail } from '../email/email-outbox';
import { composeEmail, EMAIL_REASONS, type EmailBlock } from '../email/email-template';

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

/** The supporter's refund receipt: how much comes back, to which card, of which support, and the creator's note. */
export async function refundReceiptEmail(to: string, f: RefundEmailFacts): Promise<OutgoingEmail> {
  const full = f.refundedTotalCents >= f.supportAmountCents;
  const subject = `Refund: ${formatUsd(f.amountCents)} from ${f.creatorDisplayName}`;
  const intro = `${f.creatorDisplayName} refunded ${full && f.amountCents === f.supportAmountCents ? 'your support' : 'part of your support'}: ${formatUsd(f.amountCents)} is on its way back to your card.`;
  const lines: Array<[string, string]> = [
    ['Refunded', formatUsd(f.amountCents)],
    ['Original support', `${formatUsd(f.supportAmountCents)} on ${formatEmailDate(f.supportCreatedAt)}`],
    ...(f.refundedTotalCents !== f.amountCents
      ? [['Refunded in total', formatUsd(f.refundedTotalCents)] as [string, string]]
      : []),
    ['Refund date', formatEmailDate(f.refundedAt)],
    ...(f.cardBrand && f.cardLast4 ? [['Card', `${f.cardBrand} ending in ${f.cardLast4}`] as [string, string]] : []),
    ['Receipt number', f.supportId],
    ['Refund number', f.refundId],
  ];
  const timing = 'Refunds usually reach your card within 5 to 10 business days, depending on your bank.';
  const canceled = f.subscriptionCanceled
    ? 'Your monthly support has been cancelled: you will not be charged again.'
    : null;
  const blocks: EmailBlock[] = [intro, { details: lines }];
  if (f.note) blocks.push({ quote: f.note, by: `A note from ${f.creatorDisplayName}:` });
  if (canceled) blocks.push(canceled);
  blocks.push(timing);
  if (f.testMode) blocks.push({ note: TEST_MODE_NOTE });
  return composeEmail(
    { kind: 'refund-receipt', dedupeKey: `refund-receipt:${f.refundId}`, to, subject },
    { heading: subject, blocks, reason: EMAIL_REASONS.supporter(f.creatorDisplayName) },
  );
}
