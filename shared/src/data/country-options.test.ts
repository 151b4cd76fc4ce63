import { describe, expect, it } from 'vitest';
import { PAYOUT_HOLD_MESSAGES } from '@beabro/shared/api-schemas/payouts';
import { countryName, countryOptions } from '@beabro/shared/data/country-options';

describe('country options', () => {
  it('lists the four payout countries first, then the others by English name', () => {
    const { payout, other } = countryOptions();
    expect(payout.map((c) => c.code)).toEqual(['US', 'CA', 'GB', 'AU']);
    expect(other[0]).toEqual({ code: 'AF', name: 'Afghanistan' });
    expect(other.some((c) => payout.some((p) => p.code === c.code))).toBe(false);
  });

  it('names a country in a held-payout reason, not its code', () => {
    expect(countryName('NZ')).toBe('New Zealand');
    expect(PAYOUT_HOLD_MESSAGES.unsupportedCountry('NZ')).toContain('Payouts are held: New Zealand is not a supported payout country yet.');
  });
});
