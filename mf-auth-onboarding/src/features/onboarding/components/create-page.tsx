import { Navigate } from 'react-router-dom';
import { useCreateCreatorProfile } from '@beabro/shared/api/create-creator-profile';
import { LoadingStatus } from '../../../components/loading-status';
import { paths } from '@beabro/shared/contract/paths';
import { useSession } from '../../../hooks/use-session';
import { authHref } from '../../../lib/auth-search-params';
import { OnboardingWizard } from './onboarding-wizard';

export interface CreatePageProps {
  /** Where the area is mounted (RemoteAreaProps.basePath), normally "/create". */
  basePath: string;
}

/**
 * Who may onboard: a visitor signs up first (as a mission builder, coming back here), any signed-in user
 * without a page may build one (a supporter becomes a creator), and someone who has a page goes to it.
 */
export function CreatePage({ basePath }: CreatePageProps) {
  const session = useSession();
  // Held here: once a launch has started, the session turning "creator" must not redirect to the dashboard.
  const createProfile = useCreateCreatorProfile();

  if (session.status === 'unknown') return <LoadingStatus label="Checking whether you are signed in…" />;
  if (!session.user)
    return <Navigate to={authHref(paths.auth, { mode: 'signup', role: 'creator', next: basePath })} replace />;
  if (session.user.isCreator && createProfile.isIdle) return <Navigate to={paths.dashboard} replace />;
  return <OnboardingWizard key={session.user.id} user={session.user} createProfile={createProfile} />;
}
