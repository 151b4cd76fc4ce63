import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { ConfirmRenewalPage } from '../features/confirm-renewal/components/confirm-renewal-page';

export const contractVersion = CONTRACT_VERSION;

// Rendered in the browser only (the provider's frame and a token-bearing link); basePath is unused.
export default function ConfirmRenewal(_props: RemoteAreaProps) {
  return <ConfirmRenewalPage />;
}
