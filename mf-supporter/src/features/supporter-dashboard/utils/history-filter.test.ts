import {
  filterHistory,
  historyRangeError,
  isFiltering,
  parseHistoryFilter,
  EMPTY_HISTORY_FILTER,
  HISTORY_FILTER_MESSAGES,
} from './history-filter';

// Noon UTC keeps each support on the same local day in every time zone the tests may run in.
const history = [
  { id: 'a', creatorUsername: 'pixelpat', isRecurring: true, createdAt: '2026-11-20T12:00:00.000Z' },
  { id: 'b', creatorUsername: 'pixelpat', isRecurring: false, createdAt: '2026-11-13T12:00:00.000Z' },
  { id: 'c', creatorUsername: 'mayamakesart', isRecurring: false, createdAt: '2026-11-12T12:00:00.000Z' },
  { id: 'd', creatorUsername: 'greenstreets', isRecurring: false, createdAt: '2026-10-15T12:00:00.000Z' },
];
const ids = (filter: Partial<typeof EMPTY_HISTORY_FILTER>) =>
  filterHistory(history, { ...EMPTY_HISTORY_FILTER, ...filter }).map((s) => s.id);

describe('filterHistory', () => {
  it('lets everything through without a filter, in order', () => {
    expect(ids({})).toEqual(['a', 'b', 'c', 'd']);
  });

  it('filters one-off and monthly supports', () => {
    expect(ids({ kind: 'monthly' })).toEqual(['a']);
    expect(ids({ kind: 'one-off' })).toEqual(['b', 'c', 'd']);
  });

  it('filters by creator, and combines with the type', () => {
    expect(ids({ creator: 'pixelpat' })).toEqual(['a', 'b']);
    expect(ids({ creator: 'pixelpat', kind: 'one-off' })).toEqual(['b']);
  });

  it('filters by an inclusive date range, either end open', () => {
    expect(ids({ from: '2026-11-13' })).toEqual(['a', 'b']);
    expect(ids({ to: '2026-11-12' })).toEqual(['c', 'd']);
    expect(ids({ from: '2026-11-12', to: '2026-11-13' })).toEqual(['b', 'c']);
    expect(ids({ from: '2026-11-20', to: '2026-11-20' })).toEqual(['a']);
  });

  it('reports a reversed range and ignores it instead of hiding everything', () => {
    const filter = { ...EMPTY_HISTORY_FILTER, from: '2026-11-20', to: '2026-11-01' };
    expect(historyRangeError(filter)).toBe(HISTORY_FILTER_MESSAGES.rangeReversed);
    expect(filterHistory(history, filter)).toHaveLength(4);
    expect(historyRangeError({ ...filter, to: '2026-11-20' })).toBeUndefined();
  });
});

describe('parseHistoryFilter', () => {
  it('reads the URL and drops anything malformed', () => {
    expect(
      parseHistoryFilter(new URLSearchParams('kind=monthly&creator=pixelpat&from=2026-11-01&to=2026-11-30')),
    ).toEqual({
      kind: 'monthly',
      creator: 'pixelpat',
      from: '2026-11-01',
      to: '2026-11-30',
    });
    expect(parseHistoryFilter(new URLSearchParams('kind=weekly&from=yesterday&to=2026-13-45'))).toEqual(
      EMPTY_HISTORY_FILTER,
    );
  });

  it('knows when a filter is on', () => {
    expect(isFiltering(EMPTY_HISTORY_FILTER)).toBe(false);
    expect(isFiltering({ ...EMPTY_HISTORY_FILTER, to: '2026-11-01' })).toBe(true);
  });
});
