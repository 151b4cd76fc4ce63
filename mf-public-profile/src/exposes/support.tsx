import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { SupportPage } from '../features/support/components/support-page';
import { useUsernameParam } from '../hooks/use-username-param';

export const contractVersion = CONTRACT_VERSION;

/** /{username}/support: the shell mounts this at "/:username/support" (basePath); the username comes from the route. */
export default function SupportArea(_props: RemoteAreaProps) {
  const username = useUsernameParam();
  return <SupportPage key={username} username={username} />;
}
