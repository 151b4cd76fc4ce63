import {
  STRIPE_JS_URL,
  STRIPE_MESSAGES,
  authenticateWithStripe,
  loadStripeJs,
  mountStripeCardField,
  type StripeConfirmResult,
  type StripeElements,
  type StripeJs,
} from '@beabro/shared/payments/stripe-card-client';
import { stripeReturn } from '@beabro/shared/payments/stripe-return';

const CLIENT_SECRET = 'pi_123_secret_abc';
const RETURN_URL = 'https://beabro.example/pixelpat/support';

/** A stand-in for Stripe.js: records what the client asks and answers confirmPayment with `answer`. */
function fakeStripe(answer: (options: Parameters<StripeJs['confirmPayment']>[0]) => Promise<StripeConfirmResult>) {
  const calls = {
    elements: [] as Array<{ clientSecret: string }>,
    created: [] as string[],
    mounted: [] as HTMLElement[],
    destroyed: 0,
    confirms: [] as Array<Parameters<StripeJs['confirmPayment']>[0]>,
    setups: [] as Array<Parameters<StripeJs['confirmSetup']>[0]>,
    nextActions: [] as string[],
  };
  const elements: StripeElements = {
    create(type) {
      calls.created.push(type);
      return {
        mount: (target) => calls.mounted.push(target),
        destroy: () => {
          calls.destroyed += 1;
        },
      };
    },
  };
  const stripe: StripeJs = {
    elements(options) {
      calls.elements.push(options);
      return elements;
    },
    confirmPayment(options) {
      calls.confirms.push(options);
      return answer(options);
    },
    confirmSetup(options) {
      calls.setups.push(options);
      return answer(options);
    },
    handleNextAction({ clientSecret }) {
      calls.nextActions.push(clientSecret);
      return answer({} as Parameters<StripeJs['confirmPayment']>[0]);
    },
  };
  return { stripe, elements, calls };
}

function mount(stripe: StripeJs) {
  const container = document.createElement('div');
  return {
    container,
    client: mountStripeCardField(stripe, { clientSecret: CLIENT_SECRET, container, returnUrl: RETURN_URL }),
  };
}

describe('Stripe card field client', () => {
  it('mounts the Payment Element with the intent’s client secret', () => {
    const { stripe, calls } = fakeStripe(async () => ({}));
    const { container, client } = mount(stripe);
    expect(calls.elements).toEqual([{ clientSecret: CLIENT_SECRET }]);
    expect(calls.created).toEqual(['payment']);
    expect(calls.mounted).toEqual([container]);
    expect(client.clientSecret).toBe(CLIENT_SECRET);
    client.destroy();
    expect(calls.destroyed).toBe(1);
  });

  it('confirms in the page, with the return URL for payment methods that leave it, and reports success', async () => {
    const { stripe, elements, calls } = fakeStripe(async () => ({
      paymentIntent: { id: 'pi_123', status: 'succeeded' },
    }));
    const { client } = mount(stripe);
    await expect(client.confirm()).resolves.toEqual({ status: 'succeeded', message: null });
    expect(calls.confirms).toEqual([{ elements, redirect: 'if_required', confirmParams: { return_url: RETURN_URL } }]);
  });

  it('reports a processing payment as processing', async () => {
    const { stripe } = fakeStripe(async () => ({ paymentIntent: { id: 'pi_123', status: 'processing' } }));
    await expect(mount(stripe).client.confirm()).resolves.toEqual({ status: 'processing', message: null });
  });

  it('gives Stripe’s decline message for the card field', async () => {
    const { stripe } = fakeStripe(async () => ({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    }));
    await expect(mount(stripe).client.confirm()).resolves.toEqual({
      status: 'failed',
      message: 'Your card was declined.',
    });
  });

  it('reports an incomplete or invalid field as invalid, with Stripe’s message', async () => {
    const { stripe } = fakeStripe(async () => ({
      error: { type: 'validation_error', code: 'incomplete_number', message: 'Your card number is incomplete.' },
    }));
    await expect(mount(stripe).client.confirm()).resolves.toEqual({
      status: 'invalid',
      message: 'Your card number is incomplete.',
    });
  });

  it('leaves the bank’s challenge (requires_action) to Stripe.js and reports what it ended in', async () => {
    // Stripe.js shows the challenge itself and resolves confirmPayment once the bank has answered.
    let challenged = 0;
    const { stripe, calls } = fakeStripe(async () => {
      challenged += 1;
      return { paymentIntent: { id: 'pi_123', status: 'succeeded' } };
    });
    await expect(mount(stripe).client.confirm()).resolves.toEqual({ status: 'succeeded', message: null });
    expect(challenged).toBe(1);
    expect(calls.confirms).toHaveLength(1);

    // A challenge abandoned leaves the intent waiting for it: not paid.
    const abandoned = fakeStripe(async () => ({ paymentIntent: { id: 'pi_123', status: 'requires_action' } }));
    await expect(mount(abandoned.stripe).client.confirm()).resolves.toEqual({
      status: 'failed',
      message: STRIPE_MESSAGES.notConfirmed,
    });
  });

  it('reports a Stripe.js that throws as a failure, not an exception', async () => {
    const { stripe } = fakeStripe(async () => {
      throw new Error('network');
    });
    await expect(mount(stripe).client.confirm()).resolves.toEqual({
      status: 'failed',
      message: STRIPE_MESSAGES.notLoaded,
    });
  });
});

