import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import { formatEmailDate } from '../email/format-email-date';
import type { OutgoingEmail } from '../email/email-outbox';
import { composeEmail, EMAIL_REASONS, type EmailBlock } from '../email/email-template';

export interface RefundEmailFacts {
  refundId: string;
  supportId: string;
  creatorDisplayName: string;
  amountCents: number;
  currency: Currency;
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
  const subject = `Refund: ${formatMoney(f.amountCents, f.currency)} from ${f.creatorDisplayName}`;
  const intro = `${f.creatorDisplayName} refunded ${full && f.amountCents === f.supportAmountCents ? 'your support' : 'part of your support'}: ${formatMoney(f.amountCents, f.currency)} is on its way back to your card.`;
  const lines: Array<[string, string]> = [
    ['Refunded', formatMoney(f.amountCents, f.currency)],
    ['Original support', `${formatMoney(f.supportAmountCents, f.currency)} on ${formatEmailDate(f.supportCreatedAt)}`],
    ...(f.refundedTotalCents !== f.amountCents
      ? [['Refunded in total', formatMoney(f.refundedTotalCents, f.currency)] as [string, string]]
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

export interface RefundFailureEmailFacts {
  refundId: string;
  supportId: string;
  creatorDisplayName: string;
  amountCents: number;
  currency: Currency;
  supportCreatedAt: Date;
  cardBrand: string | null;
  cardLast4: string | null;
  /** The bank's reason in the provider's words (lost_or_stolen_card, expired_or_canceled_card...). */
  failureReason: string;
  /** What the refund had taken off the creator, now back in their balance. */
  creatorDebitCents: number;
  testMode: boolean;
}

/** A bank's reasons for refusing a refund, in words (Stripe's failure_reason); a plain sentence otherwise. */
const REFUND_FAILURE_REASONS: Record<string, string> = {
  lost_or_stolen_card: 'The card was reported lost or stolen.',
  expired_or_canceled_card: 'The card has expired or was cancelled.',
  declined: 'The bank declined the refund.',
};

export function refundFailureReasonText(failureReason: string): string {
  return REFUND_FAILURE_REASONS[failureReason] ?? 'The bank did not accept the refund.';
}

/** The supporter's news that a refund they were told about did not reach them, and what to do. */
export async function refundFailedSupporterEmail(to: string, f: RefundFailureEmailFacts): Promise<OutgoingEmail> {
  const subject = 'Your refund could not be completed';
  const card = f.cardBrand && f.cardLast4 ? `your ${f.cardBrand} ending in ${f.cardLast4}` : 'your card';
  const blocks: EmailBlock[] = [
    `The refund of ${formatMoney(f.amountCents, f.currency)} from ${f.creatorDisplayName} could not be paid to ${card}: your bank sent it back. ${refundFailureReasonText(f.failureReason)}`,
    {
      details: [
        ['Refund', formatMoney(f.amountCents, f.currency)],
        ['Creator', f.creatorDisplayName],
        ['Original support', formatEmailDate(f.supportCreatedAt)],
        ['Receipt number', f.supportId],
        ['Refund number', f.refundId],
      ],
    },
    'Your money has not been lost. Contact your bank to ask why the refund was refused, or reply to this email with the refund number and we will help you get it back another way.',
  ];
  if (f.testMode) blocks.push({ note: TEST_MODE_NOTE });
  return composeEmail(
    { kind: 'refund-failed-supporter', dedupeKey: `refund-failed-supporter:${f.refundId}`, to, subject },
    { heading: subject, blocks, reason: EMAIL_REASONS.supporter(f.creatorDisplayName) },
  );
}

/** The creator's news that a refund they made failed, and that what it took off them is back in their balance. */
export async function refundFailedCreatorEmail(to: string, f: RefundFailureEmailFacts): Promise<OutgoingEmail> {
  const subject = 'A refund could not be completed: the money is back in your balance';
  const blocks: EmailBlock[] = [
    `Your refund of ${formatMoney(f.amountCents, f.currency)} for a support of ${formatEmailDate(f.supportCreatedAt)} could not be paid to the supporter's card: their bank sent it back. ${refundFailureReasonText(f.failureReason)}`,
    `The ${formatMoney(f.creatorDebitCents, f.currency)} the refund took off your balance is back in it, and the support counts as not refunded. We have told the supporter to contact their bank or reply to us.`,
    {
      details: [
        ['Refund', formatMoney(f.amountCents, f.currency)],
        ['Back in your balance', formatMoney(f.creatorDebitCents, f.currency)],
        ['Receipt number', f.supportId],
        ['Refund number', f.refundId],
      ],
    },
  ];
  if (f.testMode) blocks.push({ note: TEST_MODE_NOTE });
  return composeEmail(
    { kind: 'refund-failed-creator', dedupeKey: `refund-failed-creator:${f.refundId}`, to, subject },
    { heading: subject, blocks, reason: EMAIL_REASONS.creatorAccount },
  );
}
