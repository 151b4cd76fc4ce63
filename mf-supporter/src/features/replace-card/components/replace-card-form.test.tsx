import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CARD_CHANGE_MESSAGES, type SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import type { StripeConfirmResult, StripeJs } from '@beabro/shared/payments/stripe-card-client';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { ReplaceCardForm, type CardChangeOutcome } from './replace-card-form';

afterEach(() => {
  delete window.Stripe;
});

const ID = '11111111-1111-4111-8111-111111111111';

function subscription(overrides: Partial<SubscriptionDto> = {}): SubscriptionDto {
  return {
    id: ID,
    creatorUsername: 'greenstreets',
    creatorDisplayName: 'Green Streets',
    amountCents: 1_000,
    currency: 'usd',
    tierPosition: null,
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2027-07-05T12:00:00.000Z',
    pausedUntil: null,
    nextChargeAt: '2027-07-05T12:00:00.000Z',
    endsAt: null,
    needsConfirmation: false,
    ...overrides,
  };
}

const SANDBOX_SETUP = {
  capabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
  testMode: true,
  setupId: 'seti_sandbox_1',
  clientSecret: 'seti_sandbox_1_secret',
  cardFrameUrl: '/sandbox-pay/v1/card-frame',
};

/** What the provider's frame posts to the page (its script does it with postMessage). */
function frameSays(target: HTMLIFrameElement, data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: 'null', source: target.contentWindow }));
  });
}

/** Records what the page asks the frame, so a test answers only once it was asked. */
function listen(target: HTMLIFrameElement) {
  const asked: unknown[] = [];
  vi.spyOn(target.contentWindow!, 'postMessage').mockImplementation((message: unknown) => {
    asked.push(message);
  });
  return asked;
}

function render(sub: SubscriptionDto, target: { id: string } | { token: string } = { id: ID }) {
  const done = vi.fn<(outcome: CardChangeOutcome) => void>();
  renderWithProviders(<ReplaceCardForm target={target} subscription={sub} onDone={done} />);
  return done;
}

async function openField(label: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: label }));
  const field = await screen.findByTitle(/Card details/, {}, { timeout: 5000 });
  return { user, field: field as HTMLIFrameElement };
}

