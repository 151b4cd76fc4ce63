import { SUPPORTED_PAYOUT_COUNTRIES } from '@beabro/shared/data/defaults';
import { PAYOUT_TERMS, payoutTermsOf } from '@beabro/shared/data/payout-terms';
import { currencyForCountry } from '@beabro/shared/money/currencies';

describe('payout terms', () => {
  it('give every payout country a full-agreement account in the creator’s currency, paid out without crossing a border', () => {
    for (const { code } of SUPPORTED_PAYOUT_COUNTRIES) {
      expect(PAYOUT_TERMS[code]).toEqual({
        country: code,
        payoutCurrency: currencyForCountry(code),
        serviceAgreement: 'full',
        crossBorder: false,
      });
    }
    expect(Object.keys(PAYOUT_TERMS).sort()).toEqual(SUPPORTED_PAYOUT_COUNTRIES.map(({ code }) => code).sort());
  });

  it('know no terms for a country payouts do not reach', () => {
    expect(payoutTermsOf('AU')).toMatchObject({ payoutCurrency: 'aud', serviceAgreement: 'full' });
    expect(payoutTermsOf('FR')).toBeNull();
    expect(payoutTermsOf('toString')).toBeNull();
    expect(payoutTermsOf(null)).toBeNull();
    expect(payoutTermsOf(undefined)).toBeNull();
  });
});
