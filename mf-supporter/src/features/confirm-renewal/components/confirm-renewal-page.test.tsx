import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StripeJs } from '@beabro/shared/payments/stripe-card-client';
import { RENEWAL_CONFIRM_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { ConfirmRenewalPage } from './confirm-renewal-page';

const open = () => renderWithProviders(<ConfirmRenewalPage />, { route: '/subscriptions/confirm?token=ch.1.sig' });

const confirmation = {
  creatorUsername: 'greenstreets',
  creatorDisplayName: 'Green Streets',
  amountCents: 1_200,
  currency: 'usd',
  periodStart: '2027-06-01T00:00:00.000Z',
  periodEnd: '2027-07-01T00:00:00.000Z',
  cardBrand: 'Visa',
  cardLast4: '3184',
  payment: {
    capabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
    intentId: 'pi_1',
    clientSecret: 'pi_1_secret',
    frameUrl: '/sandbox-pay/v1/card-frame',
  },
  authenticationFailed: false,
  bankCheckToStart: false,
  cardLinkPath: '/subscriptions/cancel?token=sub.sig#card',
};

/** The provider's frame answering the page, as its script does with postMessage. */
function frameSays(data: unknown) {
  const frame = document.querySelector('iframe');
  if (!frame?.contentWindow) throw new Error('no card frame');
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: 'null', source: frame.contentWindow }));
  });
}

