import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBSCRIPTION_MESSAGES, type SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import type { Currency } from '@beabro/shared/money/currencies';
import { fakeCreatorProfile, fakeDashboard } from '../../../testing/fake-data';
import { json } from '@beabro/shared/testing/msw';
import { renderDashboard } from '../../../testing/render-dashboard';

// Role queries are slow in jsdom; a busy machine needs more than the default 5 s for a whole journey.
vi.setConfig({ testTimeout: 20_000 });

const card = (name: string) => screen.getByRole('article', { name });

type Routes = NonNullable<Parameters<typeof renderDashboard>[0]>['routes'];

/** My Missions with the Change dialog open; `change` answers POST /api/subscriptions/{id}/change. */
async function openChange(change: NonNullable<Routes>[string], currency: Currency = 'usd') {
  const user = userEvent.setup();
  const usd = fakeDashboard();
  // Pixel Pat's monthly support, in his currency.
  const subscription = { ...usd.subscriptions[0]!, currency };
  const dashboard = {
    ...usd,
    subscriptions: [subscription],
    creators: usd.creators.map((c) => (c.subscriptionId === subscription.id ? { ...c, currency } : c)),
  };
  let current = dashboard;
  const rendered = renderDashboard({
    dashboard,
    route: '/supporter-dashboard?tab=creators',
    routes: {
      'GET /api/creators/pixelpat': () => json(200, fakeCreatorProfile({ minimumAmountCents: 1_000, currency })),
      // The server's dashboard after a change shows it.
      'GET /api/supporter/dashboard': () => json(200, current),
      [`POST /api/subscriptions/${subscription.id}/change`]: async (request) => {
        const answer = await change(request);
        if (answer.status === 200)
          current = { ...dashboard, subscriptions: [(answer.body as { subscription: SubscriptionDto }).subscription] };
        return answer;
      },
    },
  });
  await screen.findByRole('heading', { name: 'Missions you support' });
  await user.click(within(card('Pixel Pat')).getByRole('button', { name: 'Change amount' }));
  const dialog = screen.getByRole('dialog', { name: 'Change monthly support' });
  await within(dialog).findByRole('group', { name: 'New monthly amount' });
  return { user, dialog, subscription, ...rendered };
}

describe('My Missions: changing a monthly support', () => {
  it('moves to another tier, says from when, and shows the new amount on the card', async () => {
    const changed: SubscriptionDto = { ...fakeDashboard().subscriptions[0]!, amountCents: 5_000, tierPosition: 3 };
    const { user, dialog, api, subscription } = await openChange((request) =>
      json(200, { subscription: { ...changed, id: request.path.split('/')[3] } }),
    );
    const options = within(dialog).getByRole('group', { name: 'New monthly amount' });
    expect(
      within(options)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'Support the Mission: $5.00/month',
      'Fuel the Journey: $15.00/month',
      'True Believer: $25.00/month',
      'Mission Champion: $50.00/month',
      'Another amount',
    ]);
    // Below the creator's $10 minimum: not offered.
    expect(within(options).getByRole('radio', { name: 'Support the Mission: $5.00/month' })).toBeDisabled();
    // A custom $25 today: "Another amount" with the amount filled in.
    expect(within(options).getByRole('radio', { name: 'Another amount' })).toBeChecked();
    expect(within(dialog).getByLabelText('Amount per month')).toHaveValue('25');
    expect(dialog).toHaveTextContent(
      'The month you already paid for does not change. The new amount is charged at your next renewal, on December 20, 2026, then every month.',
    );
    await user.click(within(options).getByRole('radio', { name: 'Mission Champion: $50.00/month' }));
    await user.click(within(dialog).getByRole('button', { name: 'Change monthly support' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST /api/subscriptions/${subscription.id}/change`).map((r) => r.body)).toEqual([
      { amount: 50, tierPosition: 3 },
    ]);
    expect(
      screen.getByText(
        'Your monthly support to Pixel Pat is now $50.00/month. The new amount is first charged at your next renewal, on December 20, 2026.',
      ),
    ).toBeInTheDocument();
    expect(card('Pixel Pat')).toHaveTextContent('$50.00/month. Next charge on Dec 20, 2026.');
  });

  it('checks another amount before sending it, and shows the API’s field message next to the field', async () => {
    const { user, dialog, api, subscription } = await openChange(() =>
      json(400, {
        message: 'The minimum support for Pixel Pat is $12',
        fieldErrors: { amount: 'The minimum support for Pixel Pat is $12' },
      }),
    );
    const id = subscription.id;
    const amount = within(dialog).getByLabelText('Amount per month');
    await user.clear(amount);
    await user.type(amount, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Change monthly support' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The minimum support for Pixel Pat is $10');
    expect(amount).toHaveAccessibleDescription(expect.stringContaining('The minimum support for Pixel Pat is $10'));
    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Change monthly support' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Amount must be a whole number of dollars');
    expect(api.callsTo(`POST /api/subscriptions/${id}/change`)).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '11');
    await user.click(within(dialog).getByRole('button', { name: 'Change monthly support' }));
    expect(await within(dialog).findByText('The minimum support for Pixel Pat is $12')).toBeInTheDocument();
    expect(api.callsTo(`POST /api/subscriptions/${id}/change`).map((r) => r.body)).toEqual([
      { amount: 11, tierPosition: null },
    ]);
    expect(screen.getByRole('dialog', { name: 'Change monthly support' })).toBeInTheDocument();
  });

  it("offers and checks the amounts in the creator's currency: pounds for a GBP creator", async () => {
    const { user, dialog, api, subscription } = await openChange(() => json(500, {}), 'gbp');
    const options = within(dialog).getByRole('group', { name: 'New monthly amount' });
    expect(
      within(options)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual([
      'Support the Mission: £5.00/month',
      'Fuel the Journey: £15.00/month',
      'True Believer: £25.00/month',
      'Mission Champion: £50.00/month',
      'Another amount',
    ]);
    const amount = within(dialog).getByLabelText('Amount per month');
    // The field's prefix is the currency's symbol, and its hint says pounds.
    expect(amount).toHaveAccessibleDescription('£ Whole pounds, at least £10');
    await user.clear(amount);
    await user.type(amount, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Change monthly support' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The minimum support for Pixel Pat is £10');
    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Change monthly support' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Amount must be a whole number of pounds');
    expect(api.callsTo(`POST /api/subscriptions/${subscription.id}/change`)).toEqual([]);
  });

  it('a refusal (409) shows the API message in the dialog', async () => {
    const { user, dialog } = await openChange(() => json(409, { message: SUBSCRIPTION_MESSAGES.changePastDue }));
    await user.click(within(dialog).getByRole('button', { name: 'Change monthly support' }));
    expect(await within(dialog).findByText(SUBSCRIPTION_MESSAGES.changePastDue)).toBeInTheDocument();
  });

  it('is offered only for a support that runs or is paused', async () => {
    const dashboard = fakeDashboard();
    const subscription = dashboard.subscriptions[0]!;
    renderDashboard({
      dashboard: { ...dashboard, subscriptions: [{ ...subscription, status: 'past_due', nextChargeAt: null }] },
      route: '/supporter-dashboard?tab=creators',
    });
    await screen.findByRole('heading', { name: 'Missions you support' });
    expect(within(card('Pixel Pat')).queryByRole('button', { name: 'Change amount' })).not.toBeInTheDocument();
    // A renewal being retried says so.
    expect(within(card('Pixel Pat')).getByText('Retrying')).toBeInTheDocument();
  });
});
