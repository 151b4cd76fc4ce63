import fc from 'fast-check';
import { applicationFeeCents, calculateFees, formatUsd } from '@beabro/shared/money/fees';

/** The exact ceilings, in BigInt, as an independent oracle for the integer-only implementation. */
function exactFees(amountCents: number) {
  const a = BigInt(amountCents);
  const platform = (a * 5n + 99n) / 100n;
  const processing = (a * 29n + 999n) / 1000n + 30n;
  const net = a - platform - processing;
  return {
    amountCents,
    platformFeeCents: Number(platform),
    processingFeeCents: Number(processing),
    creatorNetCents: Number(net > 0n ? net : 0n),
  };
}

const cents = fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.maxSafeNat());

describe('calculateFees examples', () => {
  it('$5: platform 25c, processing 45c (14.5c rounded up to 15c, plus 30c), net 430c', () => {
    expect(calculateFees(500, 'usd')).toEqual({
      amountCents: 500,
      platformFeeCents: 25,
      processingFeeCents: 45,
      creatorNetCents: 430,
    });
  });

  it('$1: platform 5c, processing 33c, net 62c', () => {
    expect(calculateFees(100, 'usd')).toEqual({
      amountCents: 100,
      platformFeeCents: 5,
      processingFeeCents: 33,
      creatorNetCents: 62,
    });
  });

  it('$15, $25, $50 and $10,000', () => {
    expect(calculateFees(1_500, 'usd')).toMatchObject({
      platformFeeCents: 75,
      processingFeeCents: 74,
      creatorNetCents: 1_351,
    });
    expect(calculateFees(2_500, 'usd')).toMatchObject({
      platformFeeCents: 125,
      processingFeeCents: 103,
      creatorNetCents: 2_272,
    });
    expect(calculateFees(5_000, 'usd')).toMatchObject({
      platformFeeCents: 250,
      processingFeeCents: 175,
      creatorNetCents: 4_575,
    });
    expect(calculateFees(1_000_000, 'usd')).toMatchObject({
      platformFeeCents: 50_000,
      processingFeeCents: 29_030,
      creatorNetCents: 920_970,
    });
  });

  it('rounds any fraction of a cent up', () => {
    // 1c: 0.05c -> 1c platform, 0.029c -> 1c + 30c processing
    expect(calculateFees(1, 'usd')).toMatchObject({ platformFeeCents: 1, processingFeeCents: 31, creatorNetCents: 0 });
    // 21c: 1.05c -> 2c platform
    expect(calculateFees(21, 'usd').platformFeeCents).toBe(2);
    // 20c: exactly 1c, no rounding
    expect(calculateFees(20, 'usd').platformFeeCents).toBe(1);
  });

  it('tiny amounts: the net hits 0 and never goes below', () => {
    expect(calculateFees(0, 'usd')).toEqual({
      amountCents: 0,
      platformFeeCents: 0,
      processingFeeCents: 30,
      creatorNetCents: 0,
    });
    expect(calculateFees(30, 'usd')).toMatchObject({ platformFeeCents: 2, processingFeeCents: 31, creatorNetCents: 0 });
    expect(calculateFees(33, 'usd')).toMatchObject({ platformFeeCents: 2, processingFeeCents: 31, creatorNetCents: 0 });
    expect(calculateFees(34, 'usd')).toMatchObject({ platformFeeCents: 2, processingFeeCents: 31, creatorNetCents: 1 });
  });

  it.each([1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1, 0.1 + 0.2])(
    'rejects %j with a RangeError',
    (amount) => {
      expect(() => calculateFees(amount, 'usd')).toThrow(RangeError);
    },
  );

  it('rejects non-numbers', () => {
    expect(() => calculateFees('500' as unknown as number, 'usd')).toThrow(RangeError);
  });
});

