import { useId } from 'react';
import { usePayoutAccount } from '@beabro/shared/api/payout-account';
import type { PayoutAccountResponse } from '@beabro/shared/api-schemas/payout-account';
import { paths } from '@beabro/shared/contract/paths';
import { Badge, type BadgeTone } from '@beabro/shared/ui/badge';
import { LoadError } from '../../../components/query-status';
import { TextLink } from '../../../components/text-link';
import { requirementLabels } from '../../../lib/stripe-requirements';

type Account = NonNullable<PayoutAccountResponse['account']>;

export type PayoutAccountState =
  | { kind: 'not_connected' }
  | { kind: 'needs_info'; due: string[] }
  | { kind: 'restricted'; reason: string; due: string[] }
  | { kind: 'enabled'; due: string[] };

/** Stripe's `requirements.disabled_reason` values that are not "give Stripe more information", in words. */
const RESTRICTION_REASONS: Record<string, string> = {
  'requirements.pending_verification': 'Stripe is verifying the details you gave.',
  under_review: 'Stripe is reviewing your account.',
  platform_paused: 'Be a Bro has paused payouts to your account. Contact support.',
  listed: 'Stripe has restricted your account. Contact Stripe through your Express dashboard.',
  other: 'Stripe has restricted your account. Contact Stripe through your Express dashboard.',
};

function restrictionReason(disabledReason: string | null): string {
  if (disabledReason?.startsWith('rejected.'))
    return 'Stripe has closed your account for payouts. Contact support to be paid another way.';
  return (
    (disabledReason && RESTRICTION_REASONS[disabledReason]) ??
    'Stripe has restricted your account. Contact Stripe through your Express dashboard.'
  );
}

/**
 * Where the creator's Stripe account stands: not connected; Stripe still needs information (onboarding unfinished,
 * or more asked for since); payouts enabled; or restricted for a reason more information does not fix.
 */
export function payoutAccountState(account: Account | null): PayoutAccountState {
  if (!account) return { kind: 'not_connected' };
  const due = requirementLabels(account.requirementsDue);
  if (account.payoutsEnabled && account.canReceiveSupport) return { kind: 'enabled', due };
  const asksForInformation =
    !account.detailsSubmitted || account.disabledReason === null || account.disabledReason.startsWith('requirements.');
  if (asksForInformation && due.length > 0) return { kind: 'needs_info', due };
  if (!account.detailsSubmitted) return { kind: 'needs_info', due };
  return { kind: 'restricted', reason: restrictionReason(account.disabledReason), due };
}

const STATE_BADGE: Record<PayoutAccountState['kind'], { label: string; tone: BadgeTone }> = {
  not_connected: { label: 'Not connected', tone: 'danger' },
  needs_info: { label: 'Needs information', tone: 'warning' },
  restricted: { label: 'Restricted', tone: 'danger' },
  enabled: { label: 'Payouts enabled', tone: 'success' },
};

const settingsLink = paths.settings('support');
const small = { margin: 0, fontSize: '0.875rem' } as const;

/**
 * With Stripe only: the creator's Stripe account (its state, what Stripe still asks for, a link to Settings > Payouts).
 * Stripe's payouts to the bank are in the card's one payout list. With the sandbox it shows nothing.
 */
export function StripePayoutsSection() {
  const query = usePayoutAccount();
  const headingId = useId();
  if (query.isPending) return null;
  if (query.isError)
    return <LoadError error={query.error} what="your Stripe account" onRetry={() => void query.refetch()} />;
  const data = query.data;
  if (!data.capabilities.connectedAccounts) return null;
  const state = payoutAccountState(data.account);
  return (
    <section
      aria-labelledby={headingId}
      css={(theme) => ({
        display: 'grid',
        gap: theme.space(3),
        marginTop: theme.space(4),
        paddingTop: theme.space(4),
        borderTop: `1px solid ${theme.color.border}`,
        minWidth: 0,
      })}
    >
      <h3 id={headingId} css={(theme) => ({ margin: 0, fontSize: theme.font.size.md })}>
        Stripe payouts
      </h3>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '0.5rem' }}>
        <Badge tone={STATE_BADGE[state.kind].tone}>{STATE_BADGE[state.kind].label}</Badge>
        {state.kind !== 'not_connected' && data.account ? (
          <span css={small}>
            {data.account.canReceiveSupport ? 'You can receive support.' : 'You cannot receive support yet.'}
          </span>
        ) : null}
      </div>
      <StateDetails state={state} />
    </section>
  );
}

function StateDetails({ state }: { state: PayoutAccountState }) {
  switch (state.kind) {
    case 'not_connected':
      return (
        <p css={small}>
          Supporters cannot pay you until you connect a Stripe account.{' '}
          <TextLink to={settingsLink}>Connect it in Settings &gt; Payouts</TextLink>
        </p>
      );
    case 'needs_info':
      return (
        <p css={small}>
          {state.due.length > 0
            ? `Stripe still needs: ${state.due.join(', ')}.`
            : 'Finish Stripe’s onboarding to be paid.'}{' '}
          <TextLink to={settingsLink}>Continue in Settings &gt; Payouts</TextLink>
        </p>
      );
    case 'restricted':
      return (
        <p css={small}>
          {state.reason}
          {state.due.length > 0 ? ` Stripe also asks for: ${state.due.join(', ')}.` : ''}{' '}
          <TextLink to={settingsLink}>Open Settings &gt; Payouts</TextLink>
        </p>
      );
    case 'enabled':
      return (
        <p css={small}>
          Stripe pays your balance to your bank every Tuesday.
          {state.due.length > 0 ? ` Stripe will soon need: ${state.due.join(', ')}.` : ''}{' '}
          <TextLink to={settingsLink}>Settings &gt; Payouts</TextLink>
        </p>
      );
  }
}
