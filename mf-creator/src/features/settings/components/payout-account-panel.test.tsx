import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { mockApi } from '@beabro/shared/testing/msw';
import { PAYOUT_TERMS } from '@beabro/shared/data/payout-terms';
import { requirementLabels } from '../../../lib/stripe-requirements';
import { PayoutAccountPanel } from './payout-account-panel';

const ACCOUNT = 'GET /api/creator/payout-account';
const LINK = 'POST /api/creator/payout-account/onboarding-link';

function stripeAccount(account: Record<string, unknown> | null, country: 'US' | 'AU' = 'US') {
  return {
    body: {
      capabilities: { cardField: 'stripe-elements', connectedAccounts: true },
      payoutTerms: PAYOUT_TERMS[country],
      account: account && {
        country,
        detailsSubmitted: false,
        chargesEnabled: false,
        payoutsEnabled: false,
        canReceiveSupport: false,
        requirementsDue: [],
        disabledReason: null,
        ...account,
      },
    },
  };
}

describe('PayoutAccountPanel', () => {
  it('explains that there is nothing to connect in test mode (the sandbox)', async () => {
    const api = mockApi({
      [ACCOUNT]: {
        body: {
          capabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
          payoutTerms: null,
          account: null,
        },
      },
    });
    renderWithProviders(<PayoutAccountPanel />);
    expect(await screen.findByText(/Test mode: your supports are paid to your Be a Bro balance/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Stripe/ })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/creator/payout-account/onboarding-link')).toHaveLength(0);
  });

  it('connects with Stripe: asks for the onboarding link and goes to it', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const api = mockApi({
      [ACCOUNT]: stripeAccount(null),
      [LINK]: { body: { url: 'https://connect.stripe.com/setup/e/acct_1/abc' } },
    });
    const user = userEvent.setup();
    renderWithProviders(<PayoutAccountPanel />);
    await user.click(await screen.findByRole('button', { name: 'Connect with Stripe' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.com/setup/e/acct_1/abc'));
    expect(api.callsTo('POST', '/api/creator/payout-account/onboarding-link')).toHaveLength(1);
  });

  it('shows whether payouts are enabled and what Stripe still asks for', async () => {
    mockApi({
      [ACCOUNT]: stripeAccount({
        detailsSubmitted: true,
        requirementsDue: ['external_account', 'individual.dob.day', 'individual.dob.year', 'company.tax_id'],
      }),
    });
    renderWithProviders(<PayoutAccountPanel />);
    const panel = await screen.findByRole('group', { name: 'Stripe payout account' });
    expect(within(panel).getByText('Payouts not enabled yet')).toBeInTheDocument();
    expect(within(panel).getByText('You cannot receive support yet')).toBeInTheDocument();
    expect(
      within(panel).getByText('Stripe still needs: your bank account, your date of birth, company.tax_id.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Continue with Stripe' })).toBeEnabled();
  });

  it('says when payouts are enabled', async () => {
    mockApi({
      [ACCOUNT]: stripeAccount({
        detailsSubmitted: true,
        payoutsEnabled: true,
        chargesEnabled: true,
        canReceiveSupport: true,
      }),
    });
    renderWithProviders(<PayoutAccountPanel />);
    expect(await screen.findByText('Payouts enabled')).toBeInTheDocument();
    expect(screen.getByText('You can receive support')).toBeInTheDocument();
    expect(screen.queryByText(/Stripe still needs/)).not.toBeInTheDocument();
  });

  it('says an Australian creator is paid in Australian dollars, without a conversion, before and after connecting', async () => {
    mockApi({ [ACCOUNT]: stripeAccount(null, 'AU') });
    const first = renderWithProviders(<PayoutAccountPanel />);
    const note = await screen.findByText(/Stripe pays you out in Australian dollars/);
    expect(note).toHaveTextContent('the currency your supporters pay you in, without a conversion.');
    expect(note).not.toHaveTextContent('stays in the country');
    first.unmount();

    mockApi({
      [ACCOUNT]: stripeAccount({ detailsSubmitted: true, payoutsEnabled: true, canReceiveSupport: true }, 'AU'),
    });
    renderWithProviders(<PayoutAccountPanel />);
    expect(await screen.findByText(/Stripe pays you out in Australian dollars/)).toHaveTextContent(
      'Your Stripe account stays in the country it was opened in.',
    );
  });

  it('names the currency of a US creator’s payouts', async () => {
    mockApi({ [ACCOUNT]: stripeAccount(null) });
    renderWithProviders(<PayoutAccountPanel />);
    expect(
      await screen.findByText(
        'Stripe pays you out in US dollars, the currency your supporters pay you in, without a conversion.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the API’s reason next to the button when no link can be made (payout country)', async () => {
    const reason =
      'Payouts are not available in FR yet. Supported countries: United States, Canada, United Kingdom, Australia.';
    mockApi({
      [ACCOUNT]: stripeAccount(null),
      [LINK]: { status: 400, body: { message: 'Validation failed', fieldErrors: { country: reason } } },
    });
    const user = userEvent.setup();
    renderWithProviders(<PayoutAccountPanel />);
    const button = await screen.findByRole('button', { name: 'Connect with Stripe' });
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(button).toHaveAccessibleDescription(reason);
  });
  it('asks for a new link when Stripe sent the creator back with an expired one', async () => {
    mockApi({ [ACCOUNT]: stripeAccount({ detailsSubmitted: false, requirementsDue: ['external_account'] }) });
    renderWithProviders(<PayoutAccountPanel />, { route: '/settings?tab=support&payout-account=refresh' });
    expect(await screen.findByText(/Stripe’s link expired before you finished/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Stripe' })).toBeEnabled();
  });
});

describe('requirementLabels', () => {
  it('names Stripe’s common requirements once each and keeps the others as Stripe names them', () => {
    expect(requirementLabels(['individual.dob.day', 'individual.dob.month', 'tos_acceptance.date', 'x.y'])).toEqual([
      'your date of birth',
      'accepting Stripe’s terms',
      'x.y',
    ]);
  });
});
