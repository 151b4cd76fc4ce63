import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { CARD_CHANGE_MESSAGES, SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { resolveAppSecret } from '../../config/env';
import {
  cardDetachments,
  emailOutbox,
  paymentAttempts,
  sandboxCharges,
  sandboxPaymentMethods,
  subscriptions,
  supports,
  webhookDeliveries,
} from '../../db/schema';
import { createTestApp, fakeUser, type TestApp, type TestClient } from '../../testing/test-app';
import {
  AUTHENTICATION_CARD,
  checkoutBody,
  DECLINED_CARD,
  DECLINES_RENEWALS_CARD,
  INSUFFICIENT_FUNDS_CARD,
  moneyDeps,
  payCheckout,
  paySupport,
  SUCCEEDING_CARD,
  type TestCard,
} from '../checkout/checkout-test-factories';
import { getCreatorDashboard } from '../dashboards/creator-dashboard-service';
import { fakeCreator, fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import type { HostResolver } from '../webhooks/webhook-address-guard';
import { completeCardChangeByLink, startCardChangeByLink, SUBSCRIPTION_CARD_CHANGES } from './card-change';
import { CARD_DETACH_MAX_ATTEMPTS, cardDetachRetryDelayMs, retryCardDetachments } from './card-detachments';
import { signCancelToken } from './subscription-link';
import { renewSubscription } from './renewal-service';

// Replacing the card of a monthly support through the sandbox's card field in setup mode: signed in or by the
// receipt link, the next renewal on the new card, a past-due support charged at once, told by email and webhook.

const resolveHost: HostResolver = async () => [{ address: '93.184.215.14', family: 4 }];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { resolveHost });
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY = 86_400_000;
let ip = 0;

/** A monthly support paid now by a signed-in owner, to `username` or a new creator. */
async function owned(owner: { client: TestClient; email: string }, username?: string) {
  const creator = username ?? (await fakeCreator(db(), { displayName: 'Maya Makes Art' })).username;
  const res = await payCheckout(
    owner.client,
    creator,
    checkoutBody({ isRecurring: true, amount: 10, email: owner.email, tierPosition: null }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().receipt.subscriptionId as string };
}

/** A guest's monthly support paid `daysAgo` days ago. */
async function monthly(options: { email?: string; card?: TestCard; daysAgo?: number } = {}) {
  const creator = await fakeCreator(db(), { displayName: 'Maya Makes Art' });
  const start = new Date(Date.now() - (options.daysAgo ?? 1) * DAY);
  const email = options.email ?? `guest${++ip}.${process.pid}@example.com`;
  const receipt = await paySupport(
    moneyDeps(t, start),
    creator.username,
    checkoutRequestSchema.parse(checkoutBody({ amount: 10, isRecurring: true, email })),
    null,
    `10.94.0.${++ip}`,
    options.card ?? SUCCEEDING_CARD,
  );
  return { id: receipt.subscriptionId ?? '', creator, email };
}

/** A monthly support whose renewal failed five days ago (its card declines renewals): past due, retried later. */
async function pastDue(email?: string) {
  const support = await monthly({ card: DECLINES_RENEWALS_CARD, daysAgo: 40, ...(email ? { email } : {}) });
  const due = new Date(Date.now() - 5 * DAY);
  expect(await renewSubscription({ ...moneyDeps(t, due), log: () => {} }, support.id, due)).toBe('failed');
  return support;
}

async function rowOf(id: string) {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error('gone');
  return row;
}

/** When the sandbox removed the card from its supporter (null: still kept). */
async function detachedAt(token: string) {
  const [row] = await db().select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.token, token));
  if (!row) throw new Error(`no sandbox card ${token}`);
  return row.detachedAt;
}

async function emailsOfKind(kind: string, to: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to.toLowerCase())));
}

/** What the sandbox's card frame does in setup mode: tokenize the card, confirm the setup, answer a challenge. */
async function saveInFrame(
  client: TestClient,
  setup: { setupId: string; clientSecret: string },
  card: TestCard,
  approve = true,
) {
  const tokenized = await client.post('/sandbox-pay/v1/payment-methods', { card });
  expect(tokenized.statusCode, tokenized.body).toBe(200);
  const confirmed = await client.post(`/sandbox-pay/v1/setup-intents/${setup.setupId}/confirm`, {
    clientSecret: setup.clientSecret,
    paymentMethod: tokenized.json().paymentMethod.id,
  });
  if (confirmed.json().intent?.status !== 'requires_action') return confirmed;
  return client.post(`/sandbox-pay/v1/setup-intents/${setup.setupId}/authenticate`, {
    clientSecret: setup.clientSecret,
    approve,
  });
}

