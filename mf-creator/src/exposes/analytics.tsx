import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { AnalyticsPage } from '../features/analytics/components/analytics-page';

export const contractVersion = CONTRACT_VERSION;

export default function AnalyticsArea(_props: RemoteAreaProps) {
  return <AnalyticsPage />;
}
