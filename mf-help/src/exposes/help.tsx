import { siteConfigQueryOptions } from '@beabro/shared/api/get-site-config';
import { prefetchForServerRender } from '@beabro/shared/api/prefetch-for-server-render';
import {
  CONTRACT_VERSION,
  type AreaPrefetchContext,
  type RemoteAreaProps,
} from '@beabro/shared/contract/remote-contract';
import { HelpCentre } from '../features/help/components/help-centre';

export const contractVersion = CONTRACT_VERSION;

/** Server rendering: the FAQ is built in; the contact block shows the support address from the site config. */
export async function prefetch({ queryClient }: AreaPrefetchContext): Promise<void> {
  await prefetchForServerRender(queryClient, siteConfigQueryOptions);
}

export default function HelpArea({ basePath }: RemoteAreaProps) {
  return <HelpCentre basePath={basePath} />;
}
