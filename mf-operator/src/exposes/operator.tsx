import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { OperatorConsole } from '../features/operator/components/operator-console';

export const contractVersion = CONTRACT_VERSION;

/** /operator and its sections; the shell opens it only for operators and never renders it on the server. */
export default function OperatorArea({ basePath }: RemoteAreaProps) {
  return <OperatorConsole basePath={basePath} />;
}
