import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { SubscriptionLinkPage } from '../features/subscription-link/components/subscription-link-page';

export const contractVersion = CONTRACT_VERSION;

// No prefetch: the page reads its token from the browser's address, so a server render is its loading state.
// basePath is unused: the page is one address, with the token in its query string.
export default function SubscriptionLink(_props: RemoteAreaProps) {
  return <SubscriptionLinkPage />;
}
