import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useCurrentUser } from '@beabro/shared/api/get-current-user';
import { ButtonLink } from '@beabro/shared/ui/button';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';
import { paths } from '@beabro/shared/contract/paths';
import { SupporterDashboardPage } from './supporter-dashboard-page';
import { DashboardLoading } from './dashboard-loading';

function Frame({ children }: { children: ReactNode }) {
  return (
    <PageContainer>
      <div css={(theme) => ({ padding: `${theme.space(8)} 0 ${theme.space(16)}` })}>{children}</div>
    </PageContainer>
  );
}

/**
 * Who is signed in comes from the shared session query (the one the shell keeps the session store in
 * sync with), so the area also works in its standalone harness. The shell already sends visitors to
 * sign in; the sign-in prompt here covers the harness and a session that ended meanwhile.
 */
export function SupporterDashboardArea() {
  const session = useCurrentUser();
  const location = useLocation();
  if (session.isPending) {
    return (
      <Frame>
        <DashboardLoading />
      </Frame>
    );
  }
  if (session.isError) {
    return (
      <Frame>
        <LoadError
          title="We could not check who is signed in."
          onRetry={() => void session.refetch()}
          retrying={session.isFetching}
        />
      </Frame>
    );
  }
  if (!session.data) {
    return (
      <Frame>
        <EmptyState
          icon="lock"
          level={1}
          title="Sign in to see your supports"
          action={<ButtonLink to={paths.signIn(`${location.pathname}${location.search}`)}>Sign In</ButtonLink>}
        >
          Your supports, the creators you back and your monthly supports are waiting for you.
        </EmptyState>
      </Frame>
    );
  }
  return <SupporterDashboardPage user={session.data} />;
}
