import { formatUsd } from '@beabro/shared/money/fees';
import { emailHtml, escapeHtml } from '../checkout/checkout-emails';
import type { OutgoingEmail } from '../email/email-outbox';

const para = (text: string) => `<p>${escapeHtml(text)}</p>`;

export function payoutSentEmail(to: string, f: { payoutId: string; amountCents: number; weekStart: string; weekEnd: string; testMode: boolean }): OutgoingEmail {
  const subject = `Your payout of ${formatUsd(f.amountCents)} is on its way`;
  const lines = [
    `We sent you ${formatUsd(f.amountCents)}: your net earnings from supports up to the week of ${f.weekStart} to ${f.weekEnd} (UTC).`,
    ...(f.testMode ? ['Test mode: this was a sandbox transfer and no real money moved.'] : []),
  ];
  return { kind: 'payout-sent', dedupeKey: `payout-sent:${f.payoutId}`, to, subject, text: lines.join('\n\n'), html: emailHtml(subject, lines.map(para)) };
}

/** Sent once per week and reason, so a creator learns why money is waiting. */
export function payoutHeldEmail(to: string, f: { creatorId: string; weekStart: string; amountCents: number; reason: string; reasonKey: string }): OutgoingEmail {
  const subject = `Your payout of ${formatUsd(f.amountCents)} is on hold`;
  const lines = [f.reason, 'Your supporters can keep supporting you; your balance is kept until it can be paid.'];
  return {
    kind: 'payout-held',
    dedupeKey: `payout-held:${f.creatorId}:${f.weekStart}:${f.reasonKey}`,
    to,
    subject,
    text: lines.join('\n\n'),
    html: emailHtml(subject, lines.map(para)),
  };
}
