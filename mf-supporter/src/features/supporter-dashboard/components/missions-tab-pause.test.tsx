import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import { SUBSCRIPTION_MESSAGES, type SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import { fakeDashboard } from '../../../testing/fake-data';
import { json } from '@beabro/shared/testing/msw';
import { renderDashboard } from '../../../testing/render-dashboard';
import { MONTHLY_ACTIVE_LABEL } from './mission-card';

// Role queries are slow in jsdom; a busy machine needs more than the default 5 s for a whole journey.
vi.setConfig({ testTimeout: 20_000 });

const card = (name: string) => screen.getByRole('article', { name });

/** The dashboard as the API answers once the Pixel Pat support is paused (not counted as recurring). */
function withPaused(dashboard: SupporterDashboard, paused: SubscriptionDto): SupporterDashboard {
  return {
    ...dashboard,
    recurringSupports: 0,
    subscriptions: [paused],
    creators: dashboard.creators.map((c) => ({ ...c, isRecurring: false, subscriptionId: null })),
  };
}

describe('My Missions: pausing a monthly support', () => {
  it('pauses for the chosen length after a dialog, then shows "Paused until" with a Resume button', async () => {
    const user = userEvent.setup();
    const dashboard = fakeDashboard();
    const subscription = dashboard.subscriptions[0]!;
    const paused: SubscriptionDto = {
      ...subscription,
      status: 'paused',
      pausedUntil: '2027-03-20T12:00:00.000Z',
      nextChargeAt: '2027-03-20T12:00:00.000Z',
    };
    let current = dashboard;
    const { api } = renderDashboard({
      dashboard,
      route: '/supporter-dashboard?tab=creators',
      routes: {
        'GET /api/supporter/dashboard': () => json(200, current),
        [`POST /api/subscriptions/${subscription.id}/pause`]: () => {
          current = withPaused(dashboard, paused);
          return json(200, { subscription: paused });
        },
      },
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    await user.click(within(card('Pixel Pat')).getByRole('button', { name: 'Pause' }));

    const dialog = screen.getByRole('dialog', { name: 'Pause monthly support?' });
    expect(dialog).toHaveTextContent(
      'Nothing is charged for your $25.00/month support to Pixel Pat while it is paused. The month you paid for runs to Dec 20, 2026.',
    );
    const lengths = within(dialog).getByRole('group', { name: 'Pause for' });
    expect(
      within(lengths)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['1 month', '2 months', '3 months', 'Until I resume it']);
    expect(within(lengths).getByRole('radio', { name: '1 month' })).toBeChecked();
    await user.click(within(lengths).getByRole('radio', { name: '3 months' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pause monthly support' }));

    await waitFor(() => expect(within(card('Pixel Pat')).getByText('Paused until Mar 20, 2027')).toBeInTheDocument());
    expect(api.callsTo(`POST /api/subscriptions/${subscription.id}/pause`).map((r) => r.body)).toEqual([{ months: 3 }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Monthly support to Pixel Pat paused. It resumes on Mar 20, 2027.')).toBeInTheDocument();
    const pat = card('Pixel Pat');
    expect(pat).toHaveTextContent(
      '$25.00/month, paused. Nothing is charged until it resumes by itself on Mar 20, 2027.',
    );
    expect(within(pat).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(within(pat).getByRole('button', { name: 'Cancel monthly support' })).toBeInTheDocument();
    expect(within(pat).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(within(pat).queryByText(MONTHLY_ACTIVE_LABEL)).not.toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText('Recurring Supports', { selector: 'p' }).nextElementSibling).toHaveTextContent('0'),
    );
  });

  it('pauses until resumed ("Paused"), and resumes with the next charge date', async () => {
    const user = userEvent.setup();
    const dashboard = fakeDashboard();
    const subscription = dashboard.subscriptions[0]!;
    const paused: SubscriptionDto = { ...subscription, status: 'paused', pausedUntil: null, nextChargeAt: null };
    let current = dashboard;
    const { api } = renderDashboard({
      dashboard,
      route: '/supporter-dashboard?tab=creators',
      routes: {
        'GET /api/supporter/dashboard': () => json(200, current),
        [`POST /api/subscriptions/${subscription.id}/pause`]: () => {
          current = withPaused(dashboard, paused);
          return json(200, { subscription: paused });
        },
        [`POST /api/subscriptions/${subscription.id}/resume`]: () => {
          current = dashboard;
          return json(200, { subscription });
        },
      },
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    await user.click(within(card('Pixel Pat')).getByRole('button', { name: 'Pause' }));
    const dialog = screen.getByRole('dialog', { name: 'Pause monthly support?' });
    await user.click(within(dialog).getByRole('radio', { name: 'Until I resume it' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pause monthly support' }));
    await waitFor(() => expect(within(card('Pixel Pat')).getByText('Paused')).toBeInTheDocument());
    expect(api.callsTo(`POST /api/subscriptions/${subscription.id}/pause`).map((r) => r.body)).toEqual([
      { months: null },
    ]);
    expect(card('Pixel Pat')).toHaveTextContent('$25.00/month, paused. Nothing is charged until you resume it.');

    await user.click(within(card('Pixel Pat')).getByRole('button', { name: 'Resume' }));
    expect(
      await screen.findByText('Monthly support to Pixel Pat resumed. Next charge on Dec 20, 2026.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(card('Pixel Pat')).getByText(MONTHLY_ACTIVE_LABEL)).toBeInTheDocument());
    expect(card('Pixel Pat')).toHaveTextContent('$25.00/month. Next charge on Dec 20, 2026.');
    expect(within(card('Pixel Pat')).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(api.callsTo(`POST /api/subscriptions/${subscription.id}/resume`)).toHaveLength(1);
  });

  it('shows the API refusal in the dialog and keeps it open; "Keep it running" sends nothing', async () => {
    const user = userEvent.setup();
    const dashboard = fakeDashboard();
    const subscription = dashboard.subscriptions[0]!;
    const { api } = renderDashboard({
      dashboard,
      route: '/supporter-dashboard?tab=creators',
      routes: {
        [`POST /api/subscriptions/${subscription.id}/pause`]: () =>
          json(409, { message: SUBSCRIPTION_MESSAGES.pauseEnded }),
      },
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    await user.click(within(card('Pixel Pat')).getByRole('button', { name: 'Pause' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep it running' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/subscriptions/${subscription.id}/pause`)).toHaveLength(0);

    await user.click(within(card('Pixel Pat')).getByRole('button', { name: 'Pause' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pause monthly support' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      SUBSCRIPTION_MESSAGES.pauseEnded,
    );
    expect(card('Pixel Pat')).toHaveTextContent('$25.00/month. Next charge on Dec 20, 2026.');
  });

  it('says in the pause dialog when a support was paused or resumed too many times today', async () => {
    const user = userEvent.setup();
    const dashboard = fakeDashboard();
    const subscription = dashboard.subscriptions[0]!;
    const limited = () => json(429, { message: SUBSCRIPTION_MESSAGES.pausesLimited });
    const { api } = renderDashboard({
      dashboard,
      route: '/supporter-dashboard?tab=creators',
      routes: { [`POST /api/subscriptions/${subscription.id}/pause`]: limited },
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    await user.click(within(card('Pixel Pat')).getByRole('button', { name: 'Pause' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Pause monthly support' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      SUBSCRIPTION_MESSAGES.pausesLimited,
    );
    expect(api.callsTo(`POST /api/subscriptions/${subscription.id}/pause`)).toHaveLength(1);
    expect(card('Pixel Pat')).toHaveTextContent('$25.00/month. Next charge on Dec 20, 2026.');
  });

  it('shows a refused resume (too many today) and keeps the support paused', async () => {
    const user = userEvent.setup();
    const base = fakeDashboard();
    const subscription = base.subscriptions[0]!;
    const paused: SubscriptionDto = { ...subscription, status: 'paused', pausedUntil: null, nextChargeAt: null };
    const dashboard = withPaused(base, paused);
    renderDashboard({
      dashboard,
      route: '/supporter-dashboard?tab=creators',
      routes: {
        'GET /api/supporter/dashboard': () => json(200, dashboard),
        [`POST /api/subscriptions/${subscription.id}/resume`]: () =>
          json(429, { message: SUBSCRIPTION_MESSAGES.pausesLimited }),
      },
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    await user.click(within(card('Pixel Pat')).getByRole('button', { name: 'Resume' }));
    expect(await screen.findByText(SUBSCRIPTION_MESSAGES.pausesLimited)).toBeInTheDocument();
    expect(within(card('Pixel Pat')).getByText('Paused')).toBeInTheDocument();
  });

  it('a paused support can be cancelled', async () => {
    const dashboard = fakeDashboard();
    const subscription = dashboard.subscriptions[0]!;
    renderDashboard({
      dashboard: withPaused(dashboard, { ...subscription, status: 'paused', pausedUntil: null, nextChargeAt: null }),
      route: '/supporter-dashboard?tab=creators',
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    const pat = card('Pixel Pat');
    expect(within(pat).getByText('Paused')).toBeInTheDocument();
    expect(within(pat).getByRole('button', { name: 'Cancel monthly support' })).toBeInTheDocument();
  });

  it('a support whose renewal is failing offers no pause', async () => {
    const dashboard = fakeDashboard();
    const failing = {
      ...dashboard.subscriptions[0]!,
      status: 'past_due' as const,
      nextChargeAt: '2026-12-21T12:00:00.000Z',
    };
    renderDashboard({
      dashboard: { ...dashboard, subscriptions: [failing] },
      route: '/supporter-dashboard?tab=creators',
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    expect(within(card('Pixel Pat')).queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    expect(within(card('Pixel Pat')).getByRole('button', { name: 'Cancel monthly support' })).toBeInTheDocument();
  });
});
