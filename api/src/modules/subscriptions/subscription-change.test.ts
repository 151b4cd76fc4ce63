import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { CHANGE_CONFIRM_MESSAGES, SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { SUPPORT_MESSAGES } from '@beabro/shared/schemas/support';
import { resolveAppSecret } from '../../config/env';
import {
  emailOutbox,
  subscriptionChangeConfirmations,
  subscriptions,
  supports,
  users,
  webhookDeliveries,
} from '../../db/schema';
import { createTestApp, fakeUser, type TestApp, type TestClient } from '../../testing/test-app';
import {
  checkoutBody,
  DECLINES_RENEWALS_CARD,
  moneyDeps,
  payCheckout,
  paySupport,
} from '../checkout/checkout-test-factories';
import { CHECKOUT_MESSAGES } from '../checkout/checkout-service';
import { getCreatorDashboard } from '../dashboards/creator-dashboard-service';
import { fakeCreator, fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import type { HostResolver } from '../webhooks/webhook-address-guard';
import { signCancelToken } from './subscription-link';
import { renewSubscription } from './renewal-service';
import { changeSubscription, confirmChangeByLink, SUBSCRIPTION_CHANGES } from './subscription-change';
import { CHANGE_CONFIRM_EMAIL_KIND } from './subscription-emails';
import { pauseSubscription } from './subscriptions-service';

// Changing a monthly support's amount or tier: by its owner or the receipt link, checked against the
// creator's rules, taking effect at the next renewal, told to the supporter, the creator and webhooks.

// Webhook endpoints must resolve to a public address: this one does, without a network.
const resolveHost: HostResolver = async () => [{ address: '93.184.215.14', family: 4 }];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { resolveHost });
});
afterAll(() => t.close());

const db = () => t.database.db;
const secret = () => resolveAppSecret(t.app.config);
const links = () => ({ appSecret: moneyDeps(t).appSecret, origin: 'https://beabro.test' });
let ip = 0;

