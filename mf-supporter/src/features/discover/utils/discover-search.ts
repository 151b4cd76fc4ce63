import type { DiscoverQueryInput } from '@beabro/shared/api-schemas/discover';
import {
  DISCOVER_MAX_PAGE,
  DISCOVER_QUERY_MAX_LENGTH,
  DISCOVER_SORTS,
  type DiscoverSort,
} from '@beabro/shared/data/discover';
import { isCreatorType } from '@beabro/shared/data/creator-types';
import type { CreatorType } from '@beabro/shared/data/creator-types';

/** What /discover shows, as its URL says: `?q=&type=&sort=&page=`. */
export interface DiscoverParams {
  q: string;
  /** '' for every type. */
  type: CreatorType | '';
  sort: DiscoverSort;
  page: number;
}

export const DEFAULT_DISCOVER_PARAMS: DiscoverParams = { q: '', type: '', sort: 'supporters', page: 1 };

export const SORT_LABELS: Record<DiscoverSort, string> = { supporters: 'Most supporters', newest: 'Newest' };

/** Reads the URL leniently: an unknown type, sort or page (old or hand-made links) falls back to the default. */
export function parseDiscoverParams(params: URLSearchParams): DiscoverParams {
  const type = params.get('type') ?? '';
  const sort = params.get('sort') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').trim().slice(0, DISCOVER_QUERY_MAX_LENGTH),
    type: isCreatorType(type) ? type : '',
    sort: (DISCOVER_SORTS as readonly string[]).includes(sort) ? (sort as DiscoverSort) : 'supporters',
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, DISCOVER_MAX_PAGE) : 1,
  };
}

/** What GET /api/discover is asked for `params`; also the query key, so the page and the server prefetch must share it. */
export function discoverQueryInput(params: DiscoverParams): DiscoverQueryInput {
  return { q: params.q, type: params.type, sort: params.sort, page: params.page };
}

/** The query string for `params`, leaving out defaults so the plain /discover stays plain. */
export function discoverSearch(params: DiscoverParams): string {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.type) search.set('type', params.type);
  if (params.sort !== 'supporters') search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function isFilteringCreators(params: DiscoverParams): boolean {
  return params.q !== '' || params.type !== '';
}

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}
