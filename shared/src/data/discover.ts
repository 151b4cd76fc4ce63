// Discover's limits, apart from the zod schemas so the browser's discover page loads no zod.

export const DISCOVER_SORTS = ['supporters', 'newest'] as const;
export type DiscoverSort = (typeof DISCOVER_SORTS)[number];

export const DISCOVER_DEFAULT_PAGE_SIZE = 12;
export const DISCOVER_MAX_PAGE_SIZE = 50;
/** Deep pages are useless to browse and costly to offset into; search narrows instead. */
export const DISCOVER_MAX_PAGE = 1_000;
export const DISCOVER_QUERY_MAX_LENGTH = 100;
/** Bio excerpts on creator cards are at most this long, "…" included. */
export const DISCOVER_BIO_EXCERPT_LENGTH = 140;