async function monthly(client: TestClient, email?: string, minimumAmountCents = 300) {
  const creator = await fakeCreator(db(), { displayName: 'Maya Makes Art', minimumAmountCents });
  const res = await payCheckout(
    client,
    creator.username,
    checkoutBody({ isRecurring: true, amount: 25, tierPosition: 2, ...(email ? { email } : {}) }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().receipt.subscriptionId as string, creator };
}

async function rowOf(id: string) {
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error('gone');
  return row;
}

async function emailsOfKind(kind: string, to?: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(
      to ? and(eq(emailOutbox.kind, kind), eq(emailOutbox.toAddress, to.toLowerCase())) : eq(emailOutbox.kind, kind),
    );
}

describe('POST /api/subscriptions/:id/change (signed in)', () => {
  it('raises the amount for the next renewal, says when, and emails the supporter', async () => {
    const owner = await fakeUser(t);
    const { id } = await monthly(owner.client, owner.email);
    const res = await owner.client.post(`/api/subscriptions/${id}/change`, { amount: 40, tierPosition: null });
    expect(res.statusCode, res.body).toBe(200);
    const dto = res.json().subscription;
    expect(dto).toMatchObject({ id, amountCents: 4000, tierPosition: null, status: 'active' });
    // The month paid does not change: the new amount is charged at its end.
    expect(dto.nextChargeAt).toBe(dto.currentPeriodEnd);
    expect(await rowOf(id)).toMatchObject({ amountCents: 4000, tierPosition: null });

    const [email] = await emailsOfKind('subscription-changed', owner.email);
    expect(email?.subject).toBe('Monthly support to Maya Makes Art changed');
    expect(email?.textBody).toContain('$40.00 a month, instead of $25.00 a month (True Believer)');
    expect(email?.textBody).toContain('/subscriptions/cancel?token=');

    // The same amount and tier again changes nothing and sends nothing.
    const again = await owner.client.post(`/api/subscriptions/${id}/change`, { amount: '40', tierPosition: null });
    expect(again.statusCode).toBe(200);
    expect(await emailsOfKind('subscription-changed', owner.email)).toHaveLength(1);

    const dashboard = (await owner.client.get('/api/supporter/dashboard')).json();
    expect(dashboard.subscriptions).toEqual([expect.objectContaining({ id, amountCents: 4000, tierPosition: null })]);
  });

  it('moves to another tier at its amount; a stale tier amount or one below the minimum is refused per field', async () => {
    const owner = await fakeUser(t);
    const { id } = await monthly(owner.client, owner.email, 1000);
    const toTier = await owner.client.post(`/api/subscriptions/${id}/change`, { amount: 50, tierPosition: 3 });
    expect(toTier.statusCode, toTier.body).toBe(200);
    expect(toTier.json().subscription).toMatchObject({ amountCents: 5000, tierPosition: 3 });

    const stale = await owner.client.post(`/api/subscriptions/${id}/change`, { amount: 20, tierPosition: 1 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().fieldErrors).toEqual({ tierPosition: SUBSCRIPTION_MESSAGES.tierChanged });

    const below = await owner.client.post(`/api/subscriptions/${id}/change`, { amount: 5, tierPosition: null });
    expect(below.statusCode).toBe(400);
    expect(below.json().fieldErrors).toEqual({ amount: CHECKOUT_MESSAGES.minimum('Maya Makes Art', 1000, 'usd') });

    for (const [body, field, message] of [
      [{ amount: 0, tierPosition: null }, 'amount', SUPPORT_MESSAGES.amountTooSmall],
      [{ amount: 12.5, tierPosition: null }, 'amount', SUPPORT_MESSAGES.amountWhole],
      [{ amount: 1_000_000, tierPosition: null }, 'amount', SUPPORT_MESSAGES.amountTooLarge],
      [{ amount: 'lots', tierPosition: null }, 'amount', SUPPORT_MESSAGES.amountRequired],
      [{ amount: 20, tierPosition: 7 }, 'tierPosition', SUBSCRIPTION_MESSAGES.tierInvalid],
      [{ amount: 20, tierPosition: 'gold' }, 'tierPosition', SUBSCRIPTION_MESSAGES.tierInvalid],
    ] as const) {
      const res = await owner.client.post(`/api/subscriptions/${id}/change`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field], JSON.stringify(body)).toBe(message);
    }
    const cardSmuggled = await owner.client.post(`/api/subscriptions/${id}/change`, {
      amount: 20,
      tierPosition: null,
      cardNumber: '4242424242424242',
    });
    expect(cardSmuggled.statusCode).toBe(400);
    expect(await rowOf(id)).toMatchObject({ amountCents: 5000, tierPosition: 3 });
  });

  it('404 for anyone but the owner, 401 signed out, 409 once cancelled', async () => {
    const owner = await fakeUser(t);
    const { id } = await monthly(owner.client, owner.email);
    const stranger = await fakeUser(t);
    const body = { amount: 30, tierPosition: null };
    expect((await stranger.client.post(`/api/subscriptions/${id}/change`, body)).statusCode).toBe(404);
    expect((await t.client().post(`/api/subscriptions/${id}/change`, body)).statusCode).toBe(401);
    expect((await owner.client.post(`/api/subscriptions/${randomUUID()}/change`, body)).statusCode).toBe(404);
    expect((await owner.client.post(`/api/subscriptions/${id}/cancel`)).statusCode).toBe(200);
    const refused = await owner.client.post(`/api/subscriptions/${id}/change`, body);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SUBSCRIPTION_MESSAGES.changeEnded);
    expect(await rowOf(id)).toMatchObject({ amountCents: 2500 });
  });

  it('limits changes per support and day; refused changes are not counted', async () => {
    const owner = await fakeUser(t);
    const { id } = await monthly(owner.client, owner.email);
    for (let n = 0; n < 3; n++)
      expect((await owner.client.post(`/api/subscriptions/${id}/change`, { amount: 1 })).statusCode).toBe(400);
    for (let n = 0; n < SUBSCRIPTION_CHANGES.limit; n++) {
      const res = await owner.client.post(`/api/subscriptions/${id}/change`, { amount: 30 + n, tierPosition: null });
      expect(res.statusCode, String(n)).toBe(200);
    }
    const refused = await owner.client.post(`/api/subscriptions/${id}/change`, { amount: 99, tierPosition: null });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(SUBSCRIPTION_MESSAGES.changesLimited);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await rowOf(id)).toMatchObject({ amountCents: 3000 + (SUBSCRIPTION_CHANGES.limit - 1) * 100 });
  });
});

