import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { ResetPasswordPage } from '../features/reset-password/components/reset-password-page';

export const contractVersion = CONTRACT_VERSION;

// basePath is unused: the page is one address, with the link's token in its query string.
export default function ResetPassword(_props: RemoteAreaProps) {
  return <ResetPasswordPage />;
}
