import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import type { SiteConfig } from '@beabro/shared/schemas/site-config';

/** Public, deploy-time configuration of the site (e.g. the support email address). */
export async function getSiteConfig(): Promise<SiteConfig> {
  return apiRequest<SiteConfig>('/site-config');
}

export const siteConfigQueryOptions = queryOptions({
  queryKey: ['site-config'],
  queryFn: getSiteConfig,
  staleTime: Infinity,
});

export function useSiteConfig() {
  return useQuery(siteConfigQueryOptions);
}
