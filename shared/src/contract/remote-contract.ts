import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/**
 * Version of the shell <-> remote contract. A remote exports the version it was built against;
 * the shell refuses (with a clear fallback) a remote whose major version differs from its own.
 */
export const CONTRACT_VERSION = '1.1.0';

/** Props the shell passes to every exposed area component. */
export interface RemoteAreaProps {
  /** The path the shell mounted this area at, e.g. "/help". */
  basePath: string;
}

/** What the server tells an area about the page it is about to render. */
export interface AreaPrefetchContext {
  /** Route parameters of the page, e.g. `{ username: 'pixelpat' }` for "/:username". */
  params: Readonly<Record<string, string | undefined>>;
  /** The query string of the page. */
  searchParams: URLSearchParams;
  /** The request's query client: what the area puts in it is rendered and embedded in the page. */
  queryClient: QueryClient;
}

/** The shape of every module a remote exposes from `src/exposes/`. */
export interface RemoteAreaModule {
  default: ComponentType<RemoteAreaProps>;
  contractVersion: string;
  /**
   * Optional (contract 1.1): loads the data the area shows into the query client before the server
   * renders it, so the page arrives with its content and the browser hydrates without fetching again.
   * Use `queryClient.fetchQuery`/`prefetchQuery` with the same query options the area's hooks use.
   * It should throw only when the page cannot be rendered on the server at all (the area then renders
   * in the browser).
   */
  prefetch?: (context: AreaPrefetchContext) => Promise<void>;
}

export function majorOf(version: string): number {
  const major = Number.parseInt(version.split('.')[0] ?? '', 10);
  return Number.isNaN(major) ? -1 : major;
}

export function isCompatibleContract(version: unknown): boolean {
  return typeof version === 'string' && majorOf(version) === majorOf(CONTRACT_VERSION);
}

/** The runtime remote map served at /remotes.json: remote name -> manifest (or remoteEntry.js) URL. */
export type RemoteMap = Record<string, string>;

/** Module Federation container names are JS identifiers: "mf-help" is registered as "mf_help". */
export function federationName(remote: string): string {
  return remote.replace(/-/g, '_');
}
