import { formatMoney } from '@beabro/shared/money/currencies';
import { useId } from 'react';
import type { SupportedCreatorDto } from '@beabro/shared/api-schemas/dashboards';
import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import { creatorTypeLabel } from '@beabro/shared/data/creator-types';
import { Badge } from '@beabro/shared/ui/badge';
import { Button, ButtonLink } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { CreatorAvatar } from '@beabro/shared/ui/creator-avatar';
import { paths } from '@beabro/shared/contract/paths';
import { formatDate } from '../../../lib/format-date';
import {
  isCancellable,
  isCardReplaceable,
  isChangeable,
  isPausable,
  isRenewing,
} from '../utils/subscription-for-creator';
import { Icon } from '@beabro/shared/ui/icon';
import { WallMembership } from './wall-membership';

export const MONTHLY_ACTIVE_LABEL = 'Monthly Support Active';

export interface MissionCardProps {
  creator: SupportedCreatorDto;
  subscription: SubscriptionDto | null;
  onCancel: (subscription: SubscriptionDto) => void;
  onPause: (subscription: SubscriptionDto) => void;
  onResume: (subscription: SubscriptionDto) => void;
  onChange: (subscription: SubscriptionDto) => void;
  /** Replace the card renewals charge (and retry a failed renewal with it). */
  onReplaceCard?: (subscription: SubscriptionDto) => void;
  /** A resume of this subscription is on its way. */
  resuming?: boolean;
}

/** "Paused until Mar 20, 2027", or "Paused" when it waits for the supporter to resume it. */
export function pausedLabel(subscription: SubscriptionDto): string {
  return subscription.pausedUntil ? `Paused until ${formatDate(subscription.pausedUntil)}` : 'Paused';
}

/** A renewal that failed and is tried again until the retry window ends. */
export const RETRYING_LABEL = 'Retrying';

/** A renewal awaiting the supporter's authentication (3-D Secure) from the emailed link. */
export const NEEDS_CONFIRMATION_LABEL = 'Needs your confirmation';

/** What the monthly support will do next, in words. */
function monthlyStatus(subscription: SubscriptionDto): { text: string; tone: 'muted' | 'warning' } {
  const amount = `${formatMoney(subscription.amountCents, subscription.currency)}/month`;
  if (subscription.status === 'past_due' && subscription.needsConfirmation) {
    const retry = subscription.nextChargeAt
      ? ` If not, we will retry on ${formatDate(subscription.nextChargeAt)}.`
      : '';
    return {
      text: `${amount}. Your bank asks you to confirm this month's payment: use the link in the email we sent you.${retry}`,
      tone: 'warning',
    };
  }
  if (subscription.status === 'past_due') {
    const retry = subscription.nextChargeAt ? ` We will retry on ${formatDate(subscription.nextChargeAt)}.` : '';
    return { text: `${amount}. The last renewal did not go through.${retry}`, tone: 'warning' };
  }
  if (subscription.status === 'paused') {
    return {
      text: subscription.pausedUntil
        ? `${amount}, paused. Nothing is charged until it resumes by itself on ${formatDate(subscription.pausedUntil)}.`
        : `${amount}, paused. Nothing is charged until you resume it.`,
      tone: 'muted',
    };
  }
  if (subscription.status === 'active' && subscription.cancelAtPeriodEnd) {
    return {
      text: `${amount}, cancelled. Ends on ${formatDate(subscription.endsAt ?? subscription.currentPeriodEnd)}, with no further charge.`,
      tone: 'muted',
    };
  }
  if (subscription.status === 'active') {
    return {
      text: `${amount}. Next charge on ${formatDate(subscription.nextChargeAt ?? subscription.currentPeriodEnd)}.`,
      tone: 'muted',
    };
  }
  return {
    text: `${amount}. Ended on ${formatDate(subscription.endsAt ?? subscription.currentPeriodEnd)}.`,
    tone: 'muted',
  };
}

