import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { DiscoverPage } from '../features/discover/components/discover-page';

export const contractVersion = CONTRACT_VERSION;

// basePath is unused: search, filter, sort and page live in the query string of /discover itself.
export default function Discover(_props: RemoteAreaProps) {
  return <DiscoverPage />;
}
