import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import { MAX_SINGLE_SUPPORT_DOLLARS, SUPPORT_AMOUNT_MIN_DOLLARS } from '@beabro/shared/data/defaults';
import { dollarsToCents } from '@beabro/shared/money/dollars-to-cents';
import { calculateFees, processingFeeLabel } from '@beabro/shared/money/fees';

export interface PaymentSummaryProps {
  /** Whole dollars, as chosen on the page. */
  amount: number;
  isRecurring: boolean;
  displayName: string;
  /** The creator's currency: every amount and fee is in it. */
  currency: Currency;
}

/**
 * The fee breakdown from the shared fee function, the very one the API uses for the ledger, so the
 * page promises to the cent what the creator gets (docs/product-rules.md#fees-and-rounding).
 */
export function PaymentSummary({ amount, isRecurring, displayName, currency }: PaymentSummaryProps) {
  const payable =
    Number.isSafeInteger(amount) && amount >= SUPPORT_AMOUNT_MIN_DOLLARS && amount <= MAX_SINGLE_SUPPORT_DOLLARS;
  if (!payable) {
    return (
      <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
        Choose an amount to see where your money goes.
      </p>
    );
  }
  const fees = calculateFees(dollarsToCents(amount), currency);
  const perMonth = isRecurring ? '/month' : '';
  const rows: Array<{ label: string; value: string; strong?: boolean }> = [
    {
      label: isRecurring ? 'Monthly support' : 'Support amount',
      value: `${formatMoney(fees.amountCents, currency)}${perMonth}`,
    },
    { label: 'Platform fee (5%)', value: `-${formatMoney(fees.platformFeeCents, currency)}` },
    {
      label: processingFeeLabel(currency),
      value: `-${formatMoney(fees.processingFeeCents, currency)}`,
    },
    {
      label: `${displayName} receives`,
      value: `${formatMoney(fees.creatorNetCents, currency)}${perMonth}`,
      strong: true,
    },
  ];
  return (
    <div>
      <dl css={{ margin: 0, display: 'grid', gap: '0.5rem' }}>
        {rows.map((row) => (
          <div
            key={row.label}
            css={(theme) => ({
              display: 'flex',
              justifyContent: 'space-between',
              gap: '1rem',
              ...(row.strong
                ? {
                    paddingTop: '0.625rem',
                    borderTop: `1px solid ${theme.color.border}`,
                    fontWeight: theme.font.weight.bold,
                  }
                : {}),
            })}
          >
            <dt
              css={(theme) => ({
                color: row.strong ? theme.color.text : theme.color.textMuted,
                minWidth: 0,
                overflowWrap: 'anywhere',
              })}
            >
              {row.label}
            </dt>
            <dd css={{ margin: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <p css={(theme) => ({ margin: '0.75rem 0 0', fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
        You pay{' '}
        <strong css={(theme) => ({ color: theme.color.text })}>{formatMoney(fees.amountCents, currency)}</strong>
        {isRecurring ? ' today, then once a month until you cancel' : ' once'}. The fees come out of your support, never
        on top of it.
      </p>
    </div>
  );
}
