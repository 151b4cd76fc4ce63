import { createContext, useContext, type ComponentType } from 'react';
import type { RemoteAreaProps } from '@beabro/shared/contract/remote-contract';

/**
 * Areas whose module was loaded before React rendered: on the server (the page is rendered with it),
 * and in the browser before `hydrateRoot` (so the first render matches the server's HTML). An area
 * listed as `deferred` was not rendered by the server: the browser's first render shows its loading
 * state, as the server's HTML does, and loads it after hydration.
 */
export interface ResolvedAreas {
  modules: ReadonlyMap<string, ComponentType<RemoteAreaProps>>;
  deferred: ReadonlySet<string>;
  /** True while rendering on the server: nothing is loaded lazily there. */
  server: boolean;
}

export const areaKey = (remote: string, module: string) => `${remote}|${module}`;

export const NO_RESOLVED_AREAS: ResolvedAreas = { modules: new Map(), deferred: new Set(), server: false };

export const ResolvedAreasContext = createContext<ResolvedAreas>(NO_RESOLVED_AREAS);

export function useResolvedAreas(): ResolvedAreas {
  return useContext(ResolvedAreasContext);
}