describe('POST /api/subscriptions/change-by-link (guests)', () => {
  it('lowers at once with the signed token; refuses forged tokens', async () => {
    const { id } = await monthly(t.client(), `guest.${randomUUID()}@example.com`);
    const token = signCancelToken(secret(), id);
    const forged = await t.client().post('/api/subscriptions/change-by-link', {
      token: `${id}.forged`,
      amount: 30,
      tierPosition: null,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(SUBSCRIPTION_MESSAGES.linkInvalid);
    expect(await rowOf(id)).toMatchObject({ amountCents: 2500 });

    const res = await t.client().post('/api/subscriptions/change-by-link', { token, amount: 15, tierPosition: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().subscription).toMatchObject({ id, amountCents: 1500, tierPosition: 1 });
    expect(await pendingOf(id)).toBeUndefined();
  });
});

/** The token of the latest "confirm your new monthly amount" link emailed to an address. */
async function confirmTokenSentTo(email: string): Promise<string> {
  const [mail] = await db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, CHANGE_CONFIRM_EMAIL_KIND), eq(emailOutbox.toAddress, email.toLowerCase())))
    .orderBy(desc(emailOutbox.createdAt));
  const token = mail?.textBody.match(/\/subscriptions\/confirm-change\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no confirmation link was emailed to ${email}`);
  return token;
}

async function pendingOf(id: string) {
  const [row] = await db()
    .select()
    .from(subscriptionChangeConfirmations)
    .where(eq(subscriptionChangeConfirmations.subscriptionId, id));
  return row;
}

const confirmChange = (token: string) => t.client().post('/api/subscriptions/change-by-link/confirm', { token });

describe('raising the amount through the receipt link needs the emailed confirmation', () => {
  it('changes nothing, emails the address on file, and applies the raise once confirmed, as a signed-in change', async () => {
    const email = `jo.${randomUUID()}@example.com`;
    const { id } = await monthly(t.client(), email);
    const token = signCancelToken(secret(), id);
    const res = await t
      .client()
      .post('/api/subscriptions/change-by-link', { token, amount: 10000, tierPosition: null });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      message: 'We sent a confirmation link to j***@example.com. The new amount starts once you confirm.',
      pending: { amountCents: 1_000_000, sentTo: 'j***@example.com' },
    });
    // Nothing changed yet: not the amount, no "changed" email, no webhook.
    expect(await rowOf(id)).toMatchObject({ amountCents: 2500, tierPosition: 2 });
    expect(await emailsOfKind('subscription-changed', email)).toHaveLength(0);
    const [mail] = await emailsOfKind(CHANGE_CONFIRM_EMAIL_KIND, email);
    expect(mail?.subject).toBe('Confirm your new monthly amount');
    expect(mail?.textBody).toContain('Maya Makes Art');
    expect(mail?.textBody).toContain('$25.00 a month');
    expect(mail?.textBody).toContain('$10,000.00 a month');
    const confirmToken = await confirmTokenSentTo(email);
    // Only its hash is kept, valid 24 hours.
    const pending = await pendingOf(id);
    expect(pending?.tokenHash).not.toContain(confirmToken);
    expect(pending?.amountCents).toBe(1_000_000);
    expect(pending!.expiresAt.getTime() - pending!.createdAt.getTime()).toBe(24 * 3_600_000);

    const confirmed = await confirmChange(confirmToken);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const dto = confirmed.json().subscription;
    expect(dto).toMatchObject({ id, amountCents: 1_000_000, tierPosition: null, status: 'active' });
    expect(dto.nextChargeAt).toBe(dto.currentPeriodEnd);
    expect(await rowOf(id)).toMatchObject({ amountCents: 1_000_000, tierPosition: null });
    expect(await emailsOfKind('subscription-changed', email)).toHaveLength(1);
    expect(await pendingOf(id)).toBeUndefined();

    // Used once.
    const again = await confirmChange(confirmToken);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: CHANGE_CONFIRM_MESSAGES.linkInvalid,
      fieldErrors: { token: CHANGE_CONFIRM_MESSAGES.linkInvalid },
    });
    expect(await emailsOfKind('subscription-changed', email)).toHaveLength(1);
  });

  it('a newer request replaces the older link; an expired link, a forged one or a cancelled support is refused', async () => {
    const email = `ann.${randomUUID()}@example.com`;
    const { id } = await monthly(t.client(), email);
    const token = signCancelToken(secret(), id);
    const ask = (amount: number) =>
      t.client().post('/api/subscriptions/change-by-link', { token, amount, tierPosition: null });
    expect((await ask(40)).statusCode).toBe(202);
    const first = await confirmTokenSentTo(email);
    expect((await ask(50)).statusCode).toBe(202);
    const second = await confirmTokenSentTo(email);
    expect(second).not.toBe(first);
    const superseded = await confirmChange(first);
    expect(superseded.statusCode).toBe(400);
    expect(superseded.json().message).toBe(CHANGE_CONFIRM_MESSAGES.linkInvalid);
    for (const forged of ['', 'x'.repeat(201), `${second}x`, second.slice(1)]) {
      expect((await confirmChange(forged)).statusCode, forged).toBe(400);
    }
    expect(await rowOf(id)).toMatchObject({ amountCents: 2500 });

    // Past its 24 hours.
    const later = new Date(Date.now() + 24 * 3_600_000 + 60_000);
    await expect(confirmChangeByLink(db(), second, links(), later)).rejects.toMatchObject({
      code: 'validation',
      message: CHANGE_CONFIRM_MESSAGES.linkExpired,
    });
    expect(await rowOf(id)).toMatchObject({ amountCents: 2500 });

    // Cancelled since it was asked: refused, nothing changed.
    expect((await ask(60)).statusCode).toBe(202);
    const third = await confirmTokenSentTo(email);
    expect((await t.client().post('/api/subscriptions/cancel-by-link', { token })).statusCode).toBe(200);
    const cancelled = await confirmChange(third);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(SUBSCRIPTION_MESSAGES.changeEnded);
    expect(await rowOf(id)).toMatchObject({ amountCents: 2500 });
  });

  it('a raise below the minimum or with a stale tier is refused at once, with nothing emailed', async () => {
    const email = `min.${randomUUID()}@example.com`;
    const { id } = await monthly(t.client(), email);
    const token = signCancelToken(secret(), id);
    const stale = await t.client().post('/api/subscriptions/change-by-link', { token, amount: 26, tierPosition: 3 });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().fieldErrors).toMatchObject({ tierPosition: SUBSCRIPTION_MESSAGES.tierChanged });
    expect(await emailsOfKind(CHANGE_CONFIRM_EMAIL_KIND, email)).toHaveLength(0);
    expect(await pendingOf(id)).toBeUndefined();
  });

  it('a signed-in supporter raises their own support at once', async () => {
    const owner = await fakeUser(t);
    const { id } = await monthly(owner.client, owner.email);
    const res = await owner.client.post(`/api/subscriptions/${id}/change`, { amount: 90, tierPosition: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(id)).toMatchObject({ amountCents: 9000 });
    expect(await emailsOfKind(CHANGE_CONFIRM_EMAIL_KIND, owner.email)).toHaveLength(0);
  });
});

describe('what a change does', () => {
  it('the next renewal charges the new amount; the creator is told and a subscription.updated webhook is queued', async () => {
    const creator = await fakeSignedInCreator(t, { displayName: 'Green Streets', country: 'US' });
    await db().update(users).set({ notifyNewSupport: true }).where(eq(users.id, creator.user.id));
    const endpoint = await creator.client.post('/api/creator/webhooks/endpoints', {
      url: 'https://hooks.example.com/beabro',
      description: 'Tools',
      events: ['subscription.updated'],
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const start = new Date('2027-04-10T12:00:00Z');
    const body = checkoutRequestSchema.parse(
      checkoutBody({ amount: 10, isRecurring: true, name: 'Sam Supporter', tierPosition: null }),
    );
    const receipt = await paySupport(moneyDeps(t, start), creator.profile.username, body, null, `10.93.0.${++ip}`);
    const id = receipt.subscriptionId ?? '';

    const changedAt = new Date('2027-04-20T08:00:00Z');
    const dto = await changeSubscription(db(), id, { amount: 25, tierPosition: 2 }, links(), changedAt);
    expect(dto).toMatchObject({ amountCents: 2500, nextChargeAt: '2027-05-10T12:00:00.000Z' });

    const [notice] = await emailsOfKind('creator-subscription-changed', creator.email);
    expect(notice?.subject).toBe('Sam Supporter changed their monthly support');
    expect(notice?.textBody).toContain(
      'raised their monthly support from $10.00 a month to $25.00 a month (True Believer)',
    );
    expect(notice?.textBody).toContain('May 10, 2027');

    const events = (
      await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.creatorId, creator.user.id))
    ).map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(events).toEqual([
      expect.objectContaining({
        type: 'subscription.updated',
        data: {
          subscription: expect.objectContaining({ id, amountCents: 2500, status: 'active' }),
          changed: ['amount', 'tier'],
          previousAmountCents: 1000,
          tierPosition: 2,
          previousTierPosition: null,
          card: null,
          effectiveAt: '2027-05-10T12:00:00.000Z',
          updatedAt: changedAt.toISOString(),
        },
      }),
    ]);

    const due = new Date('2027-05-10T13:00:00Z');
    expect(await renewSubscription({ ...moneyDeps(t, due), log: () => {} }, id, due)).toBe('renewed');
    const charged = await db()
      .select({ amountCents: supports.amountCents, isRenewal: supports.isRenewal, tierPosition: supports.tierPosition })
      .from(supports)
      .where(eq(supports.subscriptionId, id))
      .orderBy(supports.createdAt);
    expect(charged).toEqual([
      { amountCents: 1000, isRenewal: false, tierPosition: null },
      { amountCents: 2500, isRenewal: true, tierPosition: 2 },
    ]);
  });

  it('a paused support changes from when it resumes; one being retried cannot change', async () => {
    const creator = await fakeCreator(db());
    const start = new Date('2027-06-05T12:00:00Z');
    const body = checkoutRequestSchema.parse(checkoutBody({ amount: 10, isRecurring: true }));
    const paused = await paySupport(moneyDeps(t, start), creator.username, body, null, `10.93.0.${++ip}`);
    await pauseSubscription(db(), paused.subscriptionId ?? '', 1, links(), new Date('2027-06-06T00:00:00Z'));
    const dto = await changeSubscription(
      db(),
      paused.subscriptionId ?? '',
      { amount: 12, tierPosition: null },
      links(),
      new Date('2027-06-07T00:00:00Z'),
    );
    expect(dto).toMatchObject({ status: 'paused', amountCents: 1200, nextChargeAt: '2027-08-05T12:00:00.000Z' });

    const failing = await paySupport(
      moneyDeps(t, start),
      creator.username,
      checkoutRequestSchema.parse(checkoutBody({ amount: 10, isRecurring: true })),
      null,
      `10.93.0.${++ip}`,
      DECLINES_RENEWALS_CARD,
    );
    const due = new Date('2027-07-05T13:00:00Z');
    expect(await renewSubscription({ ...moneyDeps(t, due), log: () => {} }, failing.subscriptionId ?? '', due)).toBe(
      'failed',
    );
    const refused = changeSubscription(
      db(),
      failing.subscriptionId ?? '',
      { amount: 12, tierPosition: null },
      links(),
      due,
    );
    await expect(refused).rejects.toMatchObject({ code: 'conflict', message: SUBSCRIPTION_MESSAGES.changePastDue });
    // The creator sees it being retried.
    expect((await getCreatorDashboard(db(), creator.userId, due)).retryingSupports).toBe(1);
  });
});
