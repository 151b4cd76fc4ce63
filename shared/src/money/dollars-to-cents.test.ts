import fc from 'fast-check';
import { centsToDollars, dollarsToCents } from '@beabro/shared/money/dollars-to-cents';

describe('dollarsToCents', () => {
  it.each([
    [5, 500],
    [0, 0],
    [10.15, 1015],
    [0.1 + 0.2, 30],
    [10_000, 1_000_000],
    [-2.5, -250],
  ])('%j -> %j', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 1e20])('rejects %j', (dollars) => {
    expect(() => dollarsToCents(dollars)).toThrow(RangeError);
  });

  it('is exact for whole dollars and inverse to centsToDollars', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (dollars) => {
        expect(dollarsToCents(dollars)).toBe(dollars * 100);
        expect(centsToDollars(dollarsToCents(dollars))).toBe(dollars);
      }),
    );
  });
});

describe('centsToDollars', () => {
  it('divides by 100 and rejects fractions of a cent', () => {
    expect(centsToDollars(1015)).toBe(10.15);
    expect(() => centsToDollars(1.5)).toThrow(RangeError);
  });
});
