import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { ProfilePage } from '../features/profile/components/profile-page';
import { useUsernameParam } from '../hooks/use-username-param';

export const contractVersion = CONTRACT_VERSION;

/** /{username}: the shell mounts this at "/:username" (basePath); the username comes from the route. */
export default function ProfileArea(_props: RemoteAreaProps) {
  const username = useUsernameParam();
  // Keyed by username: moving from one creator to another starts a fresh page (tier choice, thank-you).
  return <ProfilePage key={username} username={username} />;
}
