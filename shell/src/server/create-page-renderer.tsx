import { dehydrate } from '@tanstack/react-query';
import { renderToReadableStream } from 'react-dom/server';
import { matchRoutes } from 'react-router-dom';
import { setApiTransport } from '@beabro/shared/api/api-client';
import { ServerTitleContext } from '@beabro/shared/hooks/use-document-title';
import { SESSION_QUERY_KEY } from '@beabro/shared/api/get-current-user';
import type {
  PageRender,
  PageRenderer,
  PageRendererOptions,
  PageRequest,
  PageState,
} from '@beabro/shared/contract/page-state';
import type { RemoteAreaModule, RemoteMap } from '@beabro/shared/contract/remote-contract';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { createQueryClient } from '@beabro/shared/ui/app-providers';
import { App } from '../app/app';
import { AREA_ROUTES, type AreaRoute } from '../config/area-routes';
import { areaKey, type ResolvedAreas } from '../features/remotes/resolved-areas';
import { createServerAreas, withTimeout } from './server-areas';

/** The routed area of a URL, when it is one the server renders (public: no sign-in needed). */
function publicAreaOf(
  pathname: string,
): { route: AreaRoute; params: Record<string, string | undefined> } | 'not-found' | null {
  const match = matchRoutes(
    AREA_ROUTES.map((route) => ({ path: route.path })),
    pathname,
  )?.at(-1);
  if (!match) return 'not-found';
  const route = AREA_ROUTES.find((candidate) => candidate.path === match.route.path);
  if (!route || route.access) return null;
  return { route, params: match.params };
}

export function createPageRenderer({
  apiTransport,
  loadContainer,
  timeoutMs,
  onAreaFallback,
}: PageRendererOptions): PageRenderer {
  // Only visitors' pages are rendered here: a signed-in page renders in the browser.
  setApiTransport(apiTransport);
  useSessionStore.getState().setUser(null);
  const areas = createServerAreas({ loadContainer, timeoutMs });

  async function renderApp(
    url: string,
    remoteMap: RemoteMap,
    queryClient: ReturnType<typeof createQueryClient>,
    resolvedAreas: ResolvedAreas,
  ) {
    const errors: unknown[] = [];
    const controller = new AbortController();
    let title: string | undefined;
    const stream = await renderToReadableStream(
      <ServerTitleContext.Provider value={(next) => void (title = next)}>
        <App
          remoteMap={{ status: 'ready', map: remoteMap }}
          queryClient={queryClient}
          resolvedAreas={resolvedAreas}
          location={url}
        />
      </ServerTitleContext.Provider>,
      // The page is sent once everything is ready, so never outline a large boundary behind its fallback.
      {
        signal: controller.signal,
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onError: (error) => void errors.push(error),
      },
    );
    try {
      await withTimeout(stream.allReady, timeoutMs, 'rendering the page');
    } catch (error) {
      controller.abort(error);
      throw error;
    }
    const html = await new Response(stream).text();
    return { html, errors, title };
  }

  async function render({ url, remoteMap, serverEntries }: PageRequest): Promise<PageRender | null> {
    const { pathname, searchParams } = new URL(url, 'http://page.invalid');
    const target = publicAreaOf(pathname);
    if (target === null) return null;

    const queryClient = createQueryClient();
    // One try within the time limit: a failed load leaves the area's loading state to the browser.
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    const resolvedAreas: ResolvedAreas & { modules: Map<string, RemoteAreaModule['default']>; deferred: Set<string> } =
      {
        modules: new Map(),
        deferred: new Set(),
        server: true,
      };

    let area: PageRender['area'] = null;
    if (target !== 'not-found') {
      const { route, params } = target;
      const key = areaKey(route.remote, route.module);
      area = { remote: route.remote, module: route.module, rendered: false };
      const fallback = (reason: string) => onAreaFallback({ remote: route.remote, module: route.module, reason });
      if (remoteMap[route.remote] !== undefined && !route.browserOnly) {
        const loaded = await areas.load(route.remote, route.module, serverEntries[route.remote]);
        if (!loaded.ok) {
          fallback(loaded.reason);
        } else {
          try {
            await withTimeout(
              loaded.area.prefetch?.({ params, searchParams, queryClient }) ?? Promise.resolve(),
              timeoutMs,
              `prefetching ${route.remote} ${route.module}`,
            );
            resolvedAreas.modules.set(key, loaded.area.default);
            area.rendered = true;
          } catch (error) {
            fallback(error instanceof Error ? error.message : String(error));
          }
        }
      }
    }

    const renderedArea = area;
    const entry = renderedArea ? serverEntries[renderedArea.remote] : undefined;
    const renderWithoutArea = async (reason: string) => {
      // The area threw or took too long: send the page with that area rendered in the browser instead,
      // and leave it to the browser for a while (see renderFailed).
      if (!renderedArea) throw new Error(reason);
      onAreaFallback({ remote: renderedArea.remote, module: renderedArea.module, reason });
      if (entry) areas.renderFailed(renderedArea.module, entry, reason);
      resolvedAreas.modules.clear();
      renderedArea.rendered = false;
      return renderApp(url, remoteMap, queryClient, resolvedAreas);
    };
    let result: Awaited<ReturnType<typeof renderApp>>;
    try {
      result = await renderApp(url, remoteMap, queryClient, resolvedAreas);
    } catch (error) {
      if (!renderedArea?.rendered) throw error;
      result = await renderWithoutArea(error instanceof Error ? error.message : String(error));
    }
    if (result.errors.length > 0 && renderedArea?.rendered) {
      const first = result.errors[0];
      result = await renderWithoutArea(
        `threw while rendering: ${first instanceof Error ? first.message : String(first)}`,
      );
    }
    if (result.errors.length > 0) throw result.errors[0];

    const state: PageState = { remoteMap, render: { area, queries: dehydrate(queryClient) } };
    // A read that failed or did not finish in time left its part of the page loading: the browser must finish it.
    const incomplete = queryClient
      .getQueryCache()
      .getAll()
      // (a disabled query, pending and idle, is not one: it waits for something the visitor does)
      .some((query) => query.state.status === 'error' || query.state.fetchStatus === 'fetching');
    return {
      html: result.html,
      state,
      area,
      ...(result.title ? { title: result.title } : {}),
      ...(incomplete ? { incomplete } : {}),
    };
  }

  return { render };
}
