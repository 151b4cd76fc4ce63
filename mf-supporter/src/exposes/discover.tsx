import { discoverCreatorsQueryOptions } from '@beabro/shared/api/discover-creators';
import { prefetchForServerRender } from '@beabro/shared/api/prefetch-for-server-render';
import {
  CONTRACT_VERSION,
  type AreaPrefetchContext,
  type RemoteAreaProps,
} from '@beabro/shared/contract/remote-contract';
import { DiscoverPage } from '../features/discover/components/discover-page';
import { discoverQueryInput, parseDiscoverParams } from '../features/discover/utils/discover-search';

export const contractVersion = CONTRACT_VERSION;

/** Server rendering: the page of creators the address asks for (search, type, sort and page read as the page reads them). */
export async function prefetch({ searchParams, queryClient }: AreaPrefetchContext): Promise<void> {
  await prefetchForServerRender(
    queryClient,
    discoverCreatorsQueryOptions(discoverQueryInput(parseDiscoverParams(searchParams))),
  );
}

// basePath is unused: search, filter, sort and page live in the query string of /discover itself.
export default function Discover(_props: RemoteAreaProps) {
  return <DiscoverPage />;
}
