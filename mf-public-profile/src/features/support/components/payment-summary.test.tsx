import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@emotion/react';
import type { Currency } from '@beabro/shared/money/currencies';
import { calculateFees, formatUsd } from '@beabro/shared/money/fees';
import { theme } from '@beabro/shared/theme/theme';
import { PaymentSummary } from './payment-summary';

/** The value next to a label in the summary's description list. */
function valueOf(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

function renderSummary(amount: number, isRecurring = false, currency: Currency = 'usd') {
  return render(
    <ThemeProvider theme={theme}>
      <PaymentSummary amount={amount} isRecurring={isRecurring} displayName="Pixel Pat" currency={currency} />
    </ThemeProvider>,
  );
}

// Every amount from $1 to $300, then a spread up to the $10,000 cap: fee rounding differs at each cent boundary.
const AMOUNTS = [
  ...Array.from({ length: 300 }, (_, i) => i + 1),
  333,
  499,
  999,
  1_000,
  1_234,
  2_500,
  4_999,
  7_777,
  9_999,
  10_000,
];

describe('PaymentSummary', () => {
  it('shows exactly what the shared fee function computes, for many amounts', () => {
    for (const amount of AMOUNTS) {
      const { unmount } = renderSummary(amount);
      const fees = calculateFees(amount * 100, 'usd');
      expect(valueOf('Support amount'), `$${amount}`).toBe(formatUsd(fees.amountCents));
      expect(valueOf('Platform fee (5%)'), `$${amount}`).toBe(`-${formatUsd(fees.platformFeeCents)}`);
      expect(valueOf('Payment processing (2.9% + $0.30)'), `$${amount}`).toBe(`-${formatUsd(fees.processingFeeCents)}`);
      expect(valueOf('Pixel Pat receives'), `$${amount}`).toBe(formatUsd(fees.creatorNetCents));
      unmount();
    }
  });

  it('says /month for monthly support', () => {
    renderSummary(25, true);
    expect(valueOf('Monthly support')).toBe('$25.00/month');
    expect(valueOf('Pixel Pat receives')).toBe(`${formatUsd(calculateFees(2_500, 'usd').creatorNetCents)}/month`);
    expect(screen.getByText(/once a month until you cancel/)).toBeInTheDocument();
  });

  it('shows a British creator’s support in pounds, with the 20p fixed part of the processing fee', () => {
    renderSummary(10, false, 'gbp');
    expect(valueOf('Support amount')).toBe('£10.00');
    expect(valueOf('Platform fee (5%)')).toBe('-£0.50');
    expect(valueOf('Payment processing (2.9% + £0.20)')).toBe('-£0.49');
    expect(valueOf('Pixel Pat receives')).toBe('£9.01');
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('shows no breakdown for an amount that cannot be paid', () => {
    for (const amount of [0, 10_001, Number.MAX_SAFE_INTEGER]) {
      const { unmount } = renderSummary(amount);
      expect(screen.queryByText('Platform fee (5%)')).not.toBeInTheDocument();
      expect(screen.getByText('Choose an amount to see where your money goes.')).toBeInTheDocument();
      unmount();
    }
  });
});
