import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { AuthPage } from '../features/auth/components/auth-page';

export const contractVersion = CONTRACT_VERSION;

export default function AuthArea({ basePath }: RemoteAreaProps) {
  return <AuthPage basePath={basePath} />;
}
