import { describe, expect, it } from 'vitest';
import { currencyRules, formatMoney } from '@beabro/shared/money/currencies';
import { calculateFees, formatUsd } from '@beabro/shared/money/fees';

describe('formatMoney', () => {
  it('writes each currency as its reader expects, from minor units', () => {
    expect(formatMoney(123456, 'usd')).toBe('$1,234.56');
    expect(formatMoney(1200, 'cad')).toBe('CA$12.00');
    expect(formatMoney(950, 'gbp')).toBe('£9.50');
    expect(formatMoney(2890, 'AUD')).toBe('A$28.90');
    expect(formatMoney(-150, 'gbp')).toBe('-£1.50');
    expect(formatMoney(0, 'usd')).toBe('$0.00');
    expect(formatMoney(500, 'gbp', { whole: true })).toBe('£5');
    expect(formatMoney(505, 'gbp', { whole: true })).toBe('£5.05');
  });

  it('is exact for every safe integer: no float rounds money', () => {
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'usd')).toBe('$90,071,992,547,409.91');
    // 0.29 + 0.01 in floats is not 0.3; minor units are added as integers.
    expect(formatMoney(29 + 1, 'usd')).toBe('$0.30');
    expect(formatUsd(1_000_000_001)).toBe('$10,000,000.01');
  });

  it('refuses a fraction of a minor unit', () => {
    expect(() => formatMoney(1.5, 'usd')).toThrow(RangeError);
  });
});

describe('fees per currency', () => {
  it('takes the fixed part of the processing fee from the currency’s table, the rest unchanged', () => {
    expect(calculateFees(1000, 'usd')).toEqual(calculateFees(1000, 'usd'));
    expect(calculateFees(1000, 'usd')).toEqual({
      amountCents: 1000,
      platformFeeCents: 50,
      processingFeeCents: 59,
      creatorNetCents: 891,
    });
    // 2.9% of £10.00 is 29p, plus 20p.
    expect(calculateFees(1000, 'gbp')).toEqual({
      amountCents: 1000,
      platformFeeCents: 50,
      processingFeeCents: 49,
      creatorNetCents: 901,
    });
    expect(calculateFees(1000, 'cad').processingFeeCents).toBe(59);
    expect(calculateFees(1000, 'aud').processingFeeCents).toBe(59);
  });

  it('knows only the currencies the product takes', () => {
    expect(currencyRules('GBP')).toMatchObject({ code: 'gbp', minimumSupport: 100 });
    expect(() => currencyRules('eur')).toThrow(RangeError);
  });
});
