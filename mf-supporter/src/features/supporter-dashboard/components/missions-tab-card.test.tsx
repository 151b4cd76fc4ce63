import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import { fakeDashboard } from '../../../testing/fake-data';
import { json } from '@beabro/shared/testing/msw';
import { renderDashboard } from '../../../testing/render-dashboard';

// Role queries are slow in jsdom; a busy machine needs more than the default 5 s for a whole journey.
vi.setConfig({ testTimeout: 20_000 });

const card = (name: string) => screen.getByRole('article', { name });

function dashboardWith(overrides: Partial<SubscriptionDto>) {
  const dashboard = fakeDashboard();
  return { ...dashboard, subscriptions: [{ ...dashboard.subscriptions[0]!, ...overrides }] };
}

describe('My Missions: replacing the card of a monthly support', () => {
  it('an active support offers Replace card: the provider’s field in setup mode, nothing charged now', async () => {
    const dashboard = dashboardWith({});
    const subscription = dashboard.subscriptions[0]!;
    const { api } = renderDashboard({
      dashboard,
      route: '/supporter-dashboard?tab=creators',
      routes: {
        [`POST /api/subscriptions/${subscription.id}/card`]: () =>
          json(200, {
            setup: {
              capabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
              testMode: true,
              setupId: 'seti_sandbox_1',
              clientSecret: 'seti_sandbox_1_secret',
              cardFrameUrl: '/sandbox-pay/v1/card-frame',
            },
          }),
      },
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    const user = userEvent.setup();
    await user.click(within(card('Pixel Pat')).getByRole('button', { name: 'Replace card' }));
    const dialog = screen.getByRole('dialog', { name: 'Replace your card' });
    expect(dialog).toHaveTextContent('is charged to the new card from its next renewal. Nothing is charged now.');
    await user.click(within(dialog).getByRole('button', { name: 'Replace card' }));
    expect(await within(dialog).findByTitle(/Card details/, {}, { timeout: 5000 })).toHaveAttribute(
      'src',
      '/sandbox-pay/v1/card-frame',
    );
    expect(api.callsTo(`POST /api/subscriptions/${subscription.id}/card`)).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a support being retried offers Update card, which charges the new card at once', async () => {
    renderDashboard({
      dashboard: dashboardWith({ status: 'past_due', nextChargeAt: '2026-12-23T00:00:00.000Z' }),
      route: '/supporter-dashboard?tab=creators',
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    await userEvent.setup().click(within(card('Pixel Pat')).getByRole('button', { name: 'Update card' }));
    const dialog = screen.getByRole('dialog', { name: 'Update your card' });
    expect(dialog).toHaveTextContent('Your new card is charged as soon as you save it.');
    expect(within(dialog).getByRole('button', { name: 'Update card and retry' })).toBeEnabled();
  });

  it('a cancelled support offers no card change', async () => {
    renderDashboard({
      dashboard: dashboardWith({ cancelAtPeriodEnd: true, endsAt: '2026-12-20T00:00:00.000Z' }),
      route: '/supporter-dashboard?tab=creators',
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    expect(within(card('Pixel Pat')).queryByRole('button', { name: /card/i })).toBeNull();
  });
});