describe('calculateFees properties', () => {
  it('each fee equals the exact ceiling computed with BigInt', () => {
    fc.assert(
      fc.property(cents, (amount) => {
        expect(calculateFees(amount, 'usd')).toEqual(exactFees(amount));
      }),
      { numRuns: 2_000 },
    );
  });

  it('every part is a non-negative integer and the net is never negative', () => {
    fc.assert(
      fc.property(cents, (amount) => {
        for (const value of Object.values(calculateFees(amount, 'usd'))) {
          expect(Number.isSafeInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('parts add up to the amount whenever the net is positive', () => {
    fc.assert(
      fc.property(cents, (amount) => {
        const fees = calculateFees(amount, 'usd');
        fc.pre(fees.creatorNetCents > 0);
        expect(fees.platformFeeCents + fees.processingFeeCents + fees.creatorNetCents).toBe(amount);
      }),
    );
  });

  it('both fees are monotonic in the amount', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 0, max: 1_000_000 }), (amount, extra) => {
        fc.pre(amount + extra <= Number.MAX_SAFE_INTEGER);
        const lower = calculateFees(amount, 'usd');
        const higher = calculateFees(amount + extra, 'usd');
        expect(higher.platformFeeCents).toBeGreaterThanOrEqual(lower.platformFeeCents);
        expect(higher.processingFeeCents).toBeGreaterThanOrEqual(lower.processingFeeCents);
      }),
    );
  });

  it('the net is not strictly monotonic: both fees can round up on the same extra cent', () => {
    // Documented so nobody "fixes" the maths to make it so: at $10.01 both ceilings step up at once.
    expect(calculateFees(1_000, 'usd').creatorNetCents).toBe(891);
    expect(calculateFees(1_001, 'usd').creatorNetCents).toBe(890);
  });

  it('the net never drops by more than one cent per extra cent', () => {
    fc.assert(
      fc.property(cents, (amount) => {
        fc.pre(amount < Number.MAX_SAFE_INTEGER);
        expect(calculateFees(amount + 1, 'usd').creatorNetCents).toBeGreaterThanOrEqual(
          calculateFees(amount, 'usd').creatorNetCents - 1,
        );
      }),
    );
  });

  it('the creator keeps at least 95% - 2.9% of the amount, minus 30c and two rounding cents', () => {
    fc.assert(
      fc.property(cents, (amount) => {
        const { creatorNetCents } = calculateFees(amount, 'usd');
        // In BigInt: near Number.MAX_SAFE_INTEGER both sides exceed 2^53, where doubles round them differently.
        expect(BigInt(creatorNetCents) * 1000n).toBeGreaterThanOrEqual(BigInt(amount) * 921n - 32_000n);
      }),
    );
  });
});

describe('formatUsd', () => {
  it.each([
    [123_456, '$1,234.56'],
    [0, '$0.00'],
    [5, '$0.05'],
    [50, '$0.50'],
    [100, '$1.00'],
    [500, '$5.00'],
    [100_000_000, '$1,000,000.00'],
    [-150, '-$1.50'],
    [Number.MAX_SAFE_INTEGER, '$90,071,992,547,409.91'],
  ])('%j -> %j', (value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });

  it.each([
    [500, '$5'],
    [1_000_000, '$10,000'],
    [0, '$0'],
    [550, '$5.50'],
    [-200, '-$2'],
  ])('whole: %j -> %j (cents are never rounded away)', (value, expected) => {
    expect(formatUsd(value, { whole: true })).toBe(expected);
  });

  it.each([1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %j with a RangeError', (value) => {
    expect(() => formatUsd(value)).toThrow(RangeError);
  });

  it('round-trips: the text always reads back as the same number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (value) => {
        const text = formatUsd(value);
        expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(BigInt(text.replace(/[$,.]/g, ''))).toBe(BigInt(value));
      }),
    );
  });
});

describe('applicationFeeCents', () => {
  /** Stripe's fee on a domestic US card: 2.9% + 30 cents, rounded to the nearest cent (halves up). */
  const stripeDomesticFee = (amountCents: number) => Math.floor((amountCents * 29 + 500) / 1000) + 30;
  const randomLarger = fc.sample(fc.integer({ min: 2001, max: 1_000_000 }), { numRuns: 500, seed: 39 });
  const amounts = [...Array.from({ length: 2000 - 100 + 1 }, (_, i) => 100 + i), ...randomLarger, 1_000_000];

  it('leaves exactly the creator net to the creator: amount - application fee = net', () => {
    for (const amount of amounts) {
      expect(amount - applicationFeeCents(amount, 'usd')).toBe(calculateFees(amount, 'usd').creatorNetCents);
    }
    expect(applicationFeeCents(1000, 'usd')).toBe(109);
    expect(applicationFeeCents(100, 'usd')).toBe(38);
  });

  it("covers Stripe's domestic card fee at every amount from $1 on: the platform's margin is never negative", () => {
    for (const amount of amounts) {
      const margin = applicationFeeCents(amount, 'usd') - stripeDomesticFee(amount);
      expect(margin, `margin at ${amount} cents`).toBeGreaterThanOrEqual(calculateFees(amount, 'usd').platformFeeCents);
    }
  });
});
