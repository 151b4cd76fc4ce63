import { discoverSearch, parseDiscoverParams, totalPages, DEFAULT_DISCOVER_PARAMS } from './discover-search';

describe('discover URL', () => {
  it('reads search, type, sort and page', () => {
    expect(parseDiscoverParams(new URLSearchParams('q=%20pixel%20&type=artist&sort=newest&page=3'))).toEqual({
      q: 'pixel',
      type: 'artist',
      sort: 'newest',
      page: 3,
    });
  });

  it('falls back to the defaults for anything it does not know', () => {
    expect(parseDiscoverParams(new URLSearchParams('type=gaming&sort=random&page=-2'))).toEqual(
      DEFAULT_DISCOVER_PARAMS,
    );
    expect(parseDiscoverParams(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(parseDiscoverParams(new URLSearchParams(`q=${'x'.repeat(150)}`)).q).toHaveLength(100);
  });

  it('writes only what differs from the defaults', () => {
    expect(discoverSearch(DEFAULT_DISCOVER_PARAMS)).toBe('');
    expect(discoverSearch({ q: 'trees & shade', type: 'nonprofit', sort: 'newest', page: 2 })).toBe(
      '?q=trees+%26+shade&type=nonprofit&sort=newest&page=2',
    );
  });

  it('counts pages, at least one', () => {
    expect(totalPages(0, 12)).toBe(1);
    expect(totalPages(12, 12)).toBe(1);
    expect(totalPages(13, 12)).toBe(2);
  });
});
