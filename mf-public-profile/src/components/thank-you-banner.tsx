import { formatMoney } from '@beabro/shared/money/currencies';
import { useEffect, useRef } from 'react';
import type { CheckoutReceipt } from '@beabro/shared/api-schemas/checkout';
import { CANCEL_MONTHLY_SUPPORT_COPY } from '@beabro/shared/data/cancel-monthly-support';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { Button } from '@beabro/shared/ui/button';
import { SparklesIcon } from '@beabro/shared/ui/icons/sparkles';
import { XIcon } from '@beabro/shared/ui/icons/x';

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

export interface ThankYouBannerProps {
  displayName: string;
  /** The receipt kept after checkout; null when this tab has none (storage unavailable), then a plain thank-you. */
  receipt: CheckoutReceipt | null;
  /** Absent in the embedded checkout, where the overlay's own Close button ends the visit. */
  onDismiss?: () => void;
  /** In the checkout opened from a creator's website (/embed.js) rather than on the profile. */
  embedded?: boolean;
}

/** Shown once after a support (?supported=true): what happened, in the supporter's words. Takes focus so it is read out. */
export function ThankYouBanner({ displayName, receipt, onDismiss, embedded = false }: ThankYouBannerProps) {
  const ref = useRef<HTMLDivElement>(null);
  const signedIn = useSessionStore((state) => state.status === 'signed-in');
  useEffect(() => {
    ref.current?.focus();
  }, []);

  const rows: Array<[string, string]> = receipt
    ? [
        [
          'Your support',
          `${formatMoney(receipt.amountCents, receipt.currency)}${receipt.isRecurring ? ' per month' : ''}`,
        ],
        ['Paid with', `${receipt.cardBrand} ending in ${receipt.cardLast4}`],
        [`${receipt.creatorDisplayName} receives`, formatMoney(receipt.creatorNetCents, receipt.currency)],
        ['Receipt sent to', receipt.receiptEmail],
        ...(receipt.isRecurring && receipt.nextChargeAt
          ? [['Next charge', DAY.format(new Date(receipt.nextChargeAt))] as [string, string]]
          : []),
      ]
    : [];

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      css={(theme) => ({
        position: 'relative',
        borderRadius: theme.radius.lg,
        border: `1px solid ${theme.color.success}`,
        background: theme.color.successSoft,
        padding: theme.space(5),
        paddingRight: onDismiss ? theme.space(12) : theme.space(5),
        outline: 'none',
        '&:focus-visible': { outline: `3px solid ${theme.color.focus}`, outlineOffset: '2px' },
      })}
    >
      <p
        css={(theme) => ({
          margin: 0,
          fontSize: theme.font.size.lg,
          fontWeight: theme.font.weight.bold,
          color: theme.color.success,
        })}
      >
        <SparklesIcon /> Thank you for supporting {displayName}!
      </p>
      <p css={{ margin: '0.25rem 0 0' }}>
        {receipt
          ? receipt.isRecurring
            ? signedIn
              ? CANCEL_MONTHLY_SUPPORT_COPY.activeSignedIn
              : CANCEL_MONTHLY_SUPPORT_COPY.activeGuest
            : embedded
              ? 'Your support went through. Your receipt is on its way to your inbox.'
              : 'Your support went through. It now shows on this page.'
          : 'Your support went through.'}
      </p>
      {rows.length > 0 ? (
        <dl
          aria-label="Receipt"
          css={(theme) => ({
            margin: `${theme.space(4)} 0 0`,
            display: 'grid',
            gap: '0.375rem 1.5rem',
            gridTemplateColumns: 'max-content minmax(0, 1fr)',
            fontSize: theme.font.size.sm,
            [theme.breakpoint.belowMd]: { gridTemplateColumns: 'minmax(0, 1fr)' },
          })}
        >
          {rows.map(([label, value]) => (
            <div key={label} css={{ display: 'contents' }}>
              <dt css={(theme) => ({ color: theme.color.textMuted })}>{label}</dt>
              <dd
                css={(theme) => ({
                  margin: 0,
                  fontWeight: theme.font.weight.medium,
                  overflowWrap: 'anywhere',
                  [theme.breakpoint.belowMd]: { marginBottom: '0.25rem' },
                })}
              >
                {value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {onDismiss ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={onDismiss}
          aria-label="Dismiss thank-you message"
          css={{ position: 'absolute', top: '0.75rem', right: '0.75rem' }}
        >
          <XIcon />
        </Button>
      ) : null}
    </div>
  );
}