describe('replacing the card, signed in', () => {
  it('saves the new card through the provider’s field; the next renewal charges it; supporter and webhook told', async () => {
    const owner = await fakeUser(t);
    const creator = await fakeSignedInCreator(t, { displayName: 'Maya Makes Art', country: 'US' });
    const endpoint = await creator.client.post('/api/creator/webhooks/endpoints', {
      url: 'https://hooks.example.com/beabro',
      description: 'Tools',
      events: ['subscription.updated'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const { id } = await owned(owner, creator.profile.username);
    const oldToken = (await rowOf(id)).paymentMethodToken;

    const started = await owner.client.post(`/api/subscriptions/${id}/card`);
    expect(started.statusCode, started.body).toBe(200);
    const setup = started.json().setup;
    expect(setup).toMatchObject({
      capabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
      testMode: true,
      cardFrameUrl: '/sandbox-pay/v1/card-frame',
    });
    expect(setup.setupId).toMatch(/^seti_/);

    const saved = await saveInFrame(owner.client, setup, { ...SUCCEEDING_CARD, number: '5555 5555 5555 4444' });
    expect(saved.json().intent).toMatchObject({ status: 'succeeded', lastError: null });
    // The frame hears no card back, not even the token.
    expect(saved.body).not.toContain('pm_sandbox');

    const done = await owner.client.post(`/api/subscriptions/${id}/card/complete`, { setupId: setup.setupId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      subscription: { id, status: 'active' },
      card: { brand: 'Mastercard', last4: '4444' },
      retry: null,
    });
    const newToken = (await rowOf(id)).paymentMethodToken;
    expect(await rowOf(id)).toMatchObject({ cardBrand: 'Mastercard', cardLast4: '4444' });
    // The replaced card is removed from the supporter: charged again, it is refused; the new one is kept.
    expect(await detachedAt(oldToken)).toBeInstanceOf(Date);
    expect(await detachedAt(newToken)).toBeNull();
    const stale = await moneyDeps(t).provider.chargeOffSession({
      amountCents: 1000,
      currency: 'usd',
      customer: owner.email,
      paymentMethodId: oldToken,
      applicationFeeCents: 50,
      destination: `creator:${creator.user.id}`,
      description: 'a charge of the replaced card',
      metadata: {},
      idempotencyKey: `stale-card:${id}`,
    });
    expect(stale).toMatchObject({ status: 'requires_payment_method', lastError: { code: 'payment_method_missing' } });

    const [email] = await emailsOfKind('subscription-card-changed', owner.email);
    expect(email?.subject).toBe('Card changed for your monthly support to Maya Makes Art');
    expect(email?.textBody).toContain('Mastercard ending in 4444, instead of your Visa ending in 4242');

    const events = (
      await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.creatorId, creator.user.id))
    ).map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    const { nextChargeAt } = done.json().subscription;
    expect(events).toEqual([
      expect.objectContaining({
        type: 'subscription.updated',
        data: {
          subscription: expect.objectContaining({ id, amountCents: 1000, status: 'active' }),
          changed: ['card'],
          previousAmountCents: 1000,
          tierPosition: null,
          previousTierPosition: null,
          card: { brand: 'Mastercard', last4: '4444' },
          effectiveAt: nextChargeAt,
          updatedAt: expect.any(String),
        },
      }),
    ]);
    // Nothing of the card beyond brand and last four anywhere in what was sent or queued.
    const rows = JSON.stringify([events, await emailsOfKind('subscription-card-changed', owner.email)]);
    expect(rows).not.toMatch(/5555 ?5555|pm_sandbox|seti_/);

    // The same setup again changes nothing and sends nothing.
    const again = await owner.client.post(`/api/subscriptions/${id}/card/complete`, { setupId: setup.setupId });
    expect(again.statusCode).toBe(200);
    expect(await emailsOfKind('subscription-card-changed', owner.email)).toHaveLength(1);
    expect(await detachedAt(newToken)).toBeNull();

    // The next renewal is charged to the new card.
    const due = new Date(Date.now() + 32 * DAY);
    expect(await renewSubscription({ ...moneyDeps(t, due), log: () => {} }, id, due)).toBe('renewed');
    const [attempt] = await db()
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.subscriptionId, id), eq(paymentAttempts.purpose, 'renewal')));
    expect(attempt).toMatchObject({ status: 'succeeded', cardBrand: 'Mastercard', cardLast4: '4444' });
    const [charge] = await db()
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.id, attempt?.providerChargeId ?? ''));
    expect(charge?.last4).toBe('4444');
  });

  it('a replaced card another support still renews with stays kept; a failed detach is retried by the job', async () => {
    const owner = await fakeUser(t);
    const first = await owned(owner);
    const second = await owned(owner);
    // Both supports renew with one card (what a provider keeping one card per customer would give).
    const shared = (await rowOf(first.id)).paymentMethodToken;
    await db().update(subscriptions).set({ paymentMethodToken: shared }).where(eq(subscriptions.id, second.id));
    const queued = async () => {
      const [row] = await db().select().from(cardDetachments).where(eq(cardDetachments.paymentMethodToken, shared));
      return row;
    };

    const setup = (await owner.client.post(`/api/subscriptions/${first.id}/card`)).json().setup;
    await saveInFrame(owner.client, setup, SUCCEEDING_CARD);
    const done = await owner.client.post(`/api/subscriptions/${first.id}/card/complete`, { setupId: setup.setupId });
    expect(done.statusCode, done.body).toBe(200);
    expect(await detachedAt(shared)).toBeNull();
    expect(await queued()).toMatchObject({ provider: 'sandbox', subscriptionId: first.id, status: 'kept' });

    // The second support replaces it too, and the provider fails to detach it: the change is kept and answered, the
    // failure logged with the card's token, the detach left to the job.
    const logged: string[] = [];
    const base = moneyDeps(t);
    const failing = {
      ...base,
      log: (message: string) => logged.push(message),
      provider: {
        ...base.provider,
        detachCard: async () => {
          throw new Error('the provider is down');
        },
      },
    };
    const token = signCancelToken(resolveAppSecret(t.app.config), second.id);
    const next = await startCardChangeByLink(failing, token);
    await saveInFrame(t.client(), next, { ...SUCCEEDING_CARD, number: '5555 5555 5555 4444' });
    const changedAt = new Date();
    const changed = await completeCardChangeByLink(failing, token, next.setupId, changedAt);
    expect(changed.card).toEqual({ brand: 'Mastercard', last4: '4444' });
    expect(await rowOf(second.id)).toMatchObject({ cardLast4: '4444' });
    expect(await detachedAt(shared)).toBeNull();
    expect(logged).toEqual([expect.stringContaining(`the card ${shared} replaced on monthly support ${second.id}`)]);
    expect(logged[0]).toContain('the provider is down');
    const waiting = await queued();
    expect(waiting).toMatchObject({ subscriptionId: second.id, status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toBe('the provider is down');
    expect(waiting!.nextAttemptAt.getTime()).toBe(changedAt.getTime() + cardDetachRetryDelayMs(1));

    // Not due yet: the job leaves it. Due, with the provider failing again: the next wait is longer.
    expect(await retryCardDetachments(failing, changedAt)).toEqual({
      cardsDetached: 0,
      cardDetachesRetrying: 0,
      cardDetachErrors: 0,
    });
    const due = waiting!.nextAttemptAt;
    expect(await retryCardDetachments(failing, due)).toEqual({
      cardsDetached: 0,
      cardDetachesRetrying: 1,
      cardDetachErrors: 0,
    });
    expect((await queued())!.nextAttemptAt.getTime()).toBe(due.getTime() + cardDetachRetryDelayMs(2));
    // The provider back: the job detaches it, once.
    const later = new Date(due.getTime() + cardDetachRetryDelayMs(2));
    expect(await retryCardDetachments(moneyDeps(t), later)).toMatchObject({ cardsDetached: 1 });
    expect(await detachedAt(shared)).toBeInstanceOf(Date);
    expect(await queued()).toMatchObject({ status: 'detached', lastError: null });
    expect(await retryCardDetachments(moneyDeps(t), later)).toMatchObject({ cardsDetached: 0 });
  });

  it('a provider failing every try: the detach is given up after the last, logged to be done by hand', async () => {
    const owner = await fakeUser(t);
    const { id } = await owned(owner);
    const old = (await rowOf(id)).paymentMethodToken;
    const logged: string[] = [];
    const base = moneyDeps(t);
    const failing = {
      ...base,
      log: (message: string) => logged.push(message),
      provider: {
        ...base.provider,
        detachCard: async () => {
          throw new Error('refused');
        },
      },
    };
    const token = signCancelToken(resolveAppSecret(t.app.config), id);
    const setup = await startCardChangeByLink(failing, token);
    await saveInFrame(t.client(), setup, SUCCEEDING_CARD);
    let at = new Date();
    await completeCardChangeByLink(failing, token, setup.setupId, at);
    for (let attempt = 2; attempt <= CARD_DETACH_MAX_ATTEMPTS; attempt++) {
      at = new Date(at.getTime() + cardDetachRetryDelayMs(attempt - 1));
      await retryCardDetachments(failing, at);
    }
    const [row] = await db().select().from(cardDetachments).where(eq(cardDetachments.paymentMethodToken, old));
    expect(row).toMatchObject({ status: 'failed', attempts: CARD_DETACH_MAX_ATTEMPTS, lastError: 'refused' });
    expect(logged).toHaveLength(CARD_DETACH_MAX_ATTEMPTS);
    expect(logged.at(-1)).toContain('given up: detach it by hand');
    // Nothing more is tried.
    const much = new Date(at.getTime() + 7 * DAY);
    expect(await retryCardDetachments(failing, much)).toEqual({
      cardsDetached: 0,
      cardDetachesRetrying: 0,
      cardDetachErrors: 0,
    });
    expect(logged).toHaveLength(CARD_DETACH_MAX_ATTEMPTS);
    expect(await detachedAt(old)).toBeNull();
  });

  it('a card the bank refuses is not saved: the provider’s reason as a field message, nothing changed', async () => {
    const owner = await fakeUser(t);
    const { id } = await owned(owner);
    const setup = (await owner.client.post(`/api/subscriptions/${id}/card`)).json().setup;
    const refused = await saveInFrame(owner.client, setup, DECLINED_CARD);
    expect(refused.json().intent).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', message: 'Your card was declined.' },
    });
    const done = await owner.client.post(`/api/subscriptions/${id}/card/complete`, { setupId: setup.setupId });
    expect(done.statusCode).toBe(400);
    expect(done.json().fieldErrors).toEqual({ setupId: 'Your card was declined.' });

    // Never confirmed at all.
    const idle = (await owner.client.post(`/api/subscriptions/${id}/card`)).json().setup;
    const notSaved = await owner.client.post(`/api/subscriptions/${id}/card/complete`, { setupId: idle.setupId });
    expect(notSaved.json().fieldErrors).toEqual({ setupId: CARD_CHANGE_MESSAGES.notSaved });

    // A 3-D Secure card failed at the bank's challenge.
    const secure = (await owner.client.post(`/api/subscriptions/${id}/card`)).json().setup;
    await saveInFrame(owner.client, secure, AUTHENTICATION_CARD, false);
    const failed = await owner.client.post(`/api/subscriptions/${id}/card/complete`, { setupId: secure.setupId });
    expect(failed.statusCode).toBe(400);
    expect(await rowOf(id)).toMatchObject({ cardBrand: 'Visa', cardLast4: '4242' });
    expect(await emailsOfKind('subscription-card-changed', owner.email)).toHaveLength(0);
  });

  it('only its owner may; bad input gets field messages; an ended support answers 409', async () => {
    const owner = await fakeUser(t);
    const { id } = await owned(owner);
    const other = await fakeUser(t);
    expect((await other.client.post(`/api/subscriptions/${id}/card`)).statusCode).toBe(404);
    expect((await t.client().post(`/api/subscriptions/${id}/card`)).statusCode).toBe(401);

    // Another support's setup does not change this one.
    const mine = await owned(owner);
    const foreign = (await owner.client.post(`/api/subscriptions/${mine.id}/card`)).json().setup;
    await saveInFrame(owner.client, foreign, SUCCEEDING_CARD);
    for (const body of [{ setupId: foreign.setupId }, { setupId: '' }, { setupId: 'x'.repeat(101) }, {}]) {
      const res = await owner.client.post(`/api/subscriptions/${id}/card/complete`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors.setupId, JSON.stringify(body)).toBe(CARD_CHANGE_MESSAGES.setupInvalid);
    }
    // No card data is taken, whatever the body says.
    const card = await owner.client.post(`/api/subscriptions/${id}/card/complete`, {
      setupId: foreign.setupId,
      card: { number: '4242 4242 4242 4242' },
    });
    expect(card.statusCode).toBe(400);

    expect((await owner.client.post(`/api/subscriptions/${id}/cancel`)).statusCode).toBe(200);
    const ended = await owner.client.post(`/api/subscriptions/${id}/card`);
    expect(ended.statusCode).toBe(409);
    expect(ended.json().message).toBe(CARD_CHANGE_MESSAGES.cardEnded);
  });

  it('ten card changes a day per support, signed in and by link together', async () => {
    const owner = await fakeUser(t);
    const { id } = await owned(owner);
    const token = signCancelToken(resolveAppSecret(t.app.config), id);
    for (let i = 0; i < SUBSCRIPTION_CARD_CHANGES.limit; i++) {
      const res =
        i % 2 === 0
          ? await owner.client.post(`/api/subscriptions/${id}/card`)
          : await t.client().post('/api/subscriptions/card-by-link', { token });
      expect(res.statusCode, res.body).toBe(200);
    }
    const limited = await owner.client.post(`/api/subscriptions/${id}/card`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(CARD_CHANGE_MESSAGES.changesLimited);
  });
});

