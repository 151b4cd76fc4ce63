import { useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { helpSearch } from '../utils/help-search';
import { parseFaqCategory, type CategoryFilter } from '../utils/parse-faq-category';

/** Marks history entries written by the search box itself (see the sync below). */
const SEARCH_BOX_SOURCE = 'help-search-box';

function isFromSearchBox(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { source?: unknown }).source === SEARCH_BOX_SOURCE;
}

/**
 * The help centre's search text and category live in the URL (`?q=`, `?category=`) so shared links,
 * footer links and back/forward all open the right view.
 *
 * The search box keeps its own copy of the text: the router applies location changes in a transition,
 * so an input bound straight to the URL could lag behind fast typing and drop characters. That copy is
 * overwritten from the URL for every navigation the box did not make itself (back/forward, links).
 */
export function useHelpFilters() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const urlQuery = searchParams.get('q') ?? '';
  const category = parseFaqCategory(searchParams.get('category'));

  const [query, setQueryState] = useState(urlQuery);
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (location.key !== seenLocationKey) {
    setSeenLocationKey(location.key);
    const typedHere = navigationType !== 'POP' && isFromSearchBox(location.state);
    if (!typedHere && query !== urlQuery) setQueryState(urlQuery);
  }

  function setQuery(next: string) {
    setQueryState(next);
    // One history entry per search, not per keystroke: only the first character pushes.
    setSearchParams(helpSearch(next, category), { replace: query !== '', state: { source: SEARCH_BOX_SOURCE } });
  }

  return {
    query,
    category,
    setQuery,
    /** `search` of a link that shows `nextCategory` and keeps the current search text. */
    categorySearch: (nextCategory: CategoryFilter) => helpSearch(query, nextCategory),
  };
}
