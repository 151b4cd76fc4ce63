import { localDay } from '../../../lib/format-date';

export type SupportKind = 'all' | 'one-off' | 'monthly';

/** The Support History filter; it lives in the URL (`kind`, `creator`, `from`, `to`) with the tab. */
export interface HistoryFilter {
  kind: SupportKind;
  /** A creator's username, or '' for every creator. */
  creator: string;
  /** Local calendar days "YYYY-MM-DD", inclusive; '' leaves that end open. */
  from: string;
  to: string;
}

export const HISTORY_FILTER_PARAMS = ['kind', 'creator', 'from', 'to'] as const;

export const EMPTY_HISTORY_FILTER: HistoryFilter = { kind: 'all', creator: '', from: '', to: '' };

export const HISTORY_FILTER_MESSAGES = {
  rangeReversed: 'The end date must be on or after the start date',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string | null): string {
  return value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';
}

export function parseHistoryFilter(params: URLSearchParams): HistoryFilter {
  const kind = params.get('kind');
  return {
    kind: kind === 'one-off' || kind === 'monthly' ? kind : 'all',
    creator: params.get('creator')?.trim() ?? '',
    from: validDay(params.get('from')),
    to: validDay(params.get('to')),
  };
}

/** The date range error to show next to the "To" field, if any. */
export function historyRangeError(filter: HistoryFilter): string | undefined {
  return filter.from && filter.to && filter.from > filter.to ? HISTORY_FILTER_MESSAGES.rangeReversed : undefined;
}

export function isFiltering(filter: HistoryFilter): boolean {
  return filter.kind !== 'all' || filter.creator !== '' || filter.from !== '' || filter.to !== '';
}

interface FilterableSupport {
  creatorUsername: string;
  isRecurring: boolean;
  createdAt: string;
}

/**
 * The supports the filter lets through, order kept. Monthly covers the first payment and its
 * renewals. A reversed date range is reported next to the field and ignored rather than hiding all.
 */
export function filterHistory<T extends FilterableSupport>(history: readonly T[], filter: HistoryFilter): T[] {
  const rangeValid = !historyRangeError(filter);
  return history.filter((support) => {
    if (filter.kind === 'one-off' && support.isRecurring) return false;
    if (filter.kind === 'monthly' && !support.isRecurring) return false;
    if (filter.creator && support.creatorUsername !== filter.creator) return false;
    if (rangeValid && (filter.from || filter.to)) {
      const day = localDay(support.createdAt);
      if (filter.from && day < filter.from) return false;
      if (filter.to && day > filter.to) return false;
    }
    return true;
  });
}
