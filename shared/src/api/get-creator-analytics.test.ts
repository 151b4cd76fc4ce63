import { ApiError } from '@beabro/shared/api/api-client';
import {
  creatorAnalyticsCsvUrl,
  creatorAnalyticsQueryKey,
  creatorAnalyticsQueryOptions,
  getCreatorAnalytics,
} from '@beabro/shared/api/get-creator-analytics';
import type { CreatorAnalytics } from '@beabro/shared/api-schemas/analytics';
import { json, mockApi } from '@beabro/shared/testing/msw';

const sample: CreatorAnalytics = {
  currency: 'usd',
  period: '7d',
  range: { start: '2025-06-09', end: '2025-06-15', previousStart: '2025-06-02', previousEnd: '2025-06-08' },
  summary: {
    grossCents: 3_000,
    netCents: 2_600,
    supports: 2,
    supporters: 2,
    newSupporters: 1,
    averageSupportCents: 1_500,
    recurringSupports: 1,
    pausedSupports: 0,
    previous: { grossCents: 1_000, netCents: 870, supports: 1, supporters: 1 },
    change: { grossPercent: 200, supportsPercent: 100, supportersPercent: 100 },
  },
  earnings: {
    granularity: 'day',
    buckets: [{ start: '2025-06-15', end: '2025-06-15', grossCents: 3_000, netCents: 2_600, supports: 2 }],
  },
  supportsByAmount: [{ range: '$1-5', minCents: 100, maxCents: 500, count: 1, percentage: 50 }],
  topSupporters: [
    {
      kind: 'anonymous',
      name: 'Anonymous',
      totalSupportCents: 500,
      supports: 1,
      isRecurring: false,
      lastSupportAt: '2025-06-15T10:00:00.000Z',
    },
  ],
  recentActivity: [
    { type: 'goal_reached', date: '2025-06-15T10:00:00.000Z', goalName: 'Mic', goalAmountCents: 2_000 },
    {
      type: 'support',
      date: '2025-06-15T10:00:00.000Z',
      amountCents: 500,
      supporter: null,
      isAnonymous: true,
      isRecurring: false,
      isRenewal: false,
    },
  ],
  traffic: {
    profileViews: 10,
    supportPageViews: 4,
    checkouts: 2,
    conversionRatePercent: 50,
    previous: { profileViews: 3, supportPageViews: 1 },
  },
};

const ROUTE = 'GET /api/creator/analytics';

describe('getCreatorAnalytics', () => {
  it('GETs /api/creator/analytics with the period and returns the parsed answer', async () => {
    const api = mockApi({ [ROUTE]: json(200, sample) });
    await expect(getCreatorAnalytics('7d')).resolves.toEqual(sample);
    expect(api.calls[0]?.path).toBe('/api/creator/analytics?period=7d');
  });

  it('throws ApiError with the field message for a refused period', async () => {
    mockApi({
      [ROUTE]: json(400, {
        message: 'Please correct the highlighted fields.',
        fieldErrors: { period: 'Choose a period: 7d, 30d, 90d or 1y' },
      }),
    });
    const error = await getCreatorAnalytics('30d').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, fieldErrors: { period: 'Choose a period: 7d, 30d, 90d or 1y' } });
  });

  it('refuses an answer that does not match the schema', async () => {
    mockApi({
      [ROUTE]: json(200, { ...sample, recentActivity: [{ type: 'party', date: '2025-06-15T10:00:00.000Z' }] }),
    });
    await expect(getCreatorAnalytics('7d')).rejects.toThrow();
  });

  it('keys the cache by period and keeps the previous figures while another period loads', () => {
    expect(creatorAnalyticsQueryKey('90d')).toEqual(['creator-analytics', '90d']);
    const options = creatorAnalyticsQueryOptions('1y');
    expect(options.queryKey).toEqual(['creator-analytics', '1y']);
    expect(options.placeholderData).toBeTypeOf('function');
  });

  it('points the CSV download at the export endpoint for the period', () => {
    expect(creatorAnalyticsCsvUrl('30d')).toBe('/api/creator/analytics/export.csv?period=30d');
  });
});