describe('replacing the card of a monthly support (sandbox card field, setup mode)', () => {
  it('saves the card typed in the provider’s frame and says from when it is charged', async () => {
    const api = mockApi({
      [`POST /api/subscriptions/${ID}/card`]: () => json(200, { setup: SANDBOX_SETUP }),
      [`POST /api/subscriptions/${ID}/card/complete`]: () =>
        json(200, { subscription: subscription(), card: { brand: 'Mastercard', last4: '4444' }, retry: null }),
    });
    const done = render(subscription());
    const { user, field } = await openField('Replace card');
    // Setup mode: the test cards say what saving does, not paying.
    expect(screen.getByText(/card is saved, its payments fail for insufficient funds/)).toBeInTheDocument();
    const asked = listen(field);
    frameSays(field, { type: 'sandbox-pay:ready' });
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() =>
      expect(asked).toContainEqual({
        type: 'sandbox-pay:setup',
        setupId: 'seti_sandbox_1',
        clientSecret: 'seti_sandbox_1_secret',
      }),
    );
    frameSays(field, { type: 'sandbox-pay:result', status: 'succeeded', message: null });
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(done.mock.calls[0]?.[0]).toMatchObject({
      tone: 'success',
      message: 'Card saved: your Mastercard ending in 4444 is charged from the next renewal, on July 5, 2027.',
    });
    expect(api.callsTo(`POST /api/subscriptions/${ID}/card/complete`).map((r) => r.body)).toEqual([
      { setupId: 'seti_sandbox_1' },
    ]);
    // Nothing of the card went to our API.
    expect(JSON.stringify(api.calls.map((r) => r.body))).not.toMatch(/4444 ?4444|number|cvc/i);
  });

  it('a card the bank refuses shows the provider’s reason next to the field and keeps nothing', async () => {
    const api = mockApi({ [`POST /api/subscriptions/${ID}/card`]: () => json(200, { setup: SANDBOX_SETUP }) });
    const done = render(subscription());
    const { user, field } = await openField('Replace card');
    const asked = listen(field);
    frameSays(field, { type: 'sandbox-pay:ready' });
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    frameSays(field, { type: 'sandbox-pay:result', status: 'failed', message: 'Your card was declined.' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(field).toHaveAccessibleDescription('Your card was declined.');
    expect(done).not.toHaveBeenCalled();
    expect(api.callsTo(`POST /api/subscriptions/${ID}/card/complete`)).toEqual([]);
  });

  it('the API’s field message (a setup not saved) shows next to the card field', async () => {
    mockApi({
      [`POST /api/subscriptions/${ID}/card`]: () => json(200, { setup: SANDBOX_SETUP }),
      [`POST /api/subscriptions/${ID}/card/complete`]: () =>
        json(400, { message: CARD_CHANGE_MESSAGES.notSaved, fieldErrors: { setupId: CARD_CHANGE_MESSAGES.notSaved } }),
    });
    render(subscription());
    const { user, field } = await openField('Replace card');
    const asked = listen(field);
    frameSays(field, { type: 'sandbox-pay:ready' });
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    frameSays(field, { type: 'sandbox-pay:result', status: 'succeeded', message: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(CARD_CHANGE_MESSAGES.notSaved);
  });

  it('a refusal to start (ended, too many changes) is said where the button is', async () => {
    mockApi({
      [`POST /api/subscriptions/${ID}/card`]: () => json(429, { message: CARD_CHANGE_MESSAGES.changesLimited }),
    });
    render(subscription());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Replace card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CARD_CHANGE_MESSAGES.changesLimited);
  });
});

describe('a renewal being retried, by the receipt link', () => {
  const TOKEN = `${ID}.sig`;

  it('charges the new card at once; the bank’s challenge is answered here and the support is active again', async () => {
    const payment = {
      capabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
      intentId: 'pi_sandbox_9',
      clientSecret: 'pi_sandbox_9_secret',
      frameUrl: '/sandbox-pay/v1/card-frame',
    };
    const api = mockApi({
      'POST /api/subscriptions/card-by-link': () => json(200, { setup: SANDBOX_SETUP }),
      'POST /api/subscriptions/card-by-link/complete': () =>
        json(200, {
          subscription: subscription({ status: 'past_due', needsConfirmation: true }),
          card: { brand: 'Visa', last4: '3184' },
          retry: { status: 'requires_action', confirmToken: 'charge.123.sig', payment },
        }),
      'POST /api/subscriptions/confirm': () => json(200, { status: 'paid' }),
    });
    const done = render(subscription({ status: 'past_due' }), { token: TOKEN });
    const { user, field } = await openField('Update card and retry');
    const asked = listen(field);
    frameSays(field, { type: 'sandbox-pay:ready' });
    await user.click(screen.getByRole('button', { name: 'Save card and retry the payment' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    frameSays(field, { type: 'sandbox-pay:result', status: 'succeeded', message: null });

    const challenge = (await screen.findByTitle(
      /Confirm the payment with your bank/,
      {},
      { timeout: 5000 },
    )) as HTMLIFrameElement;
    // The page starts listening to the new frame in an effect, after the frame appears: the frame says "ready"
    // (as a real one does again when pinged) until the page has asked it to authenticate.
    await waitFor(() => {
      const challengeAsked = listen(challenge);
      frameSays(challenge, { type: 'sandbox-pay:ready' });
      expect(challengeAsked).toContainEqual({
        type: 'sandbox-pay:authenticate',
        intentId: 'pi_sandbox_9',
        clientSecret: 'pi_sandbox_9_secret',
      });
    });
    frameSays(challenge, { type: 'sandbox-pay:result', status: 'succeeded', message: null });
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(done.mock.calls[0]?.[0]).toMatchObject({
      tone: 'success',
      message:
        'Card saved: your Visa ending in 3184 was charged and your monthly support to Green Streets is active again.',
    });
    expect(api.callsTo('POST /api/subscriptions/card-by-link/complete').map((r) => r.body)).toEqual([
      { token: TOKEN, setupId: 'seti_sandbox_1' },
    ]);
    expect(api.callsTo('POST /api/subscriptions/confirm').map((r) => r.body)).toEqual([{ token: 'charge.123.sig' }]);
  });

  it('a new card refused too: saved, with the reason and the next scheduled retry', async () => {
    mockApi({
      'POST /api/subscriptions/card-by-link': () => json(200, { setup: SANDBOX_SETUP }),
      'POST /api/subscriptions/card-by-link/complete': () =>
        json(200, {
          subscription: subscription({ status: 'past_due', nextChargeAt: '2027-07-08T12:00:00.000Z' }),
          card: { brand: 'Visa', last4: '9995' },
          retry: { status: 'failed', message: 'Your card has insufficient funds.' },
        }),
    });
    const done = render(subscription({ status: 'past_due' }), { token: TOKEN });
    const { user, field } = await openField('Update card and retry');
    const asked = listen(field);
    frameSays(field, { type: 'sandbox-pay:ready' });
    await user.click(screen.getByRole('button', { name: 'Save card and retry the payment' }));
    await waitFor(() => expect(asked).toHaveLength(1));
    frameSays(field, { type: 'sandbox-pay:result', status: 'succeeded', message: null });
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(done.mock.calls[0]?.[0]).toMatchObject({
      tone: 'danger',
      message: `${CARD_CHANGE_MESSAGES.retryFailed} Your card has insufficient funds. We will try again on July 8, 2027. You can try another card.`,
    });
  });
});

describe('with Stripe (Payment Element in setup mode, fake Stripe.js)', () => {
  it('mounts the Payment Element for the SetupIntent and saves with confirmSetup', async () => {
    const seen = { keys: [] as string[], secrets: [] as string[], setups: 0, payments: 0 };
    window.Stripe = (key: string): StripeJs => {
      seen.keys.push(key);
      return {
        elements: ({ clientSecret }) => {
          seen.secrets.push(clientSecret);
          return { create: () => ({ mount: () => undefined, destroy: () => undefined }) };
        },
        confirmPayment: async (): Promise<StripeConfirmResult> => {
          seen.payments += 1;
          return {};
        },
        confirmSetup: async (): Promise<StripeConfirmResult> => {
          seen.setups += 1;
          return { setupIntent: { id: 'seti_1', status: 'succeeded' } };
        },
        handleNextAction: async () => ({}),
      };
    };
    const api = mockApi({
      [`POST /api/subscriptions/${ID}/card`]: () =>
        json(200, {
          setup: {
            capabilities: { cardField: 'stripe-elements', connectedAccounts: true },
            testMode: true,
            setupId: 'seti_1',
            clientSecret: 'seti_1_secret_x',
            cardFrameUrl: 'https://js.stripe.com/v3',
            publishableKey: 'pk_test_1',
          },
        }),
      [`POST /api/subscriptions/${ID}/card/complete`]: () =>
        json(200, { subscription: subscription(), card: { brand: 'Visa', last4: '4242' }, retry: null }),
    });
    const done = render(subscription());
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Replace card' }));
    expect(
      await screen.findByText(/Enter your new card in Stripe’s secure field/, {}, { timeout: 5000 }),
    ).toBeVisible();
    await waitFor(() => expect(seen.secrets).toEqual(['seti_1_secret_x']));
    expect(seen.keys).toEqual(['pk_test_1']);
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(seen).toMatchObject({ setups: 1, payments: 0 });
    expect(api.callsTo(`POST /api/subscriptions/${ID}/card/complete`).map((r) => r.body)).toEqual([
      { setupId: 'seti_1' },
    ]);
  });
});
