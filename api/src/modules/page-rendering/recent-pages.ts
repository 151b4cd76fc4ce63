import type { PageRender } from '@beabro/shared/contract/page-state';

/** At most this many pages are kept (a page is tens of kB): beyond it the oldest goes. */
const MAX_PAGES = 300;

/**
 * Visitors' pages rendered in the last `ttlMs`, by address and everything else the render depends on (the shell
 * build and the live remote map, so a deploy is never served stale): a link many visitors open at once, a
 * creator's page shared on social media, is rendered once per moment instead of once per visitor, and visitors
 * asking for the same page while it renders share that one render. Visitors' pages hold public data only (the
 * server never renders with a session).
 *
 * What is kept: complete renders. Not kept: a page whose area fell back to the browser (the next visitor may get it
 * whole), a failed render, and addresses that carry a token (email links: each is one person's). Any successful
 * write through the API empties it (`forget`), so a visitor who has just supported a creator sees their support on
 * the creator's page; what changes without a request (a renewal run) shows within `ttlMs`.
 */
export function createRecentPages(ttlMs: number, now: () => number = Date.now) {
  const pages = new Map<string, { at: number; page: Promise<PageRender | null> }>();

  function prune(at: number) {
    for (const [key, entry] of pages) {
      if (at - entry.at < ttlMs && pages.size <= MAX_PAGES) break;
      pages.delete(key);
    }
  }

  return {
    /** The page for `key` rendered in the last moment, or `render()`'s, shared with whoever asks meanwhile. */
    get(url: string, key: string, render: () => Promise<PageRender | null>): Promise<PageRender | null> {
      if (ttlMs <= 0 || /[?&]token=/i.test(url)) return render();
      const at = now();
      const fullKey = `${url}\n${key}`;
      const kept = pages.get(fullKey);
      if (kept && at - kept.at < ttlMs) return kept.page;
      if (kept) pages.delete(fullKey);
      const page = render();
      const entry = { at, page };
      pages.set(fullKey, entry);
      prune(at);
      const drop = () => {
        if (pages.get(fullKey) === entry) pages.delete(fullKey);
      };
      page.then((result) => {
        if (!result || (result.area !== null && !result.area.rendered)) drop();
      }, drop);
      return page;
    },
    /** Forgets every page (something may have changed what they show). */
    forget() {
      pages.clear();
    },
    get size() {
      return pages.size;
    },
  };
}

export type RecentPages = ReturnType<typeof createRecentPages>;
