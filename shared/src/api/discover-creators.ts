import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import type { DiscoverQueryInput, DiscoverResponseDto } from '@beabro/shared/api-schemas/discover';

function toSearchParams(params: DiscoverQueryInput): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `?${query}` : '';
}

/** Public creators matching a search, type filter and sort, one page at a time. */
export async function discoverCreators(params: DiscoverQueryInput = {}): Promise<DiscoverResponseDto> {
  return apiRequest<DiscoverResponseDto>(`/discover${toSearchParams(params)}`);
}

export function discoverCreatorsQueryOptions(params: DiscoverQueryInput = {}) {
  return queryOptions({
    queryKey: ['discover', params] as const,
    queryFn: () => discoverCreators(params),
    staleTime: 30_000,
    // Keeps the previous page on screen while the next one loads, so the grid does not flash empty.
    placeholderData: keepPreviousData,
  });
}

export function useDiscoverCreators(params: DiscoverQueryInput = {}) {
  return useQuery(discoverCreatorsQueryOptions(params));
}
