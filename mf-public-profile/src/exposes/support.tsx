import {
  CONTRACT_VERSION,
  type AreaPrefetchContext,
  type RemoteAreaProps,
} from '@beabro/shared/contract/remote-contract';
import { SupportPage } from '../features/support/components/support-page';
import { prefetchCreator } from '../hooks/use-creator';
import { useUsernameParam, usernameFromParams } from '../hooks/use-username-param';

export const contractVersion = CONTRACT_VERSION;

/** Server rendering: the checkout is built from the creator's public profile (tiers, minimum, goal). */
export async function prefetch({ params, queryClient }: AreaPrefetchContext): Promise<void> {
  await prefetchCreator(queryClient, usernameFromParams(params));
}

/** /{username}/support: the shell mounts this at "/:username/support" (basePath); the username comes from the route. */
export default function SupportArea(_props: RemoteAreaProps) {
  const username = useUsernameParam();
  return <SupportPage key={username} username={username} />;
}
