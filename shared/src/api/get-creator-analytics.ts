import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import {
  creatorAnalyticsSchema,
  type AnalyticsPeriodValue,
  type CreatorAnalytics,
} from '@beabro/shared/api-schemas/analytics';

export function creatorAnalyticsQueryKey(period: AnalyticsPeriodValue) {
  return ['creator-analytics', period] as const;
}

/** The signed-in creator's analytics for a period; 401 when signed out, 404 without a creator page. */
export async function getCreatorAnalytics(period: AnalyticsPeriodValue): Promise<CreatorAnalytics> {
  return creatorAnalyticsSchema.parse(
    await apiRequest<unknown>(`/creator/analytics?period=${encodeURIComponent(period)}`),
  );
}

/** Where the browser downloads the period's supports as CSV (a plain link: the cookie signs the request). */
export function creatorAnalyticsCsvUrl(period: AnalyticsPeriodValue): string {
  return `/api/creator/analytics/export.csv?period=${encodeURIComponent(period)}`;
}

export function creatorAnalyticsQueryOptions(period: AnalyticsPeriodValue) {
  return queryOptions({
    queryKey: creatorAnalyticsQueryKey(period),
    queryFn: () => getCreatorAnalytics(period),
    staleTime: 30_000,
    // Switching periods keeps the last figures on screen (marked as updating) instead of blanking the page.
    placeholderData: keepPreviousData,
  });
}

export function useCreatorAnalytics(period: AnalyticsPeriodValue) {
  return useQuery(creatorAnalyticsQueryOptions(period));
}
