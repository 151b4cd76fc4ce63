import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { AppOverrides } from '../app';
import type { checkoutBody } from '../modules/checkout/checkout-test-factories';
import { postCheckout } from '../modules/checkout/checkout-test-factories';
import { fakeCreator } from '../modules/creator-profile/fake-creator';
import { createStripeProvider } from '../modules/payments/configured-provider';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import { runPayouts } from '../modules/payouts/payouts-service';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in/stripe-stand-in';
import { createTestApp, type TestApp, type TestClient } from './test-app';

/** The signing secrets the app and the stand-in share (one per endpoint, as in Stripe's dashboard). */
export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_test_platform';
export const STRIPE_TEST_CONNECT_WEBHOOK_SECRET = 'whsec_test_connect';

export interface StripeTestApp {
  standIn: StripeStandIn;
  t: TestApp;
  /** Stripe.js in the browser: the publishable key and an intent's client secret, nothing else. */
  browser: Stripe;
  /** The platform's own SDK (secret key): what an operator does in Stripe's dashboard. */
  platform: Stripe;
  /** The app's answer to every delivery of the event so far (waits for them). */
  deliveryStatuses(eventId: string): Promise<(number | null)[]>;
  /** Waits for an event matching `match`, checks the app took its one delivery (200), and returns it. */
  delivered(match: (event: Stripe.Event) => boolean): Promise<Stripe.Event>;
  /** A creator in `country` whose Express account finished onboarding through the link the app gave them. */
  connectedCreator(country?: string): Promise<Awaited<ReturnType<typeof fakeCreator>> & { accountId: string }>;
  /** The support page: start the checkout, confirm the intent as Stripe.js does, report the completion. */
  pay(
    client: TestClient,
    username: string,
    body: ReturnType<typeof checkoutBody>,
    paymentMethod?: string,
  ): Promise<{ intentId: string; clientSecret: string; supportId: string }>;
  /** The app's Stripe adapter, as the jobs use it. */
  provider: PaymentProvider;
  /**
   * The payouts job run as of `daysLater` days from now (15: past the first payout's verification and the review
   * hold): it releases every connected account with no hold to Stripe's weekly schedule, so the stand-in may pay it
   * out (a held account is manual and is never paid out).
   */
  releasePayouts(daysLater?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The whole app with PAYMENT_PROVIDER=stripe pointed at a fresh Stripe stand-in, listening on a free port, with both
 * of its Stripe webhook endpoints registered with the stand-in: Stripe's events reach /api/webhooks/stripe and
 * /api/webhooks/stripe-connect over HTTP, signed as Stripe signs them (docs/stripe-stand-in.md).
 */
export async function startStripeTestApp(overrides: AppOverrides = {}): Promise<StripeTestApp> {
  const standIn = await startStripeStandIn();
  let t: TestApp | undefined;
  try {
    t = await createTestApp(
      {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: standIn.secretKey,
        STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
        STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
        STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE_TEST_CONNECT_WEBHOOK_SECRET,
        STRIPE_API_BASE: standIn.url,
      },
      overrides,
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  } catch (error) {
    await t?.close();
    await standIn.close();
    throw error;
  }
  const app = t;
  const origin = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  standIn.addWebhookEndpoint({ url: `${origin}/api/webhooks/stripe`, secret: STRIPE_TEST_WEBHOOK_SECRET });
  standIn.addWebhookEndpoint({
    url: `${origin}/api/webhooks/stripe-connect`,
    secret: STRIPE_TEST_CONNECT_WEBHOOK_SECRET,
    connect: true,
  });
  const browser = new Stripe(standIn.publishableKey, { ...standIn.sdkOptions, maxNetworkRetries: 0 });
  const platform = new Stripe(standIn.secretKey, { ...standIn.sdkOptions, maxNetworkRetries: 0 });

  async function deliveryStatuses(eventId: string) {
    await standIn.deliveriesSettled();
    return standIn.deliveries.filter((d) => d.eventId === eventId).map((d) => d.status);
  }

  async function delivered(match: (event: Stripe.Event) => boolean) {
    const event = await standIn.waitForEvent(match);
    expect(await deliveryStatuses(event.id)).toEqual([200]);
    return event;
  }

  async function connectedCreator(country = 'US') {
    const creator = await fakeCreator(app, { country });
    const link = await creator.client.post('/api/creator/payout-account/onboarding-link');
    expect(link.statusCode, link.body).toBe(200);
    const visited = await fetch((link.json() as { url: string }).url, { redirect: 'manual' });
    expect(visited.status).toBe(302);
    expect(visited.headers.get('location')).toMatch(/\/settings\?tab=support&payout-account=return$/);
    const updated = await delivered((event) => {
      const account = event.data.object as Stripe.Account;
      return (
        event.type === 'account.updated' && account.metadata?.creatorId === creator.user.id && account.details_submitted
      );
    });
    return { ...creator, accountId: updated.account as string };
  }

  async function pay(
    client: TestClient,
    username: string,
    body: ReturnType<typeof checkoutBody>,
    paymentMethod = 'pm_card_visa',
  ) {
    const started = await postCheckout(client, username, body);
    expect(started.statusCode, started.body).toBe(200);
    const { payment } = started.json();
    await browser.paymentIntents.confirm(payment.intentId, {
      payment_method: paymentMethod,
      client_secret: payment.clientSecret,
    } as Stripe.PaymentIntentConfirmParams);
    const completed = await client.post(`/api/payments/intents/${payment.intentId}/complete`, {
      clientSecret: payment.clientSecret,
    });
    expect(completed.statusCode, completed.body).toBe(200);
    return {
      intentId: payment.intentId as string,
      clientSecret: payment.clientSecret as string,
      supportId: completed.json().receipt.supportId as string,
    };
  }

  const provider = createStripeProvider(
    app.app.config.payments as Extract<typeof app.app.config.payments, { provider: 'stripe' }>,
  );

  async function releasePayouts(daysLater = 15) {
    const summary = await runPayouts(
      { db: app.database.db, provider, log: () => {} },
      new Date(Date.now() + daysLater * 86_400_000),
    );
    expect(summary.errors).toBe(0);
  }

  return {
    standIn,
    t: app,
    provider,
    releasePayouts,
    browser,
    platform,
    deliveryStatuses,
    delivered,
    connectedCreator,
    pay,
    async close() {
      await standIn.deliveriesSettled();
      await app.close();
      await standIn.close();
    },
  };
}
