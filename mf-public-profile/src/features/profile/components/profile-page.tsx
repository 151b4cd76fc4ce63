import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { CreatorNotFound } from '../../../components/creator-not-found';
import { CreatorPageError, CreatorPageLoading } from '../../../components/creator-page-status';
import { useCreator, isCreatorNotFound } from '../../../hooks/use-creator';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { useRefetchOnSessionChange } from '../../../hooks/use-refetch-on-session-change';
import { loadErrorMessage } from '../../../lib/load-error-message';
import { useRecordPageView } from '../../page-views/hooks/use-record-page-view';
import { useThankYou } from '../hooks/use-thank-you';
import { AboutCard } from './about-card';
import { AchievementsCard } from './achievements-card';
import { BeABroCard } from './be-a-bro-card';
import { GoalCard } from './goal-card';
import { ProfileHero } from './profile-hero';
import { RecentSupport } from './recent-support';
import { StatsCard } from './stats-card';
import { SupportOptions } from './support-options';
import { SupporterWall } from './supporter-wall';
import { ThankYouBanner } from '../../../components/thank-you-banner';
import { ProfilePosts } from '../../posts/components/profile-posts';
import { ReportLink } from '../../report/components/report-link';
import { parseTierParam } from '../../../lib/tier-param';

/** The public creator page /{username}, every figure from the API. */
export function ProfilePage({ username }: { username: string }) {
  const query = useCreator(username);
  const profile = query.data;
  const [searchParams] = useSearchParams();
  // A tier chosen by its link (`?tier=`: before the page ran, or without JavaScript) starts chosen; clicks then
  // choose in place.
  const [chosenTier, setSelectedTier] = useState(() => parseTierParam(searchParams.get('tier')));
  const { thankYou, dismiss } = useThankYou(username);

  useRefetchOnSessionChange(username);
  useRecordPageView(username, 'profile', Boolean(profile));
  useDocumentTitle(profile ? `${profile.displayName} (@${profile.username})` : null);

  if (query.isPending) return <CreatorPageLoading label={`Loading @${username}…`} />;
  if (query.isError) {
    if (isCreatorNotFound(query.error)) return <CreatorNotFound username={username} />;
    return <CreatorPageError message={loadErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  // isPending and isError are handled above, so the profile is here.
  const p = query.data;
  // A tier the creator does not have (an old or hand-made link) is no choice.
  const selectedTier = p.tiers.some((tier) => tier.position === chosenTier) ? chosenTier : null;

  return (
    <PageContainer>
      <div
        css={(theme) => ({ display: 'grid', gap: theme.space(6), padding: `${theme.space(6)} 0 ${theme.space(12)}` })}
      >
        {thankYou ? (
          <ThankYouBanner displayName={p.displayName} receipt={thankYou.receipt} onDismiss={dismiss} />
        ) : null}
        <ProfileHero profile={p} selectedTier={selectedTier} />
        <div
          css={(theme) => ({
            display: 'grid',
            gap: theme.space(6),
            alignItems: 'start',
            [theme.breakpoint.lg]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)' },
          })}
        >
          <div css={(theme) => ({ display: 'grid', gap: theme.space(6), minWidth: 0 })}>
            <AboutCard bio={p.bio} socialLinks={p.socialLinks} />
            {p.goal ? <GoalCard goal={p.goal} currency={p.currency} /> : null}
            <ProfilePosts username={p.username} displayName={p.displayName} isOwner={p.viewer.isOwner} />
            {p.tiers.length > 0 ? (
              <SupportOptions
                username={p.username}
                displayName={p.displayName}
                tiers={p.tiers}
                currency={p.currency}
                selectedTier={selectedTier}
                onSelect={setSelectedTier}
              />
            ) : null}
            <RecentSupport
              supports={p.recentSupports}
              currency={p.currency}
              username={p.username}
              displayName={p.displayName}
              loadedAt={query.dataUpdatedAt}
            />
            <SupporterWall username={p.username} displayName={p.displayName} wall={p.wall} />
          </div>
          <div css={(theme) => ({ display: 'grid', gap: theme.space(6), minWidth: 0 })}>
            <StatsCard profile={p} />
            {p.achievements.length > 0 ? (
              <AchievementsCard achievements={p.achievements} currency={p.currency} />
            ) : null}
            {p.viewer.isOwner ? null : <BeABroCard />}
          </div>
        </div>
        {p.viewer.isOwner ? null : <ReportLink username={p.username} />}
      </div>
    </PageContainer>
  );
}
