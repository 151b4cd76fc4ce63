import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import { formatEmailDate } from '../email/format-email-date';
import type { OutgoingEmail } from '../email/email-outbox';
import { composeEmail, EMAIL_REASONS } from '../email/email-template';

const REASONS: Record<string, string> = {
  fraudulent: 'they do not recognise the payment',
  duplicate: 'they say they were charged twice',
  product_not_received: 'they say they did not receive what they paid for',
  subscription_canceled: 'they say they had cancelled their monthly support',
  credit_not_processed: 'they say a refund they were promised did not arrive',
};

/** The creator learns that a supporter's bank disputes a support: the platform answers it and bears the cost. */
export async function disputeOpenedEmail(
  to: string,
  f: { disputeId: string; amountCents: number; currency: Currency; reason: string; supportCreatedAt: Date },
): Promise<OutgoingEmail> {
  const subject = `A supporter disputed a payment of ${formatMoney(f.amountCents, f.currency)}`;
  const why = REASONS[f.reason] ?? 'they asked their bank to reverse it';
  const lines = [
    `A supporter's bank reversed the ${formatMoney(f.amountCents, f.currency)} support of ${formatEmailDate(f.supportCreatedAt)} because ${why}.`,
    f.reason === 'fraudulent'
      ? 'Be a Bro answers the dispute with the bank and bears its fees. If the bank decides the payment was fraudulent, your share of it is taken back from your balance. We will tell you when the bank decides.'
      : 'Be a Bro answers the dispute with the bank and bears its cost: your balance and payouts do not change. We will tell you when the bank decides.',
  ];
  return composeEmail(
    { kind: 'dispute-opened', dedupeKey: `dispute-opened:${f.disputeId}`, to, subject },
    { heading: subject, blocks: lines, reason: EMAIL_REASONS.creatorAccount },
  );
}

export async function disputeClosedEmail(
  to: string,
  f: {
    disputeId: string;
    amountCents: number;
    currency: Currency;
    status: 'won' | 'lost' | 'closed';
    /** A lost fraud dispute: the creator's share taken back from their balance. */
    takenBackCents?: number;
  },
): Promise<OutgoingEmail> {
  const subject =
    f.status === 'won'
      ? `The dispute of ${formatMoney(f.amountCents, f.currency)} was won`
      : f.status === 'lost'
        ? `The dispute of ${formatMoney(f.amountCents, f.currency)} was lost`
        : `The bank's inquiry about ${formatMoney(f.amountCents, f.currency)} is closed`;
  const lines = [
    f.status === 'won'
      ? 'The bank decided in our favour and returned the payment.'
      : f.status === 'lost'
        ? 'The bank decided in the supporter’s favour and kept the payment.'
        : 'The bank closed its inquiry without a dispute.',
    f.takenBackCents && f.takenBackCents > 0
      ? `The bank found the payment fraudulent, so your share of it, ${formatMoney(f.takenBackCents, f.currency)}, was taken back from your balance (it comes off your next payouts), and your payouts wait for our review. Be a Bro bears the dispute's fees.`
      : 'Either way your balance and payouts do not change: Be a Bro bears the cost of disputes.',
  ];
  return composeEmail(
    { kind: 'dispute-closed', dedupeKey: `dispute-closed:${f.disputeId}`, to, subject },
    { heading: subject, blocks: lines, reason: EMAIL_REASONS.creatorAccount },
  );
}