export function MissionCard({
  creator,
  subscription,
  onCancel,
  onPause,
  onResume,
  onChange,
  onReplaceCard,
  resuming = false,
}: MissionCardProps) {
  const nameId = useId();
  // "Monthly Support Active" while it renews (as the API's isRecurring); a canceled one says when it ends.
  const renewing = subscription ? isRenewing(subscription) : creator.isRecurring;
  const paused = subscription?.status === 'paused' ? subscription : null;
  const ending =
    subscription?.status === 'active' && subscription.cancelAtPeriodEnd
      ? (subscription.endsAt ?? subscription.currentPeriodEnd)
      : null;
  const status = subscription ? monthlyStatus(subscription) : null;
  return (
    <Card
      as="article"
      aria-labelledby={nameId}
      padding={5}
      css={{ display: 'flex', flexDirection: 'column', gap: '1rem', height: '100%' }}
    >
      <div css={{ display: 'flex', gap: '0.875rem', alignItems: 'center', minWidth: 0 }}>
        <CreatorAvatar
          displayName={creator.displayName}
          username={creator.username}
          imageUrl={creator.profileImageUrl}
          size={56}
          lazy
        />
        <div css={{ minWidth: 0 }}>
          <h3 id={nameId} css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg, overflowWrap: 'anywhere' })}>
            {creator.displayName}
          </h3>
          <p
            css={(theme) => ({
              margin: 0,
              fontSize: theme.font.size.sm,
              color: theme.color.textMuted,
              overflowWrap: 'anywhere',
            })}
          >
            @{creator.username} · {creatorTypeLabel(creator.creatorType)}
          </p>
        </div>
      </div>

      {renewing ? (
        <div>
          <Badge tone={subscription?.status === 'past_due' ? 'warning' : 'success'}>
            <Icon name="repeat" size="0.875rem" /> {MONTHLY_ACTIVE_LABEL}
          </Badge>{' '}
          {subscription?.status === 'past_due' ? (
            <Badge tone="warning">{subscription.needsConfirmation ? NEEDS_CONFIRMATION_LABEL : RETRYING_LABEL}</Badge>
          ) : null}
        </div>
      ) : null}
      {paused ? (
        <div>
          <Badge tone="neutral">{pausedLabel(paused)}</Badge>
        </div>
      ) : null}
      {ending ? (
        <div>
          <Badge tone="neutral">Monthly support ends {formatDate(ending)}</Badge>
        </div>
      ) : null}

      <dl
        css={(theme) => ({
          margin: 0,
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: theme.space(3),
        })}
      >
        <div>
          <dt css={(theme) => ({ fontSize: theme.font.size.xs, color: theme.color.textMuted })}>Total supported</dt>
          <dd css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.bold, fontSize: theme.font.size.lg })}>
            {formatMoney(creator.totalSupportedCents, creator.currency)}
          </dd>
        </div>
        <div>
          <dt css={(theme) => ({ fontSize: theme.font.size.xs, color: theme.color.textMuted })}>Last supported</dt>
          <dd css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.medium })}>
            {formatDate(creator.lastSupportedAt)}
          </dd>
        </div>
      </dl>

      {status ? (
        <p
          css={(theme) => ({
            margin: 0,
            padding: theme.space(3),
            borderRadius: theme.radius.md,
            fontSize: theme.font.size.sm,
            background: status.tone === 'warning' ? theme.color.warningSoft : theme.color.surfaceMuted,
            color: status.tone === 'warning' ? theme.color.warning : theme.color.textMuted,
          })}
        >
          {status.text}
        </p>
      ) : null}

      {creator.onWall ? <WallMembership username={creator.username} displayName={creator.displayName} /> : null}

      <div css={(theme) => ({ marginTop: 'auto', display: 'flex', flexWrap: 'wrap', gap: theme.space(2) })}>
        <ButtonLink to={paths.profile(creator.username)} variant="secondary" size="sm">
          View Profile
        </ButtonLink>
        <ButtonLink to={paths.support(creator.username)} size="sm">
          Support Again
        </ButtonLink>
        {paused ? (
          <Button size="sm" variant="secondary" onClick={() => onResume(paused)} disabled={resuming}>
            {resuming ? 'Resuming...' : 'Resume'}
          </Button>
        ) : null}
        {isChangeable(subscription) ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(subscription)}>
            Change amount
          </Button>
        ) : null}
        {onReplaceCard && isCardReplaceable(subscription) ? (
          <Button
            variant={subscription.status === 'past_due' ? 'secondary' : 'ghost'}
            size="sm"
            onClick={() => onReplaceCard(subscription)}
          >
            {subscription.status === 'past_due' ? 'Update card' : 'Replace card'}
          </Button>
        ) : null}
        {isPausable(subscription) ? (
          <Button variant="ghost" size="sm" onClick={() => onPause(subscription)}>
            Pause
          </Button>
        ) : null}
        {isCancellable(subscription) ? (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onCancel(subscription)}
            css={(theme) => ({ color: theme.color.danger })}
          >
            Cancel monthly support
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
