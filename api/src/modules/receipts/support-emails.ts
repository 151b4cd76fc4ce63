import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import { processingFeeLabel } from '@beabro/shared/money/fees';
import { PAUSE_SECTION_ID } from '@beabro/shared/api-schemas/subscriptions';
import type { OutgoingEmail } from '../email/email-outbox';
import { composeEmail, EMAIL_REASONS, notificationSettingsUrl, type EmailBlock } from '../email/email-template';
import { formatEmailDate } from '../email/format-email-date';

/*
 * Receipts and creator notifications for a support (checkout and monthly renewal alike), in the
 * branded layout. Every email has a dedupe key per event, so a replayed request or a
 * re-run job never sends it twice.
 */

export interface SupportEmailFacts {
  supportId: string;
  currency: Currency;
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
  support: {
    id: string;
    amountCents: number;
    currency: Currency;
    platformFeeCents: number;
    processingFeeCents: number;
    creatorNetCents: number;
    createdAt: Date;
  },
  creator: { displayName: string; username: string } | null | undefined,
  charge: { cardBrand: string; cardLast4: string },
  rest: Pick<SupportEmailFacts, 'message' | 'isRecurring' | 'isRenewal' | 'nextChargeAt' | 'cancelUrl' | 'testMode'>,
): SupportEmailFacts {
  return {
    supportId: support.id,
    currency: support.currency,
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

/** The supporter's receipt: amount, fee breakdown, creator, date, card, and the cancel and pause links when monthly. */
export async function supportReceiptEmail(to: string, f: SupportEmailFacts): Promise<OutgoingEmail> {
  const amount = `${formatMoney(f.amountCents, f.currency)}${f.isRecurring ? ' per month' : ''}`;
  const subject = f.isRenewal
    ? `Receipt: your monthly support of ${formatMoney(f.amountCents, f.currency)} to ${f.creatorDisplayName} renewed`
    : `Receipt: ${amount} to ${f.creatorDisplayName}`;
  const intro = f.isRenewal
    ? `Your monthly support to ${f.creatorDisplayName} renewed. Thank you for keeping the mission going!`
    : `Thank you for supporting ${f.creatorDisplayName}!`;
  const lines: Array<[string, string]> = [
    ['Amount', amount],
    ['Platform fee (5%)', formatMoney(f.platformFeeCents, f.currency)],
    [processingFeeLabel(f.currency), formatMoney(f.processingFeeCents, f.currency)],
    [`${f.creatorDisplayName} receives`, formatMoney(f.creatorNetCents, f.currency)],
    ['Date', formatEmailDate(f.createdAt)],
    ['Card', `${f.cardBrand} ending in ${f.cardLast4}`],
    ['Receipt number', f.supportId],
  ];
  const monthly =
    f.isRecurring && f.nextChargeAt && f.cancelUrl
      ? {
          renews: `Your monthly support renews on ${formatEmailDate(f.nextChargeAt)}. Need a break? You can pause it for one to three months or until you resume it, or cancel anytime, no sign-in needed.`,
          cancelUrl: f.cancelUrl,
          // The same page, opened at its pause choices.
          pauseUrl: `${f.cancelUrl}#${PAUSE_SECTION_ID}`,
        }
      : null;
  const blocks: EmailBlock[] = [intro, { details: lines }];
  if (f.message) blocks.push({ quote: f.message, by: 'Your message:' });
  if (monthly) blocks.push(monthly.renews);
  if (f.testMode) blocks.push({ note: TEST_MODE_NOTE });
  return composeEmail(
    {
      kind: f.isRenewal ? 'renewal-receipt' : 'support-receipt',
      dedupeKey: `support-receipt:${f.supportId}`,
      to,
      subject,
    },
    {
      heading: subject,
      blocks,
      ...(monthly
        ? {
            action: { label: 'Cancel monthly support', url: monthly.cancelUrl },
            secondaryAction: { label: 'Pause monthly support instead', url: monthly.pauseUrl },
          }
        : {}),
      reason: EMAIL_REASONS.supporter(f.creatorDisplayName),
    },
  );
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
export async function creatorSupportEmails(
  creator: CreatorNotificationSettings,
  f: SupportEmailFacts & { supporterName: string | null; isAnonymous: boolean; origin: string },
): Promise<OutgoingEmail[]> {
  if (!creator.email) return [];
  const who = f.isAnonymous || !f.supporterName ? 'An anonymous supporter' : f.supporterName;
  const withMessage = f.message !== '' && creator.notifySupporterMessages;
  const dashboard = `${f.origin.replace(/\/+$/, '')}/dashboard`;
  const notification = {
    action: { label: 'Open your dashboard', url: dashboard },
    reason: EMAIL_REASONS.creatorNotification,
    notificationSettingsUrl: notificationSettingsUrl(f.origin),
  };
  if (creator.notifyNewSupport) {
    const what = f.isRenewal
      ? 'renewed their monthly support of'
      : f.isRecurring
        ? 'started a monthly support of'
        : 'supported you with';
    const subject = f.isRenewal
      ? `${who} renewed: ${formatMoney(f.amountCents, f.currency)}`
      : `New support: ${formatMoney(f.amountCents, f.currency)}${f.isRecurring ? '/month' : ''} from ${who}`;
    const blocks: EmailBlock[] = [
      `${who} ${what} ${formatMoney(f.amountCents, f.currency)}. You receive ${formatMoney(f.creatorNetCents, f.currency)} after fees, paid out weekly.`,
    ];
    if (withMessage) blocks.push({ quote: f.message, by: 'Their message:' });
    if (f.testMode) blocks.push({ note: TEST_MODE_NOTE });
    return [
      await composeEmail(
        { kind: 'creator-new-support', dedupeKey: `creator-new-support:${f.supportId}`, to: creator.email, subject },
        { heading: subject, blocks, ...notification },
      ),
    ];
  }
  if (withMessage) {
    const subject = `${who} sent you a message`;
    return [
      await composeEmail(
        {
          kind: 'creator-supporter-message',
          dedupeKey: `creator-supporter-message:${f.supportId}`,
          to: creator.email,
          subject,
        },
        { heading: subject, blocks: [{ quote: f.message, by: `${who} wrote with their support:` }], ...notification },
      ),
    ];
  }
  return [];
}
