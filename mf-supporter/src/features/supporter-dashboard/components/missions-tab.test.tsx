import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import { fakeDashboard, fakeSubscription, fakeSupportedCreator } from '../../../testing/fake-data';
import { json } from '@beabro/shared/testing/msw';
import { renderDashboard } from '../../../testing/render-dashboard';
import { MONTHLY_ACTIVE_LABEL } from './mission-card';

// Role queries are slow in jsdom; a busy machine needs more than the default 5 s for a whole journey.
vi.setConfig({ testTimeout: 20_000 });

const card = (name: string) => screen.getByRole('article', { name });

describe('My Missions tab', () => {
  it('shows a card per creator with View Profile, Support Again and the monthly badge', async () => {
    renderDashboard({ route: '/supporter-dashboard?tab=creators' });
    // The first test of the file also loads the area's modules: wait for the cards themselves (findBy…
    // waits up to the setup's asyncUtilTimeout), not a fixed moment.
    const missions = await screen.findByRole('region', { name: 'Missions you support' });
    expect(await within(missions).findAllByRole('article')).toHaveLength(3);

    const pat = card('Pixel Pat');
    expect(pat).toHaveTextContent('@pixelpat · Content Creator');
    expect(pat).toHaveTextContent('Total supported$35.00');
    expect(within(pat).getByText(MONTHLY_ACTIVE_LABEL)).toBeInTheDocument();
    expect(pat).toHaveTextContent('$25.00/month. Next charge on Dec 20, 2026.');
    expect(within(pat).getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/pixelpat');
    expect(within(pat).getByRole('link', { name: 'Support Again' })).toHaveAttribute('href', '/pixelpat/support');
    expect(within(pat).getByRole('button', { name: 'Cancel monthly support' })).toBeInTheDocument();

    const maya = card('Maya Okafor');
    expect(maya).toHaveTextContent('Artist/Creative');
    expect(within(maya).queryByText(MONTHLY_ACTIVE_LABEL)).not.toBeInTheDocument();
    expect(within(maya).queryByRole('button', { name: 'Cancel monthly support' })).not.toBeInTheDocument();
    expect(within(maya).getByRole('link', { name: 'Support Again' })).toHaveAttribute('href', '/mayamakesart/support');
  });

  it('cancels a monthly support after a confirm step that says it runs to the end of the paid month', async () => {
    const user = userEvent.setup();
    const dashboard = fakeDashboard();
    const subscription = dashboard.subscriptions[0]!;
    let current: SupporterDashboard = dashboard;
    const canceled = {
      ...subscription,
      cancelAtPeriodEnd: true,
      nextChargeAt: null,
      endsAt: subscription.currentPeriodEnd,
    };
    const { api } = renderDashboard({
      dashboard,
      route: '/supporter-dashboard?tab=creators',
      routes: {
        'GET /api/supporter/dashboard': () => json(200, current),
        [`POST /api/subscriptions/${subscription.id}/cancel`]: () => {
          // Like the API: still listed until it ends, but no longer renewing, so no longer counted.
          current = {
            ...dashboard,
            recurringSupports: 0,
            subscriptions: [canceled],
            creators: dashboard.creators.map((c) => ({ ...c, isRecurring: false, subscriptionId: null })),
          };
          return json(200, { subscription: canceled });
        },
      },
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    await user.click(within(card('Pixel Pat')).getByRole('button', { name: 'Cancel monthly support' }));

    const dialog = screen.getByRole('dialog', { name: 'Cancel monthly support?' });
    expect(dialog).toHaveTextContent(
      'Your $25.00/month support to Pixel Pat will not renew. You will not be charged again: it stays active until the end of the month you have paid for, on Dec 20, 2026.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep supporting' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/subscriptions/${subscription.id}/cancel`)).toHaveLength(0);

    await user.click(within(card('Pixel Pat')).getByRole('button', { name: 'Cancel monthly support' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel monthly support' }));

    await waitFor(() =>
      expect(card('Pixel Pat')).toHaveTextContent(
        '$25.00/month, cancelled. Ends on Dec 20, 2026, with no further charge.',
      ),
    );
    expect(api.callsTo(`POST /api/subscriptions/${subscription.id}/cancel`)).toHaveLength(1);
    expect(screen.getByText('Monthly support to Pixel Pat cancelled. Ends on Dec 20, 2026.')).toBeInTheDocument();
    expect(within(card('Pixel Pat')).queryByRole('button', { name: 'Cancel monthly support' })).not.toBeInTheDocument();
    // The stats follow the server once it has answered.
    await waitFor(() =>
      expect(screen.getByText('Recurring Supports', { selector: 'p' }).nextElementSibling).toHaveTextContent('0'),
    );
    expect(card('Pixel Pat')).toHaveTextContent('Ends on Dec 20, 2026');
    expect(within(card('Pixel Pat')).getByText('Monthly support ends Dec 20, 2026')).toBeInTheDocument();
    expect(within(card('Pixel Pat')).queryByText(MONTHLY_ACTIVE_LABEL)).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when cancelling fails', async () => {
    const user = userEvent.setup();
    const dashboard = fakeDashboard();
    const id = dashboard.subscriptions[0]!.id;
    renderDashboard({
      dashboard,
      route: '/supporter-dashboard?tab=creators',
      routes: { [`POST /api/subscriptions/${id}/cancel`]: () => json(500, { message: 'Internal Server Error' }) },
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    await user.click(within(card('Pixel Pat')).getByRole('button', { name: 'Cancel monthly support' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel monthly support' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'We could not cancel it. Please try again.',
    );
    expect(card('Pixel Pat')).toHaveTextContent('Next charge on Dec 20, 2026');
  });

  it('shows a support already canceled, and a renewal being retried', async () => {
    const ending = fakeSubscription({
      cancelAtPeriodEnd: true,
      nextChargeAt: null,
      endsAt: '2026-12-05T09:00:00.000Z',
    });
    const retrying = fakeSubscription({
      creatorUsername: 'mayamakesart',
      creatorDisplayName: 'Maya Okafor',
      amountCents: 1_500,
      status: 'past_due',
      nextChargeAt: '2026-11-24T09:00:00.000Z',
    });
    renderDashboard({
      route: '/supporter-dashboard?tab=creators',
      dashboard: fakeDashboard({
        subscriptions: [ending, retrying],
        creators: [
          fakeSupportedCreator({ isRecurring: true, subscriptionId: ending.id }),
          fakeSupportedCreator({
            username: 'mayamakesart',
            displayName: 'Maya Okafor',
            isRecurring: true,
            subscriptionId: retrying.id,
          }),
        ],
      }),
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    expect(card('Pixel Pat')).toHaveTextContent('Ends on Dec 5, 2026');
    expect(within(card('Pixel Pat')).queryByRole('button', { name: 'Cancel monthly support' })).not.toBeInTheDocument();
    expect(card('Maya Okafor')).toHaveTextContent(
      '$15.00/month. The last renewal did not go through. We will retry on Nov 24, 2026.',
    );
    expect(within(card('Maya Okafor')).getByRole('button', { name: 'Cancel monthly support' })).toBeInTheDocument();
    expect(within(card('Maya Okafor')).queryByText('Needs your confirmation')).not.toBeInTheDocument();
    expect(within(card('Maya Okafor')).getByText('Retrying')).toBeInTheDocument();
  });

  it('shows a renewal that needs the supporter to confirm it with their bank', async () => {
    const confirming = fakeSubscription({
      amountCents: 1_200,
      status: 'past_due',
      nextChargeAt: '2026-11-24T09:00:00.000Z',
      needsConfirmation: true,
    });
    renderDashboard({
      route: '/supporter-dashboard?tab=creators',
      dashboard: fakeDashboard({
        subscriptions: [confirming],
        creators: [fakeSupportedCreator({ isRecurring: true, subscriptionId: confirming.id })],
      }),
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    expect(within(card('Pixel Pat')).getByText('Needs your confirmation')).toBeInTheDocument();
    expect(card('Pixel Pat')).toHaveTextContent(
      "$12.00/month. Your bank asks you to confirm this month's payment: use the link in the email we sent you. If not, we will retry on Nov 24, 2026.",
    );
  });
});
