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
}

export interface PageRenderer {
  /** Renders a visitor's (signed-out) page; null for pages that render in the browser only. */
  render: (request: PageRequest) => Promise<PageRender | null>;
}

export interface ShellServerBundle {
  createPageRenderer: (options: PageRendererOptions) => Promise<PageRenderer>;
}
