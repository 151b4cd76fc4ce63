import fc from 'fast-check';
import { calculateFees, calculateRefundSplit } from '@beabro/shared/money/fees';

describe('calculateRefundSplit', () => {
  it('a full refund of $10 returns the whole platform fee (50c) and takes $9.50 off the creator: the 59c processing fee is not returned', () => {
    const fees = calculateFees(1_000, 'usd');
    expect(fees).toMatchObject({ platformFeeCents: 50, processingFeeCents: 59, creatorNetCents: 891 });
    expect(calculateRefundSplit(fees, { refundedCents: 0, platformFeeReturnedCents: 0 }, 1_000)).toEqual({
      amountCents: 1_000,
      platformFeeReturnedCents: 50,
      creatorDebitCents: 950,
    });
  });

  it('a partial refund returns the fee pro rata, rounded to the nearest cent on the running total', () => {
    const fees = calculateFees(1_000, 'usd');
    const first = calculateRefundSplit(fees, { refundedCents: 0, platformFeeReturnedCents: 0 }, 333);
    expect(first).toEqual({ amountCents: 333, platformFeeReturnedCents: 17, creatorDebitCents: 316 });
    const second = calculateRefundSplit(fees, { refundedCents: 333, platformFeeReturnedCents: 17 }, 667);
    expect(second.platformFeeReturnedCents).toBe(33);
  });

  it('refuses a refund larger than what is left, or of nothing', () => {
    const fees = calculateFees(500, 'usd');
    expect(() => calculateRefundSplit(fees, { refundedCents: 400, platformFeeReturnedCents: 20 }, 101)).toThrow(
      RangeError,
    );
    expect(() => calculateRefundSplit(fees, { refundedCents: 0, platformFeeReturnedCents: 0 }, 0)).toThrow(RangeError);
  });

  it('any sequence of partial refunds returns at most the fee, exactly the fee once the whole amount is refunded, and each part adds up', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 12 }),
        (amount, parts) => {
          const fees = calculateFees(amount, 'usd');
          const soFar = { refundedCents: 0, platformFeeReturnedCents: 0 };
          for (const part of parts) {
            const refund = Math.min(part, amount - soFar.refundedCents);
            if (refund === 0) break;
            const split = calculateRefundSplit(fees, soFar, refund);
            expect(split.platformFeeReturnedCents + split.creatorDebitCents).toBe(refund);
            expect(split.platformFeeReturnedCents).toBeGreaterThanOrEqual(0);
            soFar.refundedCents += refund;
            soFar.platformFeeReturnedCents += split.platformFeeReturnedCents;
            expect(soFar.platformFeeReturnedCents).toBeLessThanOrEqual(fees.platformFeeCents);
          }
          const rest = amount - soFar.refundedCents;
          if (rest > 0)
            soFar.platformFeeReturnedCents += calculateRefundSplit(fees, soFar, rest).platformFeeReturnedCents;
          expect(soFar.platformFeeReturnedCents).toBe(fees.platformFeeCents);
        },
      ),
    );
  });
});
