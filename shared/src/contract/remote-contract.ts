import type { ComponentType } from 'react';

/**
 * Version of the shell <-> remote contract. A remote exports the version it was built against;
 * the shell refuses (with a clear fallback) a remote whose major version differs from its own.
 */
export const CONTRACT_VERSION = '1.0.0';

/** Props the shell passes to every exposed area component. */
export interface RemoteAreaProps {
  /** The path the shell mounted this area at, e.g. "/help". */
  basePath: string;
}

/** The shape of every module a remote exposes from `src/exposes/`. */
export interface RemoteAreaModule {
  default: ComponentType<RemoteAreaProps>;
  contractVersion: string;
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
