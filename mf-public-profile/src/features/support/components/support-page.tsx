import { CreatorNotFound } from '../../../components/creator-not-found';
import { CreatorPageError, CreatorPageLoading } from '../../../components/creator-page-status';
import { isCreatorNotFound, useCreator } from '../../../hooks/use-creator';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { useRefetchOnSessionChange } from '../../../hooks/use-refetch-on-session-change';
import { loadErrorMessage } from '../../../lib/load-error-message';
import { useRecordPageView } from '../../page-views/hooks/use-record-page-view';
import { SupportCheckout } from './support-checkout';

/** /{username}/support: loads the creator, then the checkout. */
export function SupportPage({ username }: { username: string }) {
  const query = useCreator(username);
  useRefetchOnSessionChange(username);
  useRecordPageView(username, 'support', query.isSuccess);
  useDocumentTitle(query.data ? `Support ${query.data.displayName}` : null);

  if (query.isPending) return <CreatorPageLoading label={`Loading the support page of @${username}…`} />;
  if (query.isError) {
    if (isCreatorNotFound(query.error)) return <CreatorNotFound username={username} />;
    return <CreatorPageError message={loadErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  return <SupportCheckout profile={query.data} />;
}
