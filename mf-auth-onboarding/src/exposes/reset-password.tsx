import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { PasswordResetPage } from '../features/password-reset/components/password-reset-page';

export const contractVersion = CONTRACT_VERSION;

// Named after the page's address, as the federation contract exposes it (remotes.json): the feature is password-reset.
// basePath is unused: the page is one address, with the link's token in its query string.
export default function PasswordResetArea(_props: RemoteAreaProps) {
  return <PasswordResetPage />;
}
