import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { SettingsPage } from '../features/settings/components/settings-page';

export const contractVersion = CONTRACT_VERSION;

export default function SettingsArea(_props: RemoteAreaProps) {
  return <SettingsPage />;
}
