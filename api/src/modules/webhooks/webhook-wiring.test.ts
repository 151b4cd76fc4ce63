import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkoutBody, moneyDeps, paySupport } from '../checkout/checkout-test-factories';
import { fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import { pauseSubscription, resumeSubscription } from '../subscriptions/subscriptions-service';
import type { HostResolver } from './webhook-address-guard';

// The events of pause and refunds, wired into their transactions after the three were built apart; and an
// account's endpoints going with it.
const resolveHost: HostResolver = async () => [{ address: '93.184.215.14', family: 4 }];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { resolveHost });
});
afterAll(() => t.close());

const db = () => t.database.db;
const links = () => ({ appSecret: moneyDeps(t).appSecret, origin: 'https://beabro.test' });
let ip = 0;

type Creator = Awaited<ReturnType<typeof fakeSignedInCreator>>;

async function subscribedCreator(events: string[]): Promise<Creator> {
  const creator = await fakeSignedInCreator(t, { country: 'US' });
  const res = await creator.client.post('/api/creator/webhooks/endpoints', {
    url: 'https://hooks.example.com/beabro',
    description: 'Tools',
    events,
  });
  expect(res.statusCode, res.body).toBe(201);
  return creator;
}

async function monthlySupport(creator: Creator, at = new Date()) {
  const body = checkoutRequestSchema.parse(checkoutBody({ amount: 10, isRecurring: true }));
  return paySupport(moneyDeps(t, at), creator.profile.username, body, null, `10.91.0.${++ip}`);
}

async function eventsOf(creator: Creator) {
  const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.creatorId, creator.user.id));
  return rows.map((r) => JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> });
}

describe('webhook events of pauses and refunds', () => {
  it('a pause queues subscription.paused in its transaction; a later pause of the same support is a new event', async () => {
    const creator = await subscribedCreator(['subscription.paused']);
    const receipt = await monthlySupport(creator);
    const id = receipt.subscriptionId ?? '';
    await pauseSubscription(db(), id, 2, links(), new Date());
    // Pausing again with the same length changes nothing, and sends nothing.
    await pauseSubscription(db(), id, 2, links(), new Date());
    const first = await eventsOf(creator);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      type: 'subscription.paused',
      data: { subscription: { id, status: 'paused', amountCents: 1000 } },
    });
    expect((first[0]?.data as { resumesAt: string | null }).resumesAt).not.toBeNull();

    await resumeSubscription(db(), id, links(), new Date());
    await pauseSubscription(db(), id, null, links(), new Date(Date.now() + 1000));
    const second = await eventsOf(creator);
    expect(second).toHaveLength(2);
    expect(new Set(second.map((e) => e.id)).size).toBe(2);
    expect(second.find((e) => e.id !== first[0]?.id)?.data).toMatchObject({ resumesAt: null });
  });

  it('a refund queues support.refunded, and subscription.canceled (reason refunded) when it ends the monthly support', async () => {
    const creator = await subscribedCreator(['support.refunded', 'subscription.canceled']);
    const receipt = await monthlySupport(creator);
    const res = await creator.client.request({
      method: 'POST',
      url: `/api/creator/supports/${receipt.supportId}/refunds`,
      headers: { 'idempotency-key': randomUUID() },
      payload: { amountCents: 400, reason: 'requested_by_supporter', cancelSubscription: true },
    });
    expect(res.statusCode, res.body).toBe(201);
    const events = await eventsOf(creator);
    expect(events.map((e) => e.type).sort()).toEqual(['subscription.canceled', 'support.refunded']);
    expect(events.find((e) => e.type === 'support.refunded')?.data).toMatchObject({
      support: { id: receipt.supportId, amountCents: 1000 },
      refund: { amountCents: 400, currency: 'usd' },
    });
    expect(events.find((e) => e.type === 'subscription.canceled')?.data).toMatchObject({
      reason: 'refunded',
      subscription: { id: receipt.subscriptionId, status: 'canceled' },
    });
  });

  it('deleting an account deletes its endpoints (URLs and secrets) and their log', async () => {
    const creator = await subscribedCreator(['support.created']);
    await monthlySupport(creator);
    expect(await eventsOf(creator)).toHaveLength(1);
    const res = await creator.client.delete('/api/account', { password: creator.password });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.creatorId, creator.user.id))).toEqual(
      [],
    );
    expect(await eventsOf(creator)).toEqual([]);
  });
});
