import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { CreatePage } from '../features/onboarding/components/create-page';

export const contractVersion = CONTRACT_VERSION;

export default function CreateArea({ basePath }: RemoteAreaProps) {
  return <CreatePage basePath={basePath} />;
}
