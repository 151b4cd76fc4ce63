import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from '../../../config/env';
import { emailOutbox, paymentAttempts, subscriptions, supports } from '../../../db/schema';
import { checkoutBody, postCheckout } from '../../checkout/checkout-test-factories';
import { checkLedgerIntegrity } from '../../ledger/integrity-service';
import { signCancelToken } from '../../subscriptions/subscription-link';
import { renewSubscription } from '../../subscriptions/renewal-service';
import { startStripeTestApp, type StripeTestApp } from '../../../testing/stripe-test-app';
import type { TestApp, TestClient } from '../../../testing/test-app';
import { createStripeProvider } from '../configured-provider';
import type { StripeStandIn } from '../../../testing/stripe-stand-in/stripe-stand-in';

/*
 * Replacing the card of a monthly support with PAYMENT_PROVIDER=stripe on the stand-in, through the real SDK: a
 * SetupIntent on the supporter's customer confirmed as Stripe.js's confirmSetup does (3-D Secure included), the
 * card kept for renewals, and a renewal stuck on the bank's confirmation paid at once with the new card.
 */

let stripe: StripeTestApp;
let standIn: StripeStandIn;
let t: TestApp;
let browser: Stripe;
let platform: Stripe;
let username: string;

beforeAll(async () => {
  stripe = await startStripeTestApp();
  ({ standIn, t, browser, platform } = stripe);
  const creator = await stripe.connectedCreator('US');
  username = creator.profile.username;
});

afterAll(async () => {
  await stripe?.close();
});

