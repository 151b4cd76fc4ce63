import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Loads a query before a server render (an area's `prefetch`). A failed load is dropped from the cache:
 * only successful answers are embedded in the page, so the server renders the loading state the browser
 * starts from, and the browser asks again and shows the error or not-found state itself (rendering an
 * error on the server and a loading state in the browser would not hydrate).
 */
export async function prefetchForServerRender<TData, TError, TQueryKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, TError, TData, TQueryKey>,
): Promise<void> {
  try {
    await queryClient.fetchQuery(options);
  } catch {
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  }
}