describe('Stripe card field client in setup mode (a card saved, nothing charged)', () => {
  function mountSetup(stripe: StripeJs) {
    const container = document.createElement('div');
    return mountStripeCardField(stripe, {
      clientSecret: 'seti_123_secret_abc',
      container,
      returnUrl: RETURN_URL,
      mode: 'setup',
    });
  }

  it('confirms the SetupIntent with confirmSetup, never confirmPayment', async () => {
    const { stripe, elements, calls } = fakeStripe(async () => ({
      setupIntent: { id: 'seti_123', status: 'succeeded' },
    }));
    await expect(mountSetup(stripe).confirm()).resolves.toEqual({ status: 'succeeded', message: null });
    expect(calls.elements).toEqual([{ clientSecret: 'seti_123_secret_abc' }]);
    expect(calls.setups).toEqual([{ elements, redirect: 'if_required', confirmParams: { return_url: RETURN_URL } }]);
    expect(calls.confirms).toEqual([]);
  });

  it('gives Stripe’s reason for a refused card, and says when the bank did not confirm it', async () => {
    const refused = fakeStripe(async () => ({
      error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    }));
    await expect(mountSetup(refused.stripe).confirm()).resolves.toEqual({
      status: 'failed',
      message: 'Your card was declined.',
    });
    const waiting = fakeStripe(async () => ({ setupIntent: { id: 'seti_123', status: 'requires_action' } }));
    await expect(mountSetup(waiting.stripe).confirm()).resolves.toEqual({
      status: 'failed',
      message: STRIPE_MESSAGES.cardNotConfirmed,
    });
  });
});

describe('the bank’s challenge of an intent confirmed on the server (handleNextAction)', () => {
  it('hands the client secret to Stripe.js and reports what the bank answered', async () => {
    const { stripe, calls } = fakeStripe(async () => ({ paymentIntent: { id: 'pi_123', status: 'succeeded' } }));
    await expect(authenticateWithStripe(stripe, CLIENT_SECRET)).resolves.toEqual({
      status: 'succeeded',
      message: null,
    });
    expect(calls.nextActions).toEqual([CLIENT_SECRET]);

    const failed = fakeStripe(async () => ({
      error: {
        type: 'invalid_request_error',
        code: 'payment_intent_authentication_failure',
        message: 'We are unable to authenticate your payment method.',
      },
    }));
    await expect(authenticateWithStripe(failed.stripe, CLIENT_SECRET)).resolves.toEqual({
      status: 'failed',
      message: 'We are unable to authenticate your payment method.',
    });
    const broken = fakeStripe(async () => {
      throw new Error('network');
    });
    await expect(authenticateWithStripe(broken.stripe, CLIENT_SECRET)).resolves.toEqual({
      status: 'failed',
      message: STRIPE_MESSAGES.notLoaded,
    });
  });
});

describe('loading Stripe.js', () => {
  afterEach(() => {
    delete window.Stripe;
    document.head.querySelectorAll('script').forEach((script) => script.remove());
  });

  it('adds one script tag from js.stripe.com and resolves with the Stripe factory once it has loaded', async () => {
    expect(document.querySelector(`script[src="${STRIPE_JS_URL}"]`)).toBeNull();
    const first = loadStripeJs();
    const second = loadStripeJs();
    const scripts = document.head.querySelectorAll(`script[src="${STRIPE_JS_URL}"]`);
    expect(scripts).toHaveLength(1);
    const factory = () => fakeStripe(async () => ({})).stripe;
    window.Stripe = factory;
    scripts[0]?.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(factory);
    await expect(second).resolves.toBe(factory);
  });
});

describe('Stripe’s return to the support page', () => {
  it('reads the intent and its client secret from the query Stripe adds', () => {
    expect(
      stripeReturn('?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_abc&redirect_status=succeeded'),
    ).toEqual({ intentId: 'pi_123', clientSecret: 'pi_123_secret_abc' });
    expect(stripeReturn('?tier=1')).toBeNull();
    expect(stripeReturn('?payment_intent=pi_123')).toBeNull();
  });
});