/** A guest's monthly support paid in the Payment Element with `card` (a 3-D Secure card approved). */
async function monthly(client: TestClient, card: string) {
  const email = `stripe-card-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const started = await postCheckout(client, username, checkoutBody({ amount: 6, isRecurring: true, email }));
  expect(started.statusCode, started.body).toBe(200);
  const { payment } = started.json();
  const confirmed = await browser.paymentIntents.confirm(payment.intentId, {
    payment_method: card,
    client_secret: payment.clientSecret,
  } as Stripe.PaymentIntentConfirmParams);
  if (confirmed.status === 'requires_action') standIn.completeAuthentication(payment.intentId, 'approve');
  const completed = await client.post(`/api/payments/intents/${payment.intentId}/complete`, {
    clientSecret: payment.clientSecret,
  });
  expect(completed.statusCode, completed.body).toBe(200);
  const id = completed.json().receipt.subscriptionId as string;
  return { id, email, token: signCancelToken(resolveAppSecret(t.app.config), id) };
}

async function rowOf(id: string) {
  const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error('gone');
  return row;
}

/** The one event of `type` about the setup (recorded, held or sent). */
async function setupEvent(type: string, setupId: string) {
  return standIn.waitForEvent((event) => event.type === type && (event.data.object as { id: string }).id === setupId);
}

/** The card-changed emails of a support (their dedupe key names it). */
async function cardChangedEmails(id: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'subscription-card-changed'), like(emailOutbox.dedupeKey, `%:${id}:%`)));
}

/** The support's monthly renewal fails off session (the old card's bank asks for authentication): past due. */
async function pastDue(id: string) {
  const provider = createStripeProvider(
    t.app.config.payments as Extract<typeof t.app.config.payments, { provider: 'stripe' }>,
  );
  const deps = { db: t.database.db, provider, appSecret: resolveAppSecret(t.app.config), origin: 'http://x' };
  const due = new Date((await rowOf(id)).currentPeriodEnd.getTime() + 60_000);
  expect(await renewSubscription({ ...deps, log: () => {} }, id, due)).toBe('failed');
  expect(await rowOf(id)).toMatchObject({ status: 'past_due' });
}

async function renewalsOf(id: string) {
  return t.database.db
    .select()
    .from(supports)
    .where(and(eq(supports.subscriptionId, id), eq(supports.isRenewal, true)));
}

/** What Stripe.js's confirmSetup does with the Payment Element in setup mode. */
function confirmSetup(setup: { setupId: string; clientSecret: string }, card: string) {
  return browser.setupIntents.confirm(setup.setupId, {
    payment_method: card,
    client_secret: setup.clientSecret,
  } as Stripe.SetupIntentConfirmParams);
}

describe(`replacing a card with Stripe on the stand-in (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('saves the new card on the same customer with a SetupIntent; the next renewal charges it', async () => {
    const guest = t.client();
    const { id, token, email } = await monthly(guest, 'pm_card_visa');
    const old = await rowOf(id);

    const started = await guest.post('/api/subscriptions/card-by-link', { token });
    expect(started.statusCode, started.body).toBe(200);
    const setup = started.json().setup;
    expect(setup).toMatchObject({
      capabilities: { cardField: 'stripe-elements', connectedAccounts: true },
      testMode: true,
      publishableKey: standIn.publishableKey,
      cardFrameUrl: 'https://js.stripe.com/v3',
    });
    expect(setup.setupId).toMatch(/^seti_/);
    const intent = await platform.setupIntents.retrieve(setup.setupId);
    const oldMethod = await platform.paymentMethods.retrieve(old.paymentMethodToken);
    expect(intent).toMatchObject({
      usage: 'off_session',
      customer: oldMethod.customer,
      metadata: { subscriptionId: id },
    });

    // Not yet confirmed: nothing to keep.
    const early = await guest.post('/api/subscriptions/card-by-link/complete', { token, setupId: setup.setupId });
    expect(early.statusCode).toBe(400);

    // A card that asks for 3-D Secure while being saved; approved, it is kept (the page's call before Stripe's events).
    standIn.holdEvents();
    const secured = await confirmSetup(setup, 'pm_card_authenticationRequiredOnSetup');
    expect(secured.status).toBe('requires_action');
    standIn.completeSetupAuthentication(setup.setupId, 'approve');
    const done = await guest.post('/api/subscriptions/card-by-link/complete', { token, setupId: setup.setupId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ card: { brand: 'Visa', last4: '3155' }, retry: null });
    await standIn.releaseEvents();
    const changed = await rowOf(id);
    expect(changed.paymentMethodToken).not.toBe(old.paymentMethodToken);
    expect((await platform.paymentMethods.retrieve(changed.paymentMethodToken)).customer).toBe(oldMethod.customer);
    // The replaced card is detached from the customer (Stripe refuses it from then on), with Stripe's event.
    expect((await platform.paymentMethods.retrieve(old.paymentMethodToken)).customer).toBeNull();
    const detached = await standIn.waitForEvent(
      (event) =>
        event.type === 'payment_method.detached' && (event.data.object as { id: string }).id === old.paymentMethodToken,
    );
    expect(detached.data.previous_attributes).toEqual({ customer: oldMethod.customer });
    await expect(
      platform.paymentIntents.create({
        amount: 600,
        currency: 'usd',
        customer: oldMethod.customer as string,
        payment_method: old.paymentMethodToken,
        off_session: true,
        confirm: true,
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      }),
    ).rejects.toThrow(/may not be used again/);
    const [email1] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'subscription-card-changed')));
    expect(email1?.textBody).toContain('Visa ending in 3155');

    // The renewal a month on is charged off session to the new card.
    const provider = createStripeProvider(
      t.app.config.payments as Extract<typeof t.app.config.payments, { provider: 'stripe' }>,
    );
    const due = new Date(changed.currentPeriodEnd.getTime() + 60_000);
    const deps = { db: t.database.db, provider, appSecret: resolveAppSecret(t.app.config), origin: 'http://x' };
    expect(await renewSubscription({ ...deps, log: () => {} }, id, due)).toBe('renewed');
    const [attempt] = await t.database.db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.subscriptionId, id), eq(paymentAttempts.purpose, 'renewal')));
    expect(attempt).toMatchObject({ status: 'succeeded', cardLast4: '3155' });
    const renewal = await platform.paymentIntents.retrieve(attempt!.providerIntentId!);
    expect(renewal.payment_method).toBe(changed.paymentMethodToken);
  });

  it('detaching is idempotent: a card Stripe already detached, or no longer knows, counts as done', async () => {
    const provider = createStripeProvider(
      t.app.config.payments as Extract<typeof t.app.config.payments, { provider: 'stripe' }>,
    );
    const { id } = await monthly(t.client(), 'pm_card_visa');
    const token = (await rowOf(id)).paymentMethodToken;
    await provider.detachCard(token);
    expect((await platform.paymentMethods.retrieve(token)).customer).toBeNull();
    await expect(provider.detachCard(token)).resolves.toBeUndefined();
    await expect(provider.detachCard('pm_unknownToStripe')).resolves.toBeUndefined();
    // Stripe's own answer to the second detach, which the provider reads as done.
    await expect(platform.paymentMethods.detach(token)).rejects.toThrow(
      'The payment method you provided is not attached to a customer so detachment is impossible.',
    );
  });

  it('a renewal the old card’s bank refused off session is paid at once with the new card', async () => {
    const guest = t.client();
    const { id, token } = await monthly(guest, 'pm_card_authenticationRequired');
    const provider = createStripeProvider(
      t.app.config.payments as Extract<typeof t.app.config.payments, { provider: 'stripe' }>,
    );
    const deps = { db: t.database.db, provider, appSecret: resolveAppSecret(t.app.config), origin: 'http://x' };
    const due = new Date((await rowOf(id)).currentPeriodEnd.getTime() + 60_000);
    expect(await renewSubscription({ ...deps, log: () => {} }, id, due)).toBe('failed');
    const described = await guest.get(`/api/subscriptions/cancel-by-link?token=${encodeURIComponent(token)}`);
    // Off session Stripe declines it (authentication_required): retried later, the supporter emailed.
    expect(described.json().subscription).toMatchObject({ status: 'past_due' });

    const setup = (await guest.post('/api/subscriptions/card-by-link', { token })).json().setup;
    // Stripe's setup_intent.succeeded arrives after the page's call (twice): it changes nothing more.
    standIn.holdEvents();
    await confirmSetup(setup, 'pm_card_mastercard');
    const done = await guest.post('/api/subscriptions/card-by-link/complete', { token, setupId: setup.setupId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      retry: { status: 'paid' },
      subscription: { status: 'active', needsConfirmation: false },
      card: { brand: 'Mastercard', last4: '4444' },
    });
    const succeeded = await setupEvent('setup_intent.succeeded', setup.setupId);
    await standIn.releaseEvents([succeeded.id, succeeded.id]);
    expect(await stripe.deliveryStatuses(succeeded.id)).toEqual([200, 200]);
    const renewals = await t.database.db
      .select()
      .from(supports)
      .where(and(eq(supports.subscriptionId, id), eq(supports.isRenewal, true)));
    expect(renewals).toHaveLength(1);
    expect(await cardChangedEmails(id)).toHaveLength(1);
    await standIn.deliveriesSettled();
    expect(await checkLedgerIntegrity(t.database.db)).toMatchObject({ ok: true });
  });

  it('a renewal Stripe declines off session for the bank’s check is confirmed from the emailed link', async () => {
    const guest = t.client();
    const { id, email } = await monthly(guest, 'pm_card_authenticationRequired');
    const provider = createStripeProvider(
      t.app.config.payments as Extract<typeof t.app.config.payments, { provider: 'stripe' }>,
    );
    const deps = { db: t.database.db, provider, appSecret: resolveAppSecret(t.app.config), origin: 'http://x' };
    const due = new Date((await rowOf(id)).currentPeriodEnd.getTime() + 60_000);
    expect(await renewSubscription({ ...deps, log: () => {} }, id, due)).toBe('failed');

    // The supporter gets the confirmation link, not the failure email.
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    expect(mails.map((m) => m.kind)).toContain('renewal-needs-confirmation');
    expect(mails.map((m) => m.kind)).not.toContain('renewal-failed');
    const mail = mails.find((m) => m.kind === 'renewal-needs-confirmation');
    const token = decodeURIComponent(
      /\/subscriptions\/confirm\?token=([^\s"&]+)/.exec(mail?.textBody ?? '')?.[1] ?? '',
    );

    // Opened: no challenge yet (Stripe answered requires_payment_method), a check to start.
    const opened = await guest.get(`/api/subscriptions/confirm?token=${encodeURIComponent(token)}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().confirmation).toMatchObject({ bankCheckToStart: true, authenticationFailed: false });
    // Started: the month is charged on session and the bank's challenge is Stripe.js's handleNextAction.
    const started = await guest.post('/api/subscriptions/confirm/retry', { token });
    expect(started.statusCode, started.body).toBe(200);
    const confirmation = started.json().confirmation;
    expect(started.json()).toMatchObject({ status: 'awaiting', confirmation: { bankCheckToStart: false } });
    expect((await platform.paymentIntents.retrieve(confirmation.payment.intentId)).next_action?.type).toBe(
      'use_stripe_sdk',
    );
    standIn.completeAuthentication(confirmation.payment.intentId, 'approve');
    const confirmed = await guest.post('/api/subscriptions/confirm', { token });
    expect(confirmed.json()).toEqual({ status: 'paid' });
    expect(await rowOf(id)).toMatchObject({ status: 'active', failedAttempts: 0 });
    await standIn.deliveriesSettled();
    expect(await checkLedgerIntegrity(t.database.db)).toMatchObject({ ok: true });
  });

  it('with a new card whose bank asks on the retry: the answer carries what handleNextAction needs', async () => {
    const guest = t.client();
    const { id, token } = await monthly(guest, 'pm_card_authenticationRequired');
    const provider = createStripeProvider(
      t.app.config.payments as Extract<typeof t.app.config.payments, { provider: 'stripe' }>,
    );
    const deps = { db: t.database.db, provider, appSecret: resolveAppSecret(t.app.config), origin: 'http://x' };
    const due = new Date((await rowOf(id)).currentPeriodEnd.getTime() + 60_000);
    expect(await renewSubscription({ ...deps, log: () => {} }, id, due)).toBe('failed');

    const setup = (await guest.post('/api/subscriptions/card-by-link', { token })).json().setup;
    standIn.holdEvents();
    const secured = await confirmSetup(setup, 'pm_card_authenticationRequired');
    expect(secured.status).toBe('requires_action');
    standIn.completeSetupAuthentication(setup.setupId, 'approve');
    const done = await guest.post('/api/subscriptions/card-by-link/complete', { token, setupId: setup.setupId });
    expect(done.statusCode, done.body).toBe(200);
    await standIn.releaseEvents();
    const retry = done.json().retry;
    expect(retry).toMatchObject({
      status: 'requires_action',
      payment: {
        capabilities: { cardField: 'stripe-elements', connectedAccounts: true },
        publishableKey: standIn.publishableKey,
      },
    });
    expect((await platform.paymentIntents.retrieve(retry.payment.intentId)).next_action?.type).toBe('use_stripe_sdk');
    // Stripe.js's handleNextAction shows the challenge; the bank approves; the page reports it.
    standIn.completeAuthentication(retry.payment.intentId, 'approve');
    const confirmed = await guest.post('/api/subscriptions/confirm', { token: retry.confirmToken });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'paid' });
    expect(await rowOf(id)).toMatchObject({ status: 'active', failedAttempts: 0 });
  });
  it('Stripe’s setup_intent.succeeded alone keeps the card and pays a past-due support; the page’s late call adds nothing', async () => {
    const guest = t.client();
    const { id, token } = await monthly(guest, 'pm_card_authenticationRequired');
    await pastDue(id);
    const old = await rowOf(id);
    const setup = (await guest.post('/api/subscriptions/card-by-link', { token })).json().setup;
    await confirmSetup(setup, 'pm_card_mastercard');

    // The page closed before calling back: Stripe's event is all the app hears.
    const succeeded = await stripe.delivered(
      (event) => event.type === 'setup_intent.succeeded' && (event.data.object as { id: string }).id === setup.setupId,
    );
    expect(await rowOf(id)).toMatchObject({
      status: 'active',
      failedAttempts: 0,
      cardLast4: '4444',
      cardSetupNumber: 1,
    });
    expect(await renewalsOf(id)).toHaveLength(1);
    expect((await platform.paymentMethods.retrieve(old.paymentMethodToken)).customer).toBeNull();
    const emails = await cardChangedEmails(id);
    expect(emails).toHaveLength(1);
    expect(emails[0]?.textBody).toContain('Mastercard ending in 4444');
    // Its links are whole addresses, as in every email sent without a request.
    expect(emails[0]?.textBody).toMatch(/https?:\/\/[^\s/]+\/subscriptions\/cancel\?token=/);

    // The page calls back after all, and Stripe sends the event again: nothing more is recorded or charged.
    const late = await guest.post('/api/subscriptions/card-by-link/complete', { token, setupId: setup.setupId });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json()).toMatchObject({
      retry: null,
      subscription: { status: 'active' },
      card: { brand: 'Mastercard', last4: '4444' },
    });
    standIn.redeliver(succeeded.id);
    expect(await stripe.deliveryStatuses(succeeded.id)).toEqual([200, 200]);
    expect(await renewalsOf(id)).toHaveLength(1);
    expect(await cardChangedEmails(id)).toHaveLength(1);
    expect(await checkLedgerIntegrity(t.database.db)).toMatchObject({ ok: true });
  });

  it('a setup refused, challenged, failed or canceled, and a setup not ours, are acknowledged and change nothing', async () => {
    const guest = t.client();
    const { id, token } = await monthly(guest, 'pm_card_visa');
    const before = await rowOf(id);
    const start = async () => (await guest.post('/api/subscriptions/card-by-link', { token })).json().setup;
    const about = (type: string, setupId: string) => (event: Stripe.Event) =>
      event.type === type && (event.data.object as { id: string }).id === setupId;

    const refused = await start();
    await stripe.delivered(about('setup_intent.created', refused.setupId));
    await expect(confirmSetup(refused, 'pm_card_chargeDeclined')).rejects.toThrow('Your card was declined.');
    await stripe.delivered(about('setup_intent.setup_failed', refused.setupId));

    const challenged = await start();
    expect((await confirmSetup(challenged, 'pm_card_authenticationRequiredOnSetup')).status).toBe('requires_action');
    await stripe.delivered(about('setup_intent.requires_action', challenged.setupId));
    standIn.completeSetupAuthentication(challenged.setupId, 'fail');
    await stripe.delivered(about('setup_intent.setup_failed', challenged.setupId));

    const abandoned = await start();
    await platform.setupIntents.cancel(abandoned.setupId);
    await stripe.delivered(about('setup_intent.canceled', abandoned.setupId));

    // Saved at Stripe without our metadata, for a support we do not have, or naming no support at all.
    const customer = (await platform.paymentMethods.retrieve(before.paymentMethodToken)).customer as string;
    const notOurs: Record<string, string>[] = [
      {},
      { purpose: 'card_change', subscriptionId: randomUUID(), setupNumber: '9' },
      { purpose: 'card_change', subscriptionId: 'not-a-support' },
      { purpose: 'card_change', subscriptionId: id.toUpperCase().replace(/-/g, '') },
    ];
    for (const metadata of notOurs) {
      const setup = await platform.setupIntents.create({ customer, metadata, allowed_payment_method_types: ['card'] });
      await platform.setupIntents.confirm(setup.id, { payment_method: 'pm_card_mastercard' });
      await stripe.delivered(about('setup_intent.succeeded', setup.id));
    }

    const after = await rowOf(id);
    expect(after).toMatchObject({
      status: 'active',
      paymentMethodToken: before.paymentMethodToken,
      cardLast4: '4242',
      cardSetupNumber: 0,
      cardSetupsStarted: 3,
    });
    expect(after.updatedAt).toEqual(before.updatedAt);
    expect(await cardChangedEmails(id)).toHaveLength(0);
    expect((await platform.paymentMethods.retrieve(before.paymentMethodToken)).customer).toBe(customer);
  });
});
