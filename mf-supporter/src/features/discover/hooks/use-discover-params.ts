import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { discoverSearch, parseDiscoverParams, type DiscoverParams } from '../utils/discover-search';

/** How long typing must pause before the search runs (and the URL changes). */
export const SEARCH_DEBOUNCE_MS = 300;

/** Marks history entries the search box wrote itself, so they do not overwrite what is being typed. */
const SEARCH_BOX_SOURCE = 'discover-search-box';

function isFromSearchBox(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { source?: unknown }).source === SEARCH_BOX_SOURCE;
}

/**
 * /discover's search, type, sort and page live in the URL, so results can be shared and Back works.
 * The search box keeps its own text and writes it to `?q=` once typing pauses; any other navigation
 * (Back, a link) puts the URL's text back in the box. Changing what is searched starts at page 1.
 */
export function useDiscoverParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const params = parseDiscoverParams(searchParams);

  const [text, setText] = useState(params.q);
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (location.key !== seenLocationKey) {
    setSeenLocationKey(location.key);
    const typedHere = navigationType !== 'POP' && isFromSearchBox(location.state);
    if (!typedHere && text.trim() !== params.q) setText(params.q);
  }

  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function update(patch: Partial<DiscoverParams>, options: { replace?: boolean; fromSearchBox?: boolean } = {}) {
    setSearchParams(
      (current) => {
        const base = parseDiscoverParams(current);
        return new URLSearchParams(discoverSearch({ ...base, page: 1, ...patch }));
      },
      { replace: options.replace ?? false, state: options.fromSearchBox ? { source: SEARCH_BOX_SOURCE } : null },
    );
  }

  function writeQuery(next: string) {
    const q = next.trim();
    if (q === params.q) return;
    // One history entry per search, not per pause: refining a search replaces it.
    update({ q }, { replace: params.q !== '' && q !== '', fromSearchBox: true });
  }

  return {
    params,
    /** The search box's text (ahead of the URL while typing). */
    text,
    setText(next: string) {
      setText(next);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => writeQuery(next), SEARCH_DEBOUNCE_MS);
    },
    /** Enter: search now rather than after the pause. */
    submitText() {
      clearTimeout(timer.current);
      writeQuery(text);
    },
    setType: (type: DiscoverParams['type']) => update({ type }),
    setSort: (sort: DiscoverParams['sort']) => update({ sort }),
    clear() {
      clearTimeout(timer.current);
      setText('');
      update({ q: '', type: '' });
    },
    /** The query string "Clear filters" leads to: no search or type, the same sort, page 1. */
    clearedSearch: discoverSearch({ ...params, q: '', type: '', page: 1 }),
    /** The link to another page of the same results. */
    pageSearch: (page: number) => discoverSearch({ ...params, page }),
  };
}
