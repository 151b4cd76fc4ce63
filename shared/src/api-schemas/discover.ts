import { z } from 'zod';
import { CREATOR_TYPE_IDS } from '@beabro/shared/data/creator-types';
import {
  DISCOVER_BIO_EXCERPT_LENGTH,
  DISCOVER_DEFAULT_PAGE_SIZE,
  DISCOVER_MAX_PAGE,
  DISCOVER_MAX_PAGE_SIZE,
  DISCOVER_QUERY_MAX_LENGTH,
  DISCOVER_SORTS,
} from '@beabro/shared/data/discover';

export const DISCOVER_MESSAGES = {
  queryTooLong: `Search must be at most ${DISCOVER_QUERY_MAX_LENGTH} characters`,
  typeInvalid: 'Choose one of the creator types',
  sortInvalid: 'Sort must be "supporters" or "newest"',
  pageInvalid: `Page must be a whole number from 1 to ${DISCOVER_MAX_PAGE}`,
  pageSizeInvalid: `Page size must be a whole number from 1 to ${DISCOVER_MAX_PAGE_SIZE}`,
} as const;

/** GET /api/discover query. An empty `type` (as a form sends it) means every type. */
export const discoverQuerySchema = z.object({
  q: z.string().trim().max(DISCOVER_QUERY_MAX_LENGTH, { error: DISCOVER_MESSAGES.queryTooLong }).default(''),
  type: z.enum(['', ...CREATOR_TYPE_IDS], { error: DISCOVER_MESSAGES.typeInvalid }).default(''),
  sort: z.enum(DISCOVER_SORTS, { error: DISCOVER_MESSAGES.sortInvalid }).default('supporters'),
  page: z.coerce
    .number({ error: DISCOVER_MESSAGES.pageInvalid })
    .int({ error: DISCOVER_MESSAGES.pageInvalid })
    .min(1, { error: DISCOVER_MESSAGES.pageInvalid })
    .max(DISCOVER_MAX_PAGE, { error: DISCOVER_MESSAGES.pageInvalid })
    .default(1),
  pageSize: z.coerce
    .number({ error: DISCOVER_MESSAGES.pageSizeInvalid })
    .int({ error: DISCOVER_MESSAGES.pageSizeInvalid })
    .min(1, { error: DISCOVER_MESSAGES.pageSizeInvalid })
    .max(DISCOVER_MAX_PAGE_SIZE, { error: DISCOVER_MESSAGES.pageSizeInvalid })
    .default(DISCOVER_DEFAULT_PAGE_SIZE),
});

export const discoverItemSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  creatorType: z.enum(CREATOR_TYPE_IDS),
  creatorTypeLabel: z.string(),
  /** At most 140 characters, cut at a word boundary with "…". */
  bioExcerpt: z.string().max(DISCOVER_BIO_EXCERPT_LENGTH),
  profileImageUrl: z.string().nullable(),
  coverImageUrl: z.string().nullable(),
  /** Null when the creator hides it (the "supporters" sort then puts the creator after every shown count). */
  supporterCount: z.number().int().min(0).nullable(),
  /** Goal progress, rounded and capped at 100; null when there is no goal or the creator hides earnings. */
  goalPercent: z.number().int().min(0).max(100).nullable(),
});

export const discoverResponseSchema = z.object({
  items: z.array(discoverItemSchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** Creators matching the search and filter, across all pages. */
  total: z.number().int().min(0),
});

export type DiscoverQueryInput = z.input<typeof discoverQuerySchema>;
export type DiscoverQuery = z.output<typeof discoverQuerySchema>;
export type DiscoverItemDto = z.infer<typeof discoverItemSchema>;
export type DiscoverResponseDto = z.infer<typeof discoverResponseSchema>;