describe('the renewal confirmation page', () => {
  it('shows the creator, amount, month and the bank challenge; once approved, records it and thanks', async () => {
    const api = mockApi({
      'GET /api/subscriptions/confirm': () => json(200, { confirmation }),
      'POST /api/subscriptions/confirm': () => json(200, { status: 'paid' }),
    });
    open();
    expect(
      await screen.findByText(/Your bank asks you to confirm the payment of/, {}, { timeout: 5000 }),
    ).toHaveTextContent(
      'Your bank asks you to confirm the payment of $12.00 for June 2027 of your monthly support to Green Streets, on your Visa ending in 3184.',
    );
    expect(screen.getByRole('link', { name: 'Green Streets' })).toHaveAttribute('href', '/greenstreets');
    const frame = screen.getByTitle(/Confirm the payment with your bank/);
    expect(frame).toHaveAttribute('src', '/sandbox-pay/v1/card-frame');
    expect(api.callsTo('POST /api/subscriptions/confirm')).toEqual([]);

    frameSays({ type: 'sandbox-pay:result', status: 'succeeded', message: null });
    expect(
      await screen.findByText(/the payment of \$12.00 for June 2027 is confirmed/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/subscriptions/confirm').map((r) => r.body)).toEqual([{ token: 'ch.1.sig' }]);
  });

  it('a failed bank check shows the reason, hides the challenge, and offers to try again or use another card', async () => {
    const api = mockApi({
      'GET /api/subscriptions/confirm': () => json(200, { confirmation }),
      'POST /api/subscriptions/confirm/retry': () =>
        json(200, {
          status: 'awaiting',
          confirmation: { ...confirmation, payment: { ...confirmation.payment, intentId: 'pi_2' } },
        }),
      'POST /api/subscriptions/confirm': () => json(200, { status: 'paid' }),
    });
    open();
    await screen.findByTitle(/Confirm the payment with your bank/, {}, { timeout: 5000 });
    frameSays({ type: 'sandbox-pay:result', status: 'failed', message: 'Your bank could not confirm this payment.' });
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Your bank could not confirm this payment.',
    );
    expect(screen.queryByTitle(/Confirm the payment with your bank/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Use another card' })).toHaveAttribute(
      'href',
      '/subscriptions/cancel?token=sub.sig#card',
    );
    expect(api.callsTo('POST /api/subscriptions/confirm')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Try again with my bank' }));
    await screen.findByTitle(/Confirm the payment with your bank/, {}, { timeout: 5000 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('POST /api/subscriptions/confirm/retry').map((r) => r.body)).toEqual([{ token: 'ch.1.sig' }]);
    frameSays({ type: 'sandbox-pay:result', status: 'succeeded', message: null });
    expect(
      await screen.findByText(/the payment of \$12.00 for June 2027 is confirmed/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('opened again after a failed check (a guest too): the reason and the ways on, no challenge', async () => {
    mockApi({
      'GET /api/subscriptions/confirm': () =>
        json(200, { confirmation: { ...confirmation, authenticationFailed: true } }),
    });
    open();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(RENEWAL_CONFIRM_MESSAGES.failed);
    expect(screen.getByRole('button', { name: 'Try again with my bank' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Use another card' })).toBeInTheDocument();
    expect(screen.queryByTitle(/Confirm the payment with your bank/)).not.toBeInTheDocument();
  });

  it('declined off session for the bank’s check (Stripe): a button starts it, then the challenge is answered', async () => {
    const api = mockApi({
      'GET /api/subscriptions/confirm': () => json(200, { confirmation: { ...confirmation, bankCheckToStart: true } }),
      'POST /api/subscriptions/confirm/retry': () =>
        json(200, {
          status: 'awaiting',
          confirmation: { ...confirmation, payment: { ...confirmation.payment, intentId: 'pi_2' } },
        }),
      'POST /api/subscriptions/confirm': () => json(200, { status: 'paid' }),
    });
    open();
    const start = await screen.findByRole('button', { name: 'Start my bank’s check' }, { timeout: 5000 });
    expect(screen.queryByTitle(/Confirm the payment with your bank/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Use another card' })).toBeInTheDocument();
    await userEvent.click(start);
    await screen.findByTitle(/Confirm the payment with your bank/, {}, { timeout: 5000 });
    expect(api.callsTo('POST /api/subscriptions/confirm/retry').map((r) => r.body)).toEqual([{ token: 'ch.1.sig' }]);
    frameSays({ type: 'sandbox-pay:result', status: 'succeeded', message: null });
    expect(
      await screen.findByText(/the payment of \$12.00 for June 2027 is confirmed/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  });

  it('with Stripe, the bank’s challenge is Stripe.js’s handleNextAction (no frame of ours), then recorded', async () => {
    const handled: string[] = [];
    window.Stripe = (key: string): StripeJs => {
      expect(key).toBe('pk_test_9');
      return {
        elements: () => ({ create: () => ({ mount: () => undefined, destroy: () => undefined }) }),
        confirmPayment: async () => ({}),
        confirmSetup: async () => ({}),
        handleNextAction: async ({ clientSecret }) => {
          handled.push(clientSecret);
          return { paymentIntent: { id: 'pi_1', status: 'succeeded' } };
        },
      };
    };
    const api = mockApi({
      'GET /api/subscriptions/confirm': () =>
        json(200, {
          confirmation: {
            ...confirmation,
            payment: {
              ...confirmation.payment,
              capabilities: { cardField: 'stripe-elements', connectedAccounts: true },
              publishableKey: 'pk_test_9',
            },
          },
        }),
      'POST /api/subscriptions/confirm': () => json(200, { status: 'paid' }),
    });
    open();
    const button = await screen.findByRole('button', { name: 'Confirm with my bank' }, { timeout: 5000 });
    expect(document.querySelector('iframe')).toBeNull();
    await userEvent.setup().click(button);
    expect(
      await screen.findByText(/the payment of \$12.00 for June 2027 is confirmed/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(handled).toEqual(['pi_1_secret']);
    await waitFor(() => expect(api.callsTo('POST /api/subscriptions/confirm')).toHaveLength(1));
    delete window.Stripe;
  });

  it('with Stripe, starting the bank’s check opens Stripe’s window at once: one click, not two', async () => {
    const handled: string[] = [];
    window.Stripe = (): StripeJs => ({
      elements: () => ({ create: () => ({ mount: () => undefined, destroy: () => undefined }) }),
      confirmPayment: async () => ({}),
      confirmSetup: async () => ({}),
      handleNextAction: async ({ clientSecret }) => {
        handled.push(clientSecret);
        return { paymentIntent: { id: 'pi_2', status: 'succeeded' } };
      },
    });
    const stripePayment = {
      ...confirmation.payment,
      capabilities: { cardField: 'stripe-elements', connectedAccounts: true },
      publishableKey: 'pk_test_9',
    };
    mockApi({
      'GET /api/subscriptions/confirm': () =>
        json(200, { confirmation: { ...confirmation, bankCheckToStart: true, payment: stripePayment } }),
      'POST /api/subscriptions/confirm/retry': () =>
        json(200, {
          status: 'awaiting',
          confirmation: {
            ...confirmation,
            payment: { ...stripePayment, intentId: 'pi_2', clientSecret: 'pi_2_secret' },
          },
        }),
      'POST /api/subscriptions/confirm': () => json(200, { status: 'paid' }),
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Start my bank’s check' }, { timeout: 5000 }));
    expect(
      await screen.findByText(/the payment of \$12.00 for June 2027 is confirmed/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(handled).toEqual(['pi_2_secret']);
    expect(screen.queryByRole('button', { name: 'Confirm with my bank' })).not.toBeInTheDocument();
    delete window.Stripe;
  });

  it.each([
    [409, RENEWAL_CONFIRM_MESSAGES.expired],
    [409, RENEWAL_CONFIRM_MESSAGES.alreadyPaid],
    [400, RENEWAL_CONFIRM_MESSAGES.linkInvalid],
  ])('a refused link (%i) says why, with no card frame', async (status, message) => {
    mockApi({ 'GET /api/subscriptions/confirm': () => json(status, { message }) });
    open();
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(message);
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('link', { name: 'See your monthly supports' })).toBeInTheDocument();
  });
});
