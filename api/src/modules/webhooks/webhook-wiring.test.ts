import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  checkoutBody,
  DECLINES_RENEWALS_CARD,
  moneyDeps,
  paySupport,
  SUCCEEDING_CARD,
} from '../checkout/checkout-test-factories';
import { fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import { renewSubscription } from '../subscriptions/renewal-service';
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

async function monthlySupport(creator: Creator, at = new Date(), card = SUCCEEDING_CARD) {
  const body = checkoutRequestSchema.parse(checkoutBody({ amount: 10, isRecurring: true }));
  return paySupport(moneyDeps(t, at), creator.profile.username, body, null, `10.91.0.${++ip}`, card);
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

  it('a resume queues subscription.resumed, by the supporter or when a fixed pause ends (once per pause)', async () => {
    const creator = await subscribedCreator(['subscription.resumed']);
    const start = new Date();
    const receipt = await monthlySupport(creator, start);
    const id = receipt.subscriptionId ?? '';
    await pauseSubscription(db(), id, null, links(), start);
    await resumeSubscription(db(), id, links(), new Date(start.getTime() + 1000));
    // Resuming a support that is not paused changes nothing, and sends nothing.
    await resumeSubscription(db(), id, links(), new Date(start.getTime() + 2000));
    const byHand = await eventsOf(creator);
    expect(byHand).toHaveLength(1);
    expect(byHand[0]).toMatchObject({
      type: 'subscription.resumed',
      data: { subscription: { id, status: 'active' } },
    });

    // A pause for one month, ended by the renewal job.
    const pausedAt = new Date(start.getTime() + 3000);
    await pauseSubscription(db(), id, 1, links(), pausedAt);
    const due = new Date(pausedAt.getTime() + 70 * 86_400_000);
    await renewSubscription(moneyDeps(t, due), id, due);
    const all = await eventsOf(creator);
    expect(all).toHaveLength(2);
    expect(all.find((e) => e.id !== byHand[0]?.id)?.data).toMatchObject({
      subscription: { id },
      resumedAt: due.toISOString(),
      nextChargeAt: due.toISOString(),
    });
  });

  it('a renewal that fails and will be retried queues subscription.past_due, once per attempt; the lapse is subscription.canceled', async () => {
    const creator = await subscribedCreator(['subscription.past_due', 'subscription.canceled']);
    const start = new Date('2027-05-01T00:00:00Z');
    const receipt = await monthlySupport(creator, start, DECLINES_RENEWALS_CARD);
    const id = receipt.subscriptionId ?? '';
    const due = new Date('2027-06-01T06:00:00Z');
    const renewAt = (at: Date) => renewSubscription({ ...moneyDeps(t, at), log: () => {} }, id, at);
    expect(await renewAt(due)).toBe('failed');
    // Run again before the retry: nothing new.
    expect(await renewAt(due)).toBe('skipped');
    let events = await eventsOf(creator);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      type: 'subscription.past_due',
      data: {
        subscription: { id, status: 'past_due' },
        reason: 'payment_failed',
        failedAttempts: 1,
        nextRetryAt: '2027-06-02T06:00:00.000Z',
      },
    });
    for (const day of ['2027-06-02T06:00:00Z', '2027-06-04T06:00:00Z']) await renewAt(new Date(day));
    expect(await renewAt(new Date('2027-06-06T06:00:00Z'))).toBe('lapsed');
    events = await eventsOf(creator);
    expect(events.map((e) => [e.type, e.data.failedAttempts ?? e.data.reason])).toEqual([
      ['subscription.past_due', 1],
      ['subscription.past_due', 2],
      ['subscription.past_due', 3],
      ['subscription.canceled', 'payment_failed'],
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(4);
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
