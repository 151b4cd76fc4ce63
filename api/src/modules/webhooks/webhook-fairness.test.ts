import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEndpointDto } from '@beabro/shared/api-schemas/webhooks';
import { resolveAppSecret } from '../../config/env';
import { webhookDeliveries } from '../../db/schema';
import { createTestApp, type TestApp, type TestClient } from '../../testing/test-app';
import { fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import type { HostResolver } from './webhook-address-guard';
import type { WebhookHttpTransport, WebhookRequest } from './webhook-http';
import { deliverDueWebhooks, startWebhookSender, type WebhookSenderDeps } from './webhook-sender';

const resolveHost: HostResolver = async (hostname) => {
  const address = { 'dead.example.com': '93.184.215.20', 'alive.example.com': '93.184.215.21' }[hostname];
  if (!address) throw new Error(`ENOTFOUND ${hostname}`);
  return [{ address, family: 4 }];
};

/** Requests to dead.example.com never answer until the test lets them fail; alive.example.com answers `aliveStatus`. */
const hanging: Array<{ request: WebhookRequest; fail: () => void }> = [];
const aliveRequests: WebhookRequest[] = [];
let aliveStatus = 200;
const transport: WebhookHttpTransport = (request) => {
  if (request.target.hostname === 'dead.example.com')
    return new Promise((_, reject) => hanging.push({ request, fail: () => reject(new Error('timed out')) }));
  aliveRequests.push(request);
  return Promise.resolve({ status: aliveStatus, excerpt: 'ok' });
};

let t: TestApp;
let appSecret: string;
beforeAll(async () => {
  t = await createTestApp({}, { resolveHost, webhookTransport: transport });
  appSecret = resolveAppSecret(t.app.config);
});
afterAll(() => t.close());

let offsetMs = 0;
const deps = (): WebhookSenderDeps => ({
  db: t.database.db,
  appSecret,
  allowLocal: false,
  resolveHost,
  transport,
  origin: 'https://beabro.test',
  clock: () => new Date(Date.now() + offsetMs),
  log: () => {},
});
const quietLog = { info: () => {}, error: () => {} };

async function addEndpoint(client: TestClient, url: string): Promise<WebhookEndpointDto> {
  const res = await client.post('/api/creator/webhooks/endpoints', { url, events: ['support.created'] });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { endpoint: WebhookEndpointDto }).endpoint;
}
async function queueTest(client: TestClient, endpointId: string) {
  const res = await client.post(`/api/creator/webhooks/endpoints/${endpointId}/test`);
  expect(res.statusCode, res.body).toBe(202);
}
const statusOf = async (endpointId: string) =>
  t.database.db
    .select({ status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId));

describe('fair webhook delivery', () => {
  it('ten endpoints that never answer delay neither another creator’s delivery nor its retry', async () => {
    // Two creators with five dead endpoints each (the limit is ten per creator), three deliveries each.
    const dead: string[] = [];
    for (let c = 0; c < 2; c++) {
      const creator = await fakeSignedInCreator(t);
      for (let e = 0; e < 5; e++) {
        const endpoint = await addEndpoint(creator.client, `https://dead.example.com/${c}-${e}`);
        for (let n = 0; n < 3; n++) await queueTest(creator.client, endpoint.id);
        dead.push(endpoint.id);
      }
    }
    const sender = startWebhookSender(deps(), quietLog);
    try {
      // Every dead endpoint holds its two slots, and no more.
      await expect.poll(() => hanging.length, { timeout: 20_000, interval: 50 }).toBe(20);
      const perEndpoint = new Map<string, number>();
      for (const { request } of hanging) {
        const url = request.target.url.pathname;
        perEndpoint.set(url, (perEndpoint.get(url) ?? 0) + 1);
      }
      expect(perEndpoint.size).toBe(10);
      expect([...perEndpoint.values()].every((n) => n === 2)).toBe(true);

      // Another creator's delivery, queued while the dead ones hang, fails once, then is retried when due.
      const other = await fakeSignedInCreator(t);
      const alive = await addEndpoint(other.client, 'https://alive.example.com/hook');
      aliveStatus = 500;
      await queueTest(other.client, alive.id);
      sender.wake();
      await expect.poll(() => aliveRequests.length, { timeout: 20_000, interval: 50 }).toBe(1);
      await expect
        .poll(async () => (await statusOf(alive.id))[0], { timeout: 20_000, interval: 50 })
        .toMatchObject({ status: 'pending', attempts: 1 });
      aliveStatus = 200;
      // The first retry is due 30 s after the failure.
      offsetMs = 31_000;
      sender.wake();
      await expect
        .poll(async () => (await statusOf(alive.id))[0]?.status, { timeout: 20_000, interval: 50 })
        .toBe('delivered');
      expect(aliveRequests).toHaveLength(2);
      // All the while, the dead endpoints' requests were still waiting for an answer.
      expect(hanging).toHaveLength(20);
      const deadRows = await t.database.db
        .select({ attempts: webhookDeliveries.attempts })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.endpointId, dead));
      expect(deadRows.filter((row) => row.attempts === 1)).toHaveLength(20);
    } finally {
      for (const { fail } of hanging) fail();
      await sender.stop();
      offsetMs = 0;
    }
  });

  it('signs with the time of the send, not of the run', async () => {
    const creator = await fakeSignedInCreator(t);
    const endpoint = await addEndpoint(creator.client, 'https://alive.example.com/signed');
    await queueTest(creator.client, endpoint.id);
    aliveRequests.length = 0;
    const runStart = new Date(Date.now() - 90_000);
    await t.database.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(runStart.getTime() - 1000) })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const before = Math.floor(Date.now() / 1000);
    // A run that started 90 s ago (it waited on other endpoints) sends this delivery now.
    expect(await deliverDueWebhooks(deps(), runStart)).toMatchObject({ delivered: 1 });
    const stamp = Number(/^t=(\d+),/.exec(aliveRequests[0]?.headers['Beabro-Signature'] ?? '')?.[1]);
    expect(stamp).toBeGreaterThanOrEqual(before);
  });
});
