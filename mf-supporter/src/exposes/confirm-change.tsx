import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { ConfirmChangePage } from '../features/confirm-change/components/confirm-change-page';

export const contractVersion = CONTRACT_VERSION;

// Rendered in the browser only (a token-bearing link); nothing is read until the button is pressed. basePath is unused.
export default function ConfirmChange(_props: RemoteAreaProps) {
  return <ConfirmChangePage />;
}
