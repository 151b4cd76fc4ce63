import { screen, within } from '@testing-library/react';
import { querySettled, renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { PAYOUT_TERMS } from '@beabro/shared/data/payout-terms';
import { mockApi } from '@beabro/shared/testing/msw';
import { payoutAccountState, StripePayoutsSection } from './stripe-payouts-section';

const ACCOUNT = 'GET /api/creator/payout-account';

const account = (overrides: Record<string, unknown> = {}) => ({
  country: 'US',
  detailsSubmitted: true,
  chargesEnabled: true,
  payoutsEnabled: true,
  canReceiveSupport: true,
  requirementsDue: [] as string[],
  disabledReason: null as string | null,
  ...overrides,
});

function stripe(state: ReturnType<typeof account> | null, country: 'US' | 'AU' = 'US') {
  return {
    body: {
      capabilities: { cardField: 'stripe-elements', connectedAccounts: true },
      payoutTerms: PAYOUT_TERMS[country],
      account: state,
    },
  };
}

async function section() {
  renderWithProviders(<StripePayoutsSection />);
  return screen.findByRole('region', { name: 'Stripe payouts' });
}

describe('StripePayoutsSection', () => {
  it('shows nothing with the sandbox', async () => {
    const api = mockApi({
      [ACCOUNT]: {
        body: {
          capabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
          payoutTerms: null,
          account: null,
        },
      },
    });
    const { queryClient } = renderWithProviders(<StripePayoutsSection />);
    await querySettled(queryClient);
    expect(api.callsTo('GET', '/api/creator/payout-account')).toHaveLength(1);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText(/Stripe/)).not.toBeInTheDocument();
  });

  it('says a creator without an account cannot be paid, with a link to Settings > Payouts', async () => {
    mockApi({ [ACCOUNT]: stripe(null) });
    const region = await section();
    expect(within(region).getByText('Not connected')).toBeInTheDocument();
    expect(region).toHaveTextContent('Supporters cannot pay you until you connect a Stripe account.');
    expect(within(region).getByRole('link', { name: 'Connect it in Settings > Payouts' })).toHaveAttribute(
      'href',
      '/settings?tab=support',
    );
  });

  it('lists what Stripe still needs while onboarding is unfinished or more is asked for', async () => {
    mockApi({
      [ACCOUNT]: stripe(
        account({
          payoutsEnabled: false,
          requirementsDue: ['external_account', 'individual.verification.document'],
          disabledReason: 'requirements.past_due',
        }),
      ),
    });
    const region = await section();
    expect(within(region).getByText('Needs information')).toBeInTheDocument();
    // Stripe stopped the payouts, not the transfers: supports still reach the account.
    expect(region).toHaveTextContent('You can receive support.');
    expect(region).toHaveTextContent('Stripe still needs: your bank account, an identity document.');
    expect(within(region).getByRole('link', { name: 'Continue in Settings > Payouts' })).toHaveAttribute(
      'href',
      '/settings?tab=support',
    );
  });

  it('says why a restricted account is not paid', async () => {
    mockApi({ [ACCOUNT]: stripe(account({ payoutsEnabled: false, disabledReason: 'under_review' })) });
    const region = await section();
    expect(within(region).getByText('Restricted')).toBeInTheDocument();
    expect(region).toHaveTextContent('Stripe is reviewing your account.');
    expect(within(region).getByRole('link', { name: 'Open Settings > Payouts' })).toBeInTheDocument();
  });

  it('says payouts are enabled and when Stripe pays, and lists no payouts (the card’s one list does)', async () => {
    mockApi({ [ACCOUNT]: stripe(account()) });
    const region = await section();
    expect(within(region).getByText('Payouts enabled')).toBeInTheDocument();
    expect(region).toHaveTextContent('You can receive support.');
    expect(region).toHaveTextContent('Stripe pays your balance to your bank every Tuesday.');
    expect(within(region).queryByRole('list')).not.toBeInTheDocument();
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
    expect(region).not.toHaveTextContent('No payouts to your bank yet.');
  });

  it('says nothing of a conversion for an Australian creator: Stripe pays them in their own currency', async () => {
    mockApi({ [ACCOUNT]: stripe(account({ country: 'AU', chargesEnabled: false }), 'AU') });
    const region = await section();
    expect(region).not.toHaveTextContent('converted');
    expect(region).not.toHaveTextContent('US dollars');
  });
});

describe('payoutAccountState', () => {
  it('tells the four states apart', () => {
    expect(payoutAccountState(null)).toEqual({ kind: 'not_connected' });
    expect(payoutAccountState(account())).toEqual({ kind: 'enabled', due: [] });
    expect(
      payoutAccountState(account({ detailsSubmitted: false, payoutsEnabled: false, canReceiveSupport: false })),
    ).toEqual({ kind: 'needs_info', due: [] });
    expect(payoutAccountState(account({ payoutsEnabled: false, disabledReason: 'rejected.fraud' }))).toMatchObject({
      kind: 'restricted',
      reason: 'Stripe has closed your account for payouts. Contact support to be paid another way.',
    });
    // Payouts on, but the account no longer takes transfers: support cannot reach it.
    expect(payoutAccountState(account({ canReceiveSupport: false, disabledReason: 'platform_paused' }))).toMatchObject({
      kind: 'restricted',
    });
  });
});
