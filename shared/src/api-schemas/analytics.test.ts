import {
  ANALYTICS_MESSAGES,
  ANALYTICS_PERIOD_IDS,
  SUPPORT_DISTRIBUTION_RANGES,
  analyticsCsvFilename,
  analyticsQuerySchema,
} from '@beabro/shared/api-schemas/analytics';
import { ANALYTICS_PERIODS, SUPPORT_AMOUNT_RANGES } from '@beabro/shared/data/defaults';

describe('analytics schemas', () => {
  it('offers the same periods as the shared constants, 30 days by default', () => {
    expect([...ANALYTICS_PERIOD_IDS]).toEqual([...ANALYTICS_PERIODS]);
    expect(analyticsQuerySchema.parse({})).toEqual({ period: '30d' });
    expect(analyticsQuerySchema.parse({ period: '1y' })).toEqual({ period: '1y' });
    const result = analyticsQuerySchema.safeParse({ period: '2w' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(ANALYTICS_MESSAGES.periodInvalid);
  });

  it('uses the range labels $1-5 to $26-50 plus $51+, contiguous in cents so no amount is dropped', () => {
    expect(SUPPORT_DISTRIBUTION_RANGES.slice(0, 4).map((r) => r.label)).toEqual(
      SUPPORT_AMOUNT_RANGES.map((r) => r.label),
    );
    expect(SUPPORT_DISTRIBUTION_RANGES.at(-1)).toEqual({ label: '$51+', minCents: 5_001, maxCents: null });
    for (let i = 1; i < SUPPORT_DISTRIBUTION_RANGES.length; i++) {
      expect(SUPPORT_DISTRIBUTION_RANGES[i]?.minCents).toBe((SUPPORT_DISTRIBUTION_RANGES[i - 1]?.maxCents ?? NaN) + 1);
    }
  });

  it('names the CSV after the creator, the period and its last day', () => {
    expect(analyticsCsvFilename('pixelpat', '90d', '2025-06-15')).toBe('beabro-supports-pixelpat-90d-2025-06-15.csv');
  });
});
