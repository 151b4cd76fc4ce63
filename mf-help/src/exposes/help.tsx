import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { HelpCentre } from '../features/help/components/help-centre';

export const contractVersion = CONTRACT_VERSION;

export default function HelpArea({ basePath }: RemoteAreaProps) {
  return <HelpCentre basePath={basePath} />;
}
