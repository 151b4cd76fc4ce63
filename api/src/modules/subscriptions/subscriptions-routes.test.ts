import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { resolveAppSecret } from '../../config/env';
import { emailOutbox, subscriptions, users } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp, type TestClient } from '../../testing/test-app';
import { checkoutBody, payCheckout } from '../checkout/checkout-test-factories';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { signCancelToken } from './subscription-link';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const secret = () => resolveAppSecret(t.app.config);

async function monthly(client: TestClient, email?: string) {
  const creator = await fakeCreator(db(), { displayName: 'Maya Makes Art' });
  const res = await payCheckout(
    client,
    creator.username,
    checkoutBody({ isRecurring: true, amount: 25, ...(email ? { email } : {}) }),
  );
  expect(res.statusCode).toBe(200);
  const id = res.json().receipt.subscriptionId as string;
  const [row] = await db().select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error('no subscription');
  return { creator, id, row };
}

async function statusOf(id: string) {
  const [row] = await db()
    .select({ status: subscriptions.status, cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return row;
}

describe('POST /api/subscriptions/:id/cancel', () => {
  it('the signed-in owner cancels: it stays active until the paid month ends, and a confirmation is emailed once', async () => {
    const owner = await fakeUser(t);
    const { id, row, creator } = await monthly(owner.client, owner.email);
    const res = await owner.client.post(`/api/subscriptions/${id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription).toEqual({
      id,
      creatorUsername: creator.username,
      creatorDisplayName: 'Maya Makes Art',
      amountCents: 2_500,
      currency: 'usd',
      tierPosition: null,
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: row.currentPeriodEnd.toISOString(),
      pausedUntil: null,
      nextChargeAt: null,
      endsAt: row.currentPeriodEnd.toISOString(),
      needsConfirmation: false,
    });
    expect((await owner.client.post(`/api/subscriptions/${id}/cancel`)).json().subscription.cancelAtPeriodEnd).toBe(
      true,
    );
    const emails = await db().select().from(emailOutbox).where(eq(emailOutbox.kind, 'subscription-canceled'));
    expect(emails.filter((e) => e.toAddress === owner.email)).toHaveLength(1);
    // "cancelled" in everything a person reads (the API's status stays "canceled").
    const [email] = emails.filter((e) => e.toAddress === owner.email);
    expect(email?.subject).toMatch(/ cancelled$/);
    expect(email?.textBody).toContain('is cancelled.');
    expect(email?.textBody).not.toContain('canceled');
  });

  it('a visitor gets 401 and another signed-in user 404; the subscription is untouched', async () => {
    const owner = await fakeUser(t);
    const { id } = await monthly(owner.client, owner.email);
    expect((await t.client().post(`/api/subscriptions/${id}/cancel`)).statusCode).toBe(401);
    const other = await fakeUser(t);
    const res = await other.client.post(`/api/subscriptions/${id}/cancel`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SUBSCRIPTION_MESSAGES.notFound });
    expect((await other.client.post(`/api/subscriptions/${randomUUID()}/cancel`)).statusCode).toBe(404);
    expect((await other.client.post('/api/subscriptions/not-a-uuid/cancel')).statusCode).toBe(400);
    expect(await statusOf(id)).toEqual({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('a guest subscription made with my email is mine once that email is verified', async () => {
    const user = await fakeUser(t);
    const { id } = await monthly(t.client(), user.email);
    expect((await user.client.post(`/api/subscriptions/${id}/cancel`)).statusCode).toBe(404);
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.user.id));
    expect((await user.client.post(`/api/subscriptions/${id}/cancel`)).statusCode).toBe(200);
    expect(await statusOf(id)).toEqual({ status: 'active', cancelAtPeriodEnd: true });
  });
});

describe('/api/subscriptions/cancel-by-link', () => {
  it('describes, then cancels, with the signed token from the receipt and no sign-in', async () => {
    const { id } = await monthly(t.client());
    const token = signCancelToken(secret(), id);
    const described = await t.client().get(`/api/subscriptions/cancel-by-link?token=${encodeURIComponent(token)}`);
    expect(described.statusCode).toBe(200);
    expect(described.json().subscription).toMatchObject({
      id,
      status: 'active',
      cancelAtPeriodEnd: false,
      amountCents: 2_500,
      creatorDisplayName: 'Maya Makes Art',
    });
    expect(described.json().subscription.nextChargeAt).not.toBeNull();
    const canceled = await t.client().post('/api/subscriptions/cancel-by-link', { token });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().subscription).toMatchObject({
      id,
      status: 'active',
      cancelAtPeriodEnd: true,
      nextChargeAt: null,
    });
    expect(await statusOf(id)).toEqual({ status: 'active', cancelAtPeriodEnd: true });
  });

  it('the link in the receipt email works as it is', async () => {
    const email = `linked.${randomUUID()}@example.com`;
    const { id } = await monthly(t.client(), email);
    const [receipt] = await db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
    const url = new URL(/(http\S+\/subscriptions\/cancel\?token=\S+)/.exec(receipt?.textBody ?? '')?.[1] ?? 'http://x');
    const res = await t.client().post('/api/subscriptions/cancel-by-link', { token: url.searchParams.get('token') });
    expect(res.statusCode).toBe(200);
    expect(res.json().subscription.id).toBe(id);
  });

  it('refuses a forged or tampered token with 400, and an unknown subscription with 404', async () => {
    const { id } = await monthly(t.client());
    const token = signCancelToken(secret(), id);
    for (const bad of [
      `${id}.forged`,
      `${token}x`,
      signCancelToken('another secret that is long enough!!', id),
      'garbage',
    ]) {
      const post = await t.client().post('/api/subscriptions/cancel-by-link', { token: bad });
      expect(post.statusCode, bad).toBe(400);
      expect(post.json()).toEqual({
        message: SUBSCRIPTION_MESSAGES.linkInvalid,
        fieldErrors: { token: SUBSCRIPTION_MESSAGES.linkInvalid },
      });
      expect(
        (await t.client().get(`/api/subscriptions/cancel-by-link?token=${encodeURIComponent(bad)}`)).statusCode,
      ).toBe(400);
    }
    expect((await t.client().post('/api/subscriptions/cancel-by-link', {})).statusCode).toBe(400);
    expect(await statusOf(id)).toEqual({ status: 'active', cancelAtPeriodEnd: false });
    const unknown = signCancelToken(secret(), randomUUID());
    expect((await t.client().post('/api/subscriptions/cancel-by-link', { token: unknown })).statusCode).toBe(404);
  });
});
