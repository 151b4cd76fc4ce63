import { CONTRACT_VERSION, type RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { LandingPage } from '../features/landing/components/landing-page';

export const contractVersion = CONTRACT_VERSION;

export default function LandingArea(_props: RemoteAreaProps) {
  return <LandingPage />;
}
