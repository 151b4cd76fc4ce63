import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';

export const contractVersion = CONTRACT_VERSION;

export default function DashboardArea(_props: RemoteAreaProps) {
  return <DashboardPage />;
}