describe('a failed renewal recovered from the email link (guest, signed out)', () => {
  it('the email links to the card section; a new card is charged at once and the support is active again', async () => {
    const { id, creator, email } = await pastDue();
    const before = await rowOf(id);
    expect(before.status).toBe('past_due');
    expect((await getCreatorDashboard(db(), creator.userId, new Date())).retryingSupports).toBe(1);

    const [failedEmail] = await emailsOfKind('renewal-failed', email);
    const link = /https?:\/\/\S+\/subscriptions\/cancel\?token=([^#\s]+)#card/.exec(failedEmail?.textBody ?? '');
    expect(link, failedEmail?.textBody).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    const guest = t.client();
    const described = await guest.get(`/api/subscriptions/cancel-by-link?token=${encodeURIComponent(token)}`);
    expect(described.json().subscription).toMatchObject({ status: 'past_due' });
    const setup = (await guest.post('/api/subscriptions/card-by-link', { token })).json().setup;
    await saveInFrame(guest, setup, SUCCEEDING_CARD);
    const done = await guest.post('/api/subscriptions/card-by-link/complete', { token, setupId: setup.setupId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      retry: { status: 'paid' },
      subscription: { id, status: 'active' },
      card: { brand: 'Visa', last4: '4242' },
    });
    const after = await rowOf(id);
    expect(after).toMatchObject({ status: 'active', failedAttempts: 0, nextRetryAt: null });
    // The old card is removed once the renewal was paid with the new one.
    expect(await detachedAt(before.paymentMethodToken)).toBeInstanceOf(Date);
    expect(after.periodNumber).toBe(before.periodNumber + 1);
    // The renewal is a support like the job's: receipt, the creator's dashboard, webhooks.
    const renewals = await db()
      .select()
      .from(supports)
      .where(and(eq(supports.subscriptionId, id), eq(supports.isRenewal, true)));
    expect(renewals).toHaveLength(1);
    expect((await getCreatorDashboard(db(), creator.userId, new Date())).retryingSupports).toBe(0);
    expect(await emailsOfKind('subscription-card-changed', email)).toHaveLength(1);
    // The scheduled retry finds nothing left to charge.
    const later = new Date(Date.now() + DAY);
    expect(await renewSubscription({ ...moneyDeps(t, later), log: () => {} }, id, later)).toBe('skipped');
  });

  it('a new card the bank refuses too leaves the retries as scheduled; the page hears why', async () => {
    const { id, email } = await pastDue();
    const before = await rowOf(id);
    const token = signCancelToken(resolveAppSecret(t.app.config), id);
    const guest = t.client();
    const setup = (await guest.post('/api/subscriptions/card-by-link', { token })).json().setup;
    await saveInFrame(guest, setup, INSUFFICIENT_FUNDS_CARD);
    const done = await guest.post('/api/subscriptions/card-by-link/complete', { token, setupId: setup.setupId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      retry: { status: 'failed', message: 'Your card has insufficient funds.' },
      subscription: { status: 'past_due' },
      card: { last4: '9995' },
    });
    const after = await rowOf(id);
    expect(after).toMatchObject({ status: 'past_due', failedAttempts: before.failedAttempts });
    expect(after.nextRetryAt?.getTime()).toBe(before.nextRetryAt?.getTime());
    expect(await emailsOfKind('renewal-failed', email)).toHaveLength(1);
  });

  it('a new card whose bank asks to confirm: the page answers the challenge and the confirmation records it', async () => {
    const { id } = await pastDue();
    const token = signCancelToken(resolveAppSecret(t.app.config), id);
    const guest = t.client();
    const setup = (await guest.post('/api/subscriptions/card-by-link', { token })).json().setup;
    await saveInFrame(guest, setup, AUTHENTICATION_CARD);
    const done = await guest.post('/api/subscriptions/card-by-link/complete', { token, setupId: setup.setupId });
    expect(done.statusCode, done.body).toBe(200);
    const retry = done.json().retry;
    expect(retry).toMatchObject({
      status: 'requires_action',
      payment: {
        capabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
        frameUrl: '/sandbox-pay/v1/card-frame',
      },
    });
    expect(done.json().subscription).toMatchObject({ status: 'past_due', needsConfirmation: true });

    // The frame shows only the bank's challenge for the intent; approved, the page reports it.
    const approved = await guest.post(`/sandbox-pay/v1/intents/${retry.payment.intentId}/authenticate`, {
      clientSecret: retry.payment.clientSecret,
      approve: true,
    });
    expect(approved.json().intent.status).toBe('succeeded');
    const confirmed = await guest.post('/api/subscriptions/confirm', { token: retry.confirmToken });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'paid' });
    expect(await rowOf(id)).toMatchObject({ status: 'active', failedAttempts: 0 });
  });

  it('two card changes finished out of order: the one started last is kept, the older answers 409', async () => {
    const { id, email } = await monthly();
    const token = signCancelToken(resolveAppSecret(t.app.config), id);
    const guest = t.client();
    const older = (await guest.post('/api/subscriptions/card-by-link', { token })).json().setup;
    const newer = (await guest.post('/api/subscriptions/card-by-link', { token })).json().setup;
    await saveInFrame(guest, older, AUTHENTICATION_CARD);
    await saveInFrame(guest, newer, INSUFFICIENT_FUNDS_CARD);

    const kept = await guest.post('/api/subscriptions/card-by-link/complete', { token, setupId: newer.setupId });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().card).toMatchObject({ last4: '9995' });
    const keptRow = await rowOf(id);
    expect(keptRow).toMatchObject({ cardLast4: '9995', cardSetupNumber: 2, cardSetupsStarted: 2 });

    const late = await guest.post('/api/subscriptions/card-by-link/complete', { token, setupId: older.setupId });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().message).toBe(CARD_CHANGE_MESSAGES.newerCard);
    const after = await rowOf(id);
    expect(after).toMatchObject({ paymentMethodToken: keptRow.paymentMethodToken, cardSetupNumber: 2 });
    expect(after.updatedAt).toEqual(keptRow.updatedAt);
    expect(await emailsOfKind('subscription-card-changed', email)).toHaveLength(1);
    // The older setup's card is removed from the supporter: nothing charges it.
    const [stale] = await db()
      .select()
      .from(cardDetachments)
      .where(and(eq(cardDetachments.subscriptionId, id), eq(cardDetachments.status, 'detached')));
    expect(stale).toBeDefined();
    expect(stale?.paymentMethodToken).not.toBe(keptRow.paymentMethodToken);
    expect(await detachedAt(stale!.paymentMethodToken)).toBeInstanceOf(Date);
  });

  it('a forged or expired link is refused with the link’s message', async () => {
    const forged = await t.client().post('/api/subscriptions/card-by-link', { token: 'not-a-token' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fieldErrors.token).toBe(SUBSCRIPTION_MESSAGES.linkInvalid);
    const missing = await t.client().post('/api/subscriptions/card-by-link/complete', { token: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({ setupId: CARD_CHANGE_MESSAGES.setupInvalid });
  });
});
