import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import { formatEmailDate } from '../email/format-email-date';
import type { OutgoingEmail } from '../email/email-outbox';
import { composeEmail, EMAIL_REASONS } from '../email/email-template';

const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** "November 16 to November 22, 2026 (UTC)": dates written the way every other email writes them. */
function weekInWords(weekStart: string, weekEnd: string): string {
  const end = new Date(`${weekEnd}T00:00:00Z`);
  return `${MONTH_DAY.format(new Date(`${weekStart}T00:00:00Z`))} to ${formatEmailDate(end)}`;
}

export async function payoutSentEmail(
  to: string,
  f: {
    payoutId: string;
    amountCents: number;
    currency: Currency;
    weekStart: string;
    weekEnd: string;
    testMode: boolean;
  },
): Promise<OutgoingEmail> {
  const subject = `Your payout of ${formatMoney(f.amountCents, f.currency)} is on its way`;
  const lines = [
    `We sent you ${formatMoney(f.amountCents, f.currency)}: your net earnings from supports up to the week of ${weekInWords(f.weekStart, f.weekEnd)}.`,
    ...(f.testMode ? ['Test mode: this was a sandbox transfer and no real money moved.'] : []),
  ];
  return composeEmail(
    { kind: 'payout-sent', dedupeKey: `payout-sent:${f.payoutId}`, to, subject },
    { heading: subject, blocks: lines, reason: EMAIL_REASONS.creatorAccount },
  );
}

/** Sent once per week and reason, so a creator learns why money is waiting. */
export async function payoutHeldEmail(
  to: string,
  f: {
    creatorId: string;
    weekStart: string;
    amountCents: number;
    currency: Currency;
    reason: string;
    reasonKey: string;
  },
): Promise<OutgoingEmail> {
  const subject = `Your payout of ${formatMoney(f.amountCents, f.currency)} is on hold`;
  const lines = [f.reason, 'Your supporters can keep supporting you; your balance is kept until it can be paid.'];
  return composeEmail(
    { kind: 'payout-held', dedupeKey: `payout-held:${f.creatorId}:${f.weekStart}:${f.reasonKey}`, to, subject },
    { heading: subject, blocks: lines, reason: EMAIL_REASONS.creatorAccount },
  );
}

interface ProviderPayoutFacts {
  payoutId: string;
  amountCents: number;
  currency: string;
  arrivalDate: Date | null;
  testMode: boolean;
}

/** With Stripe: Stripe's payout of the creator's balance reached their bank (payout.paid). */
export async function providerPayoutPaidEmail(to: string, f: ProviderPayoutFacts): Promise<OutgoingEmail> {
  const amount = formatMoney(f.amountCents, f.currency);
  const subject = `Your payout of ${amount} was paid to your bank`;
  const lines = [
    `Stripe paid ${amount} from your balance to your bank${f.arrivalDate ? ` on ${formatEmailDate(f.arrivalDate)}` : ''}. Your payouts are listed on your dashboard.`,
    ...(f.testMode ? ['Test mode: this was a Stripe test-mode payout and no real money moved.'] : []),
  ];
  return composeEmail(
    { kind: 'payout-sent', dedupeKey: `payout-sent:${f.payoutId}`, to, subject },
    { heading: subject, blocks: lines, reason: EMAIL_REASONS.creatorAccount },
  );
}

/** With Stripe: the bank returned a payout (payout.failed); Stripe put the money back on the creator's balance. */
export async function providerPayoutFailedEmail(
  to: string,
  f: ProviderPayoutFacts & { failureMessage: string | null },
): Promise<OutgoingEmail> {
  const amount = formatMoney(f.amountCents, f.currency);
  const subject = `Your payout of ${amount} could not reach your bank`;
  const lines = [
    `${f.failureMessage ?? 'Your bank returned the payout.'} Stripe put the money back on your balance: it goes out with your next payout once your bank details are right.`,
    'Check your bank details in Settings > Payouts (your Stripe Express dashboard).',
  ];
  return composeEmail(
    { kind: 'payout-failed', dedupeKey: `payout-failed:${f.payoutId}`, to, subject },
    { heading: subject, blocks: lines, reason: EMAIL_REASONS.creatorAccount },
  );
}
