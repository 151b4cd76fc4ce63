import { inCurrencyText } from '@beabro/shared/money/currency-text';

describe('inCurrencyText', () => {
  it('leaves US dollars, and text without an amount, as they are', () => {
    expect(inCurrencyText('Tier amount must be at least $1', 'usd')).toBe('Tier amount must be at least $1');
    expect(inCurrencyText('Tier name is required', 'gbp')).toBe('Tier name is required');
    expect(inCurrencyText(undefined, 'gbp')).toBeUndefined();
  });

  it("writes each amount with the currency's symbol", () => {
    expect(inCurrencyText('Minimum amount must be between $1 and $100', 'gbp')).toBe(
      'Minimum amount must be between £1 and £100',
    );
    expect(inCurrencyText('$51+', 'cad')).toBe('CA$51+');
    expect(inCurrencyText('Goal amount must be at most $1,000,000', 'aud')).toBe(
      'Goal amount must be at most A$1,000,000',
    );
    // A "$" not before a digit is not an amount.
    expect(inCurrencyText('Costs $ and more: $5', 'gbp')).toBe('Costs $ and more: £5');
  });
});
