import { currencyRules } from '@beabro/shared/money/currencies';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import { usePayoutAccount, useStartPayoutOnboarding } from '@beabro/shared/api/payout-account';
import type { PayoutTerms } from '@beabro/shared/data/payout-terms';
import { Button } from '@beabro/shared/ui/button';
import { errorMessage } from '../../../lib/error-message';
import { requirementLabels } from '../../../lib/stripe-requirements';

const ERROR_ID = 'payout-account-error';

/** The onboarding link answer's problem: the API's field message (the payout country) or its message. */
function linkProblem(error: unknown): string {
  if (error instanceof ApiError && error.fieldErrors.country) return error.fieldErrors.country;
  return errorMessage(error, 'Stripe could not be reached. Please try again.');
}

/**
 * The creator's Stripe Connect account: connect it (Stripe's onboarding pages), and whether payouts are enabled and what
 * Stripe still asks for. In test mode (the sandbox) there is no account to connect, and the panel says so.
 */
export function PayoutAccountPanel() {
  const account = usePayoutAccount();
  const onboarding = useStartPayoutOnboarding();
  const [problem, setProblem] = useState<string | null>(null);
  // Stripe sends the creator back here when its link expired or was used already (the link's refresh_url).
  const [searchParams] = useSearchParams();
  const expired = searchParams.get('payout-account') === 'refresh';

  if (account.isPending) return <p role="status">Checking your payout account…</p>;
  if (account.isError)
    return <p role="alert">{errorMessage(account.error, 'Your payout account could not be loaded.')}</p>;
  const data = account.data;
  if (!data.capabilities.connectedAccounts)
    return (
      <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
        Test mode: your supports are paid to your Be a Bro balance, so there is no Stripe account to connect.
      </p>
    );

  const connect = async () => {
    setProblem(null);
    try {
      window.location.assign(await onboarding.mutateAsync());
    } catch (error) {
      setProblem(linkProblem(error));
    }
  };

  const state = data.account;
  const due = state ? requirementLabels(state.requirementsDue) : [];
  return (
    <div aria-label="Stripe payout account" role="group" css={{ display: 'grid', gap: '0.75rem' }}>
      {state ? (
        <ul css={{ margin: 0, paddingLeft: '1.25rem', display: 'grid', gap: '0.25rem' }}>
          <li>{state.payoutsEnabled ? 'Payouts enabled' : 'Payouts not enabled yet'}</li>
          <li>{state.canReceiveSupport ? 'You can receive support' : 'You cannot receive support yet'}</li>
          {due.length > 0 ? <li>Stripe still needs: {due.join(', ')}.</li> : null}
        </ul>
      ) : (
        <p css={{ margin: 0 }}>
          Connect a Stripe account to receive support and payouts. Stripe asks for your details and bank account; it
          uses the payout country saved above.
        </p>
      )}
      {data.payoutTerms ? <PayoutTermsNote terms={data.payoutTerms} connected={state !== null} /> : null}
      {expired && !problem ? (
        <p role="status" css={{ margin: 0 }}>
          Stripe’s link expired before you finished. Select the button again for a new one.
        </p>
      ) : null}
      <div>
        <Button
          type="button"
          onClick={() => void connect()}
          disabled={onboarding.isPending}
          aria-describedby={problem ? ERROR_ID : undefined}
        >
          {onboarding.isPending ? 'Opening Stripe…' : state ? 'Continue with Stripe' : 'Connect with Stripe'}
        </Button>
        {problem ? (
          <p
            id={ERROR_ID}
            role="alert"
            css={(theme) => ({ margin: '0.5rem 0 0', color: theme.color.danger, fontSize: theme.font.size.sm })}
          >
            {problem}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * How Stripe pays the creator in their payout country: in its currency, the one their supporters pay in (decision
 * 0015), without a conversion. Once connected the account's country cannot change (the API refuses it in Settings).
 */
function PayoutTermsNote({ terms, connected }: { terms: PayoutTerms; connected: boolean }) {
  const currency = currencyRules(terms.payoutCurrency).name;
  return (
    <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
      {`Stripe pays you out in ${currency}, the currency your supporters pay you in, without a conversion.`}
      {connected ? ' Your Stripe account stays in the country it was opened in.' : ''}
    </p>
  );
}
