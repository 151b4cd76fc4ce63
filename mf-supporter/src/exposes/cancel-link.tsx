import { prefetchForServerRender } from '@beabro/shared/api/prefetch-for-server-render';
import {
  CONTRACT_VERSION,
  type AreaPrefetchContext,
  type RemoteAreaProps,
} from '@beabro/shared/contract/remote-contract';
import { subscriptionLinkPageQueryOptions } from '../features/subscription-link/api/get-subscription-link';
import { SubscriptionLinkPage } from '../features/subscription-link/components/subscription-link-page';

export const contractVersion = CONTRACT_VERSION;

/** Server rendering: the monthly support the link in the address is for (read only: only the buttons act). */
export async function prefetch({ searchParams, queryClient }: AreaPrefetchContext): Promise<void> {
  await prefetchForServerRender(queryClient, subscriptionLinkPageQueryOptions(searchParams.get('token') ?? ''));
}

// basePath is unused: the page is one address, with the token in its query string.
export default function SubscriptionLink(_props: RemoteAreaProps) {
  return <SubscriptionLinkPage />;
}
