import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { supporterDashboardQueryKey } from '@beabro/shared/api/get-supporter-dashboard';
import { ApiError } from '@beabro/shared/api/api-client';
import type { PauseMonths, SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import { useToast } from '@beabro/shared/ui/toast';
import { formatDate } from '../../../lib/format-date';
import { useCancelSubscription, useCanceledSubscriptions } from '../api/cancel-subscription';
import { usePauseSubscription, useResumeSubscription } from '../api/pause-subscription';
import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import { subscriptionForCreator } from '../utils/subscription-for-creator';
import { changedMessage } from '../../change-monthly/components/change-monthly-form';
import { CancelMonthlyDialog } from '../../../components/cancel-monthly-dialog';
import { ChangeMonthlyDialog } from './change-monthly-dialog';
import { ReplaceCardDialog } from './replace-card-dialog';
import { MissionCard } from './mission-card';
import { PauseMonthlyDialog } from './pause-monthly-dialog';
import { NoSupportsYet } from './no-supports-yet';

function cancelError(error: unknown): string {
  if (error instanceof ApiError && error.status === 404)
    return 'This monthly support was not found. Reload the page to see its current state.';
  if (error instanceof ApiError && error.status === 401) return 'Your session has ended. Sign in again to cancel.';
  return 'We could not cancel it. Please try again.';
}

/** The API's own message for a refusal (409: cancelled or failing; 429: too many today); otherwise what to do next. */
function pauseError(error: unknown, action: 'pause' | 'resume'): string {
  if (error instanceof ApiError && (error.status === 409 || error.status === 429)) return error.message;
  if (error instanceof ApiError && error.status === 404)
    return 'This monthly support was not found. Reload the page to see its current state.';
  if (error instanceof ApiError && error.status === 401) return `Your session has ended. Sign in again to ${action}.`;
  return `We could not ${action} it. Please try again.`;
}

export function MissionsTab({ dashboard }: { dashboard: SupporterDashboard }) {
  const headingId = useId();
  const toast = useToast();
  const cancel = useCancelSubscription();
  const canceledHere = useCanceledSubscriptions();
  const [confirming, setConfirming] = useState<SubscriptionDto | null>(null);
  const pause = usePauseSubscription();
  const resume = useResumeSubscription();
  const [pausing, setPausing] = useState<SubscriptionDto | null>(null);
  const [changing, setChanging] = useState<SubscriptionDto | null>(null);
  const [replacingCard, setReplacingCard] = useState<SubscriptionDto | null>(null);
  const queryClient = useQueryClient();

  if (dashboard.creators.length === 0) return <NoSupportsYet title="No missions yet" />;

  function close() {
    // The request is on its way: the dialog stays until it has answered.
    if (cancel.isPending) return;
    setConfirming(null);
    cancel.reset();
  }

  function confirm() {
    if (!confirming) return;
    cancel.mutate(confirming.id, {
      onSuccess: (subscription) => {
        setConfirming(null);
        const end = subscription.endsAt ?? subscription.currentPeriodEnd;
        toast.show(
          `Monthly support to ${subscription.creatorDisplayName} cancelled. Ends on ${formatDate(end)}.`,
          'success',
        );
      },
    });
  }

  function closePause() {
    if (pause.isPending) return;
    setPausing(null);
    pause.reset();
  }

  function confirmPause(months: PauseMonths | null) {
    if (!pausing) return;
    pause.mutate(
      { id: pausing.id, months },
      {
        onSuccess: (subscription) => {
          setPausing(null);
          toast.show(
            `Monthly support to ${subscription.creatorDisplayName} paused. ${subscription.pausedUntil ? `It resumes on ${formatDate(subscription.pausedUntil)}.` : 'Resume it any time.'}`,
            'success',
          );
        },
      },
    );
  }

  function resumeNow(subscription: SubscriptionDto) {
    resume.mutate(subscription.id, {
      onSuccess: (resumed) => {
        toast.show(
          `Monthly support to ${resumed.creatorDisplayName} resumed.${resumed.nextChargeAt ? ` Next charge on ${formatDate(resumed.nextChargeAt)}.` : ''}`,
          'success',
        );
      },
      onError: (error) => toast.show(pauseError(error, 'resume'), 'error'),
    });
  }

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} css={(theme) => ({ margin: `0 0 ${theme.space(4)}`, fontSize: theme.font.size.xl })}>
        Missions you support
      </h2>
      <ul
        css={(theme) => ({
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: theme.space(4),
          gridTemplateColumns: 'minmax(0, 1fr)',
          [theme.breakpoint.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          [theme.breakpoint.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
        })}
      >
        {dashboard.creators.map((creator) => (
          <li key={creator.username}>
            <MissionCard
              creator={creator}
              subscription={subscriptionForCreator(creator, dashboard.subscriptions, canceledHere)}
              onCancel={setConfirming}
              onPause={setPausing}
              onResume={resumeNow}
              onChange={setChanging}
              onReplaceCard={setReplacingCard}
              resuming={resume.isPending}
            />
          </li>
        ))}
      </ul>
      <ChangeMonthlyDialog
        key={`change-${changing?.id ?? 'none'}`}
        subscription={changing}
        onChanged={(subscription) => {
          setChanging(null);
          toast.show(changedMessage(subscription), 'success');
        }}
        onClose={() => setChanging(null)}
      />
      <ReplaceCardDialog
        key={`card:${replacingCard?.id ?? 'none'}`}
        subscription={replacingCard}
        onDone={(outcome) => {
          setReplacingCard(null);
          toast.show(outcome.message, outcome.tone === 'success' ? 'success' : 'error');
          void queryClient.invalidateQueries({ queryKey: supporterDashboardQueryKey });
        }}
        onClose={() => setReplacingCard(null)}
      />
      <PauseMonthlyDialog
        key={`pause-${pausing?.id ?? 'none'}`}
        subscription={pausing}
        busy={pause.isPending}
        error={pause.isError ? pauseError(pause.error, 'pause') : null}
        onConfirm={confirmPause}
        onClose={closePause}
      />
      <CancelMonthlyDialog
        subscription={confirming}
        busy={cancel.isPending}
        error={cancel.isError ? cancelError(cancel.error) : null}
        onConfirm={confirm}
        onClose={close}
      />
    </section>
  );
}
