import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { fakeCreatorProfile, fakeSubscription } from '../../../testing/fake-data';
import { http, HttpResponse, json, mockApi, server } from '@beabro/shared/testing/msw';
import { SubscriptionLinkPage } from './subscription-link-page';

const open = () => renderWithProviders(<SubscriptionLinkPage />, { route: '/subscriptions/cancel?token=tok.sig' });
const main = () => within(document.body);

describe('the cancel-link page', () => {
  it('pauses until resumed on a press, then shows the paused support with the outcome focused', async () => {
    const api = mockApi({
      'GET /api/subscriptions/cancel-by-link': () => json(200, { subscription: fakeSubscription() }),
      'POST /api/subscriptions/pause-by-link': () =>
        json(200, { subscription: fakeSubscription({ status: 'paused', nextChargeAt: null }) }),
    });
    open();
    await userEvent.click(await screen.findByRole('radio', { name: 'Until I resume it' }, { timeout: 5000 }));
    expect(api.callsTo('POST /api/subscriptions/pause-by-link')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Pause my monthly support' }));

    const outcome = await screen.findByText(
      'Your monthly support is paused until you resume it. Nothing is charged meanwhile.',
      {},
      { timeout: 5000 },
    );
    await vi.waitFor(() => expect(outcome.closest('[role="status"]')).toHaveFocus(), { timeout: 5000 });
    expect(api.callsTo('POST /api/subscriptions/pause-by-link').map((r) => r.body)).toEqual([
      { token: 'tok.sig', months: null },
    ]);
    expect(main().getByRole('button', { name: 'Resume my monthly support' })).toBeInTheDocument();
    expect(main().queryByRole('button', { name: 'Pause my monthly support' })).not.toBeInTheDocument();
  });

  it('opened from the receipt’s pause link (#pause), goes to the pause choices', async () => {
    mockApi({ 'GET /api/subscriptions/cancel-by-link': () => json(200, { subscription: fakeSubscription() }) });
    renderWithProviders(<SubscriptionLinkPage />, { route: '/subscriptions/cancel?token=tok.sig#pause' });
    const heading = await screen.findByRole('heading', { name: 'Pause instead' }, { timeout: 5000 });
    expect(heading.closest('section')).toHaveAttribute('id', 'pause');
    await vi.waitFor(() => expect(heading).toHaveFocus(), { timeout: 5000 });
    expect(main().getByRole('radio', { name: '1 month' })).toBeInTheDocument();
  });

  it('sends the months chosen', async () => {
    const api = mockApi({
      'GET /api/subscriptions/cancel-by-link': () => json(200, { subscription: fakeSubscription() }),
      'POST /api/subscriptions/pause-by-link': () =>
        json(200, { subscription: fakeSubscription({ status: 'paused', pausedUntil: '2027-02-20T12:00:00.000Z' }) }),
    });
    open();
    await userEvent.click(await screen.findByRole('radio', { name: '2 months' }, { timeout: 5000 }));
    await userEvent.click(screen.getByRole('button', { name: 'Pause my monthly support' }));
    expect(
      await screen.findByText(
        /paused until February 20, 2027, when it resumes by itself/,
        { selector: 'p' },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/subscriptions/pause-by-link').map((r) => r.body)).toEqual([
      { token: 'tok.sig', months: 2 },
    ]);
  });

  it('a refusal shows next to its button, focused, and the buttons stay', async () => {
    mockApi({
      'GET /api/subscriptions/cancel-by-link': () =>
        json(200, { subscription: fakeSubscription({ status: 'paused', nextChargeAt: null }) }),
      'POST /api/subscriptions/resume-by-link': () => json(409, { message: SUBSCRIPTION_MESSAGES.resumeEnded }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Resume my monthly support' }, { timeout: 5000 }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(SUBSCRIPTION_MESSAGES.resumeEnded);
    await vi.waitFor(() => expect(alert).toHaveFocus(), { timeout: 5000 });
    expect(alert.closest('form')).toContainElement(screen.getByRole('button', { name: 'Resume my monthly support' }));
    expect(screen.getByRole('button', { name: 'Cancel my monthly support' })).toBeEnabled();
  });

  it('too many pauses today: the message shows next to the pause button and the support stays running', async () => {
    const api = mockApi({
      'GET /api/subscriptions/cancel-by-link': () => json(200, { subscription: fakeSubscription() }),
      'POST /api/subscriptions/pause-by-link': () => json(429, { message: SUBSCRIPTION_MESSAGES.pausesLimited }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Pause my monthly support' }, { timeout: 5000 }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert).toHaveTextContent(SUBSCRIPTION_MESSAGES.pausesLimited);
    expect(alert.closest('form')).toContainElement(screen.getByRole('button', { name: 'Pause my monthly support' }));
    expect(api.callsTo('POST /api/subscriptions/pause-by-link')).toHaveLength(1);
  });

  it('an expired link says so, with no button, and how to manage the support instead', async () => {
    mockApi({
      'GET /api/subscriptions/cancel-by-link': () =>
        json(400, {
          message: SUBSCRIPTION_MESSAGES.linkExpired,
          fieldErrors: { token: SUBSCRIPTION_MESSAGES.linkExpired },
        }),
    });
    open();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      SUBSCRIPTION_MESSAGES.linkExpired,
    );
    expect(screen.getByRole('link', { name: 'Sign in to manage your monthly supports' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /my monthly support/ })).not.toBeInTheDocument();
  });

  it('cancels only once confirmed in the dialog, and no button is left', async () => {
    const api = mockApi({
      'GET /api/subscriptions/cancel-by-link': () => json(200, { subscription: fakeSubscription() }),
      'POST /api/subscriptions/cancel-by-link': () =>
        json(200, {
          subscription: fakeSubscription({
            cancelAtPeriodEnd: true,
            nextChargeAt: null,
            endsAt: '2026-12-20T12:00:00.000Z',
          }),
        }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel my monthly support' }, { timeout: 5000 }));
    // The same confirmation as My Missions: nothing is sent until it is confirmed, and "Keep supporting" keeps it.
    let dialog = await screen.findByRole('dialog', { name: 'Cancel monthly support?' });
    expect(dialog).toHaveTextContent('will not renew. You will not be charged again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep supporting' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST /api/subscriptions/cancel-by-link')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel my monthly support' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel monthly support?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel monthly support' }));
    expect(
      await screen.findByText(
        'Your monthly support is cancelled. It ends on December 20, 2026, with no further charge.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /my monthly support/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/subscriptions/cancel-by-link').map((r) => r.body)).toEqual([{ token: 'tok.sig' }]);
  });

  it('opened from the failed renewal’s link (#card), goes to the card section with no tap', async () => {
    mockApi({
      'GET /api/subscriptions/cancel-by-link': () =>
        json(200, { subscription: fakeSubscription({ status: 'past_due' }) }),
    });
    renderWithProviders(<SubscriptionLinkPage />, { route: '/subscriptions/cancel?token=tok.sig#card' });
    const heading = await screen.findByRole('heading', { name: 'Update your card' }, { timeout: 5000 });
    expect(heading.closest('section')).toHaveAttribute('id', 'card');
    await vi.waitFor(() => expect(heading).toHaveFocus(), { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Cancel my monthly support' })).toBeEnabled();
  });

  it('a lapsed support says it ended and offers nothing to press', async () => {
    mockApi({
      'GET /api/subscriptions/cancel-by-link': () =>
        json(200, {
          subscription: fakeSubscription({ status: 'lapsed', nextChargeAt: null, endsAt: '2026-11-25T12:00:00.000Z' }),
        }),
    });
    open();
    expect(
      await screen.findByText(
        /has ended on November 25, 2026: its renewal could not be charged/,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /my monthly support/ })).not.toBeInTheDocument();
  });

  it('an API that cannot be reached: says so, with a way to try again', async () => {
    server.use(http.all('*', () => HttpResponse.error()));
    open();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('We could not reach Be a Bro.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('the receipt link page: changing the amount', () => {
  async function typeAmount(dollars: string) {
    const section = await screen.findByRole('region', { name: 'Change the amount' }, { timeout: 5000 });
    await within(section).findByRole('group', { name: 'New monthly amount' }, { timeout: 5000 });
    const amount = within(section).getByLabelText('Amount per month');
    await userEvent.clear(amount);
    await userEvent.type(amount, dollars);
    await userEvent.click(within(section).getByRole('button', { name: 'Change monthly support' }));
    return section;
  }

  it('lowers the amount at once with the link’s token and says from when it is charged', async () => {
    const api = mockApi({
      'GET /api/subscriptions/cancel-by-link': () => json(200, { subscription: fakeSubscription() }),
      'GET /api/creators/pixelpat': () => json(200, fakeCreatorProfile()),
      'POST /api/subscriptions/change-by-link': () =>
        json(200, { subscription: fakeSubscription({ amountCents: 1_200 }) }),
    });
    open();
    await typeAmount('12');

    const outcome = await screen.findByText(
      'Your monthly support to Pixel Pat is now $12.00/month. The new amount is first charged at your next renewal, on December 20, 2026.',
      {},
      { timeout: 5000 },
    );
    await vi.waitFor(() => expect(outcome.closest('[role="status"]')).toHaveFocus(), { timeout: 5000 });
    expect(api.callsTo('POST /api/subscriptions/change-by-link').map((r) => r.body)).toEqual([
      { token: 'tok.sig', amount: 12, tierPosition: null },
    ]);
    expect(main().getByText('$12.00/month')).toBeInTheDocument();
  });

  it('a raise changes nothing yet: next to the form, it says where the confirmation link went', async () => {
    const message = 'We sent a confirmation link to j***@example.com. The new amount starts once you confirm.';
    const api = mockApi({
      'GET /api/subscriptions/cancel-by-link': () => json(200, { subscription: fakeSubscription() }),
      'GET /api/creators/pixelpat': () => json(200, fakeCreatorProfile()),
      'POST /api/subscriptions/change-by-link': () =>
        json(202, {
          message,
          pending: {
            amountCents: 10_000,
            currency: 'usd',
            sentTo: 'j***@example.com',
            expiresAt: '2026-12-07T06:00:00.000Z',
          },
        }),
    });
    open();
    const section = await typeAmount('100');

    expect(await within(section).findByRole('status', {}, { timeout: 5000 })).toHaveTextContent(message);
    expect(api.callsTo('POST /api/subscriptions/change-by-link').map((r) => r.body)).toEqual([
      { token: 'tok.sig', amount: 100, tierPosition: null },
    ]);
    // The support shown is as it was.
    expect(within(screen.getByText(/^You support/)).getByText('$25.00/month')).toBeInTheDocument();
    expect(screen.queryByText(/is now \$100\.00\/month/)).not.toBeInTheDocument();
  });

  for (const tierPosition of [null, 2]) {
    it(`keeps the form’s final shape while the creator’s options load (${tierPosition === null ? 'a custom amount' : 'a tier'})`, async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      mockApi({
        'GET /api/subscriptions/cancel-by-link': () => json(200, { subscription: fakeSubscription({ tierPosition }) }),
        'GET /api/creators/pixelpat': async () => {
          await held;
          return json(200, fakeCreatorProfile());
        },
      });
      open();
      const section = await screen.findByRole('region', { name: 'Change the amount' }, { timeout: 5000 });
      const group = within(section).getByRole('group', { name: 'New monthly amount' });
      expect(within(group).getByRole('status')).toHaveTextContent('Loading the support options…');
      // A row for each of the creator's tiers and one for another amount, and the amount field of a custom amount.
      const rowsWhileLoading = group.querySelectorAll(':scope > :not(legend)').length;
      expect(rowsWhileLoading).toBe(5);
      expect(within(section).queryByLabelText('Amount per month') !== null).toBe(tierPosition === null);
      expect(within(section).getByRole('button', { name: 'Change monthly support' })).toBeDisabled();

      release();
      await within(group).findByRole('radio', { name: 'Another amount' }, { timeout: 5000 });
      expect(group.querySelectorAll(':scope > :not(legend)').length).toBe(rowsWhileLoading);
      expect(within(section).queryByLabelText('Amount per month') !== null).toBe(tierPosition === null);
      expect(within(section).getByRole('button', { name: 'Change monthly support' })).toBeEnabled();
    });
  }

  it('is not offered for a support being retried or cancelled', async () => {
    mockApi({
      'GET /api/subscriptions/cancel-by-link': () =>
        json(200, { subscription: fakeSubscription({ status: 'past_due', nextChargeAt: null }) }),
    });
    open();
    await screen.findByRole('button', { name: 'Cancel my monthly support' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Change the amount' })).not.toBeInTheDocument();
  });
});
