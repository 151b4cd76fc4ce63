import { prefetchForServerRender } from '@beabro/shared/api/prefetch-for-server-render';
import { verificationLinkQueryOptions } from '@beabro/shared/api/verification-link-status';
import {
  CONTRACT_VERSION,
  type AreaPrefetchContext,
  type RemoteAreaProps,
} from '@beabro/shared/contract/remote-contract';
import { VerifyEmailPage } from '../features/verify-email/components/verify-email-page';

export const contractVersion = CONTRACT_VERSION;

/** Server rendering: what the link in the address would do (read only: nothing is spent before a press). */
export async function prefetch({ searchParams, queryClient }: AreaPrefetchContext): Promise<void> {
  await prefetchForServerRender(queryClient, verificationLinkQueryOptions(searchParams.get('token') ?? ''));
}

// basePath is unused: the page is one address, with the token in its query string.
export default function VerifyEmail(_props: RemoteAreaProps) {
  return <VerifyEmailPage />;
}
