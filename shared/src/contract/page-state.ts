import type { DehydratedState } from '@tanstack/react-query';
import type { ApiTransport } from '@beabro/shared/api/api-client';
import type { RemoteMap } from '@beabro/shared/contract/remote-contract';

/** Id of the JSON script element the server writes into every shell page. */
export const PAGE_STATE_ELEMENT_ID = 'beabro-page-state';

/**
 * What the server tells the browser about the page it sent: the live remote map (so the browser does
 * not fetch /remotes.json first), and for a server-rendered page the area it rendered and the data it
 * rendered with, so `hydrateRoot` produces the same markup without fetching again.
 */
export interface PageState {
  remoteMap: RemoteMap;
  /** Set when #root holds server-rendered HTML. */
  render: {
    /** The routed area of the page, and whether the server rendered it (false: its loading state). */
    area: { remote: string; module: string; rendered: boolean } | null;
    queries: DehydratedState;
  } | null;
}

/**
 * A public page that runs no application code until the visitor first uses it (a click or tap, a key, focus
 * on a control): its HTML works on its own (links, GET forms, disclosure widgets), and the server replaces the
 * shell's script tags with a small loader and this JSON block, which names what the loader fetches then.
 */
export const FIRST_USE_ELEMENT_ID = 'beabro-first-use';

export interface FirstUsePlan {
  /** The shell's own scripts, in the order the page listed them. */
  scripts: string[];
  /** Files the page's area will need (fetched alongside the shell's scripts). */
  preloads: { href: string; as: 'fetch' | 'script' }[];
  /**
   * A creator's page counts its view as it opens, used or not: the loader reports it (as the area's
   * `useRecordPageView` does once it runs, which then does not report it again).
   */
  view?: { username: string; page: 'profile' | 'support' };
}

/** The loader's global on a first-use page (`window[FIRST_USE_GLOBAL]`). */
export const FIRST_USE_GLOBAL = '__beabroFirstUse';

export interface FirstUseLoader {
  /** Starts loading the application now (idempotent). */
  start: () => void;
  /**
   * Buttons the visitor clicked before the application ran (a click with no action of its own in plain HTML:
   * not a link, a form's submit button or a disclosure summary). The shell clicks them again once hydrated.
   */
  clicks: Element[];
  /** Set by the shell when it hydrates: from then on React hears clicks itself and the loader records none. */
  hydrating: boolean;
  /** The view the loader reported, as `${username}|${page}`, if it did. */
  reportedView?: string;
  /**
   * Says on the page that its interactive parts could not load (the HTML stays, readable, links working), with a
   * Retry button that calls `retry`.
   */
  fail: (retry: () => void) => void;
}

/** The first-use loader of this page, if it has one. */
export function firstUseLoaderOf(win: object): FirstUseLoader | undefined {
  return (win as unknown as Record<string, FirstUseLoader | undefined>)[FIRST_USE_GLOBAL];
}

/** The page state as JSON that is safe inside a <script> element. */
export function serializePageState(state: PageState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/*
 * The shell's server bundle (shell/dist/server/server.cjs) as the API server uses it: it exports
 * `createPageRenderer(options)`, which resolves to a PageRenderer.
 */

/** Fetches and evaluates a remote's server container (its `server/remoteEntry.js`); rejects on any failure. */
export type ContainerLoader = (entryUrl: string, globalName: string) => Promise<unknown>;

export interface PageRendererOptions {
  /** Answers the API requests areas make while prefetching (by the API, as to a visitor: no cookies). */
  apiTransport: ApiTransport;
  loadContainer: ContainerLoader;
  /** Bound on loading an area's server container, on its prefetch, and on rendering the page. */
  timeoutMs: number;
  /** Called each time an area is rendered in the browser instead, with the reason. */
  onAreaFallback: (failure: { remote: string; module: string; reason: string }) => void;
}

export interface PageRequest {
  /** Path and query of the page. */
  url: string;
  /** The live remote map as the browser gets it (name -> manifest URL). */
  remoteMap: RemoteMap;
  /** Where each remote's server container is (name -> remoteEntry.js URL); missing: browser only. */
  serverEntries: RemoteMap;
}

export interface PageRender {
  /** Markup for #root. */
  html: string;
  state: PageState;
  /** The routed area, and whether the server rendered it; null for "page not found". */
  area: { remote: string; module: string; rendered: boolean } | null;
  /** The page's title as its area set it while rendering ("… - Be a Bro"), for the page's <title>. */
  title?: string;
  /** Some of the page's data did not load on the server: that part shows its loading state until the code runs. */
  incomplete?: boolean;
}

export interface PageRenderer {
  /** Renders a visitor's (signed-out) page; null for pages that render in the browser only. */
  render: (request: PageRequest) => Promise<PageRender | null>;
}
