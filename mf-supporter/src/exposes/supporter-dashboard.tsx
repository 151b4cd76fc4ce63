import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { SupporterDashboardArea } from '../features/supporter-dashboard/components/supporter-dashboard-area';

export const contractVersion = CONTRACT_VERSION;

// basePath is unused: the tabs live in the query string, so the area has no sub-paths to build on it.
export default function SupporterDashboard(_props: RemoteAreaProps) {
  return <SupporterDashboardArea />;
}
