import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
} from '@beabro/shared/api-schemas/webhooks';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { resolveAppSecret } from '../../config/env';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp, type TestClient } from '../../testing/test-app';
import { checkoutBody, emailsTo, moneyDeps, payCheckout, paySupport } from '../checkout/checkout-test-factories';
import { fakeSignedInCreator, insertCreatorProfile } from '../public-profile/public-profile-test-factories';
import { type HostResolver } from './webhook-address-guard';
import { enqueueWebhookEvent } from './webhook-events';
import { nodeWebhookTransport, type WebhookHttpTransport, type WebhookRequest } from './webhook-http';
import { RETRY_WINDOW_MS, retryDelayMs } from './webhook-retry';
import { deliverDueWebhooks, type WebhookSenderDeps } from './webhook-sender';
import { verifyWebhookSignature } from './webhook-signature';

/** DNS as the test says: hooks.example.com is public, rebind.example.com changes its answer on demand. */
const dnsAnswers: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14'],
  'other.example.com': ['93.184.215.15'],
  'rebind.example.com': ['93.184.215.16'],
  'internal.example.com': ['10.1.2.3'],
  'v6-loopback.example.com': ['::1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
};
const resolveHost: HostResolver = async (hostname) => {
  const addresses = dnsAnswers[hostname];
  if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

/** The receiving end as the test scripts it: every request recorded, answered by `answer`. */
const sent: WebhookRequest[] = [];
let answer: (request: WebhookRequest) => Promise<{ status: number; excerpt: string }> = async () => ({
  status: 200,
  excerpt: 'ok',
});
const transport: WebhookHttpTransport = async (request) => {
  sent.push(request);
  return answer(request);
};

let t: TestApp;
let appSecret: string;
beforeAll(async () => {
  t = await createTestApp({}, { resolveHost, webhookTransport: transport });
  appSecret = resolveAppSecret(t.app.config);
});
afterAll(() => t.close());
// The sender delivers every due delivery in the database: each test starts with none left by another.
beforeEach(async () => {
  await t.database.db
    .update(webhookDeliveries)
    .set({ status: 'failed' })
    .where(eq(webhookDeliveries.status, 'pending'));
  sent.length = 0;
  answer = async () => ({ status: 200, excerpt: 'ok' });
  dnsAnswers['rebind.example.com'] = ['93.184.215.16'];
});

const db = () => t.database.db;
const senderDeps = (overrides: Partial<WebhookSenderDeps> = {}): WebhookSenderDeps => ({
  db: db(),
  appSecret,
  allowLocal: false,
  resolveHost,
  transport,
  origin: 'https://beabro.test',
  ...overrides,
});

async function addEndpoint(client: TestClient, body: Record<string, unknown> = {}) {
  const res = await client.post('/api/creator/webhooks/endpoints', {
    url: 'https://hooks.example.com/beabro',
    description: 'Zapier',
    events: ['support.created', 'subscription.created'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: WebhookEndpointDto; secret: string };
}

async function deliveriesOf(client: TestClient, endpointId: string): Promise<WebhookDeliveryDto[]> {
  const res = await client.get(`/api/creator/webhooks/endpoints/${endpointId}/deliveries`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { deliveries: WebhookDeliveryDto[] }).deliveries;
}

const header = (request: WebhookRequest | undefined, name: string) => request?.headers[name] ?? '';

describe('webhook endpoints', () => {
  it('adds an endpoint and shows its secret once; the list never holds it', async () => {
    const creator = await fakeSignedInCreator(t);
    const { endpoint, secret } = await addEndpoint(creator.client, {
      events: ['payout.paid', 'support.created', 'support.created'],
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(endpoint).toMatchObject({
      url: 'https://hooks.example.com/beabro',
      description: 'Zapier',
      events: ['support.created', 'payout.paid'],
      enabled: true,
      secretHint: secret.slice(0, 10),
    });
    const list = await creator.client.get('/api/creator/webhooks/endpoints');
    expect(list.json()).toEqual({ endpoints: [endpoint] });
    expect(list.body).not.toContain(secret);
    const [row] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row?.secretEncrypted).not.toContain(secret.slice(6));
  });

  it('refuses bad input with field messages, and stores nothing', async () => {
    const creator = await fakeSignedInCreator(t);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ url: '' }, 'url', WEBHOOK_MESSAGES.urlRequired],
      [{ url: 'not a url' }, 'url', WEBHOOK_MESSAGES.urlInvalid],
      [{ url: 'http://hooks.example.com/x' }, 'url', WEBHOOK_MESSAGES.urlNotHttps],
      [{ url: 'http://127.0.0.1:4335/x' }, 'url', WEBHOOK_MESSAGES.urlNotHttps],
      [{ url: 'https://internal.example.com/x' }, 'url', WEBHOOK_MESSAGES.urlPrivate],
      [{ url: 'https://v6-loopback.example.com/x' }, 'url', WEBHOOK_MESSAGES.urlPrivate],
      [{ url: 'https://mapped.example.com/x' }, 'url', WEBHOOK_MESSAGES.urlPrivate],
      [{ url: 'https://[::ffff:10.0.0.1]/x' }, 'url', WEBHOOK_MESSAGES.urlPrivate],
      [{ url: 'https://[fd00::1]/x' }, 'url', WEBHOOK_MESSAGES.urlPrivate],
      [{ url: 'https://127.0.0.1/x' }, 'url', WEBHOOK_MESSAGES.urlPrivate],
      [{ url: 'https://unknown.example.com/x' }, 'url', WEBHOOK_MESSAGES.urlUnresolvable],
      [{ events: [] }, 'events', WEBHOOK_MESSAGES.eventsRequired],
      [{ events: ['support.deleted'] }, 'events.0', WEBHOOK_MESSAGES.eventUnknown],
      [{ description: 'x'.repeat(201) }, 'description', WEBHOOK_MESSAGES.descriptionTooLong],
    ];
    for (const [body, field, message] of cases) {
      const res = await creator.client.post('/api/creator/webhooks/endpoints', {
        url: 'https://hooks.example.com/x',
        events: ['support.created'],
        ...body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors?.[field], JSON.stringify(body)).toBe(message);
    }
    expect(await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.creatorId, creator.user.id))).toEqual(
      [],
    );
  });

  it(`allows ${WEBHOOK_MAX_ENDPOINTS} endpoints per creator`, async () => {
    const creator = await fakeSignedInCreator(t);
    for (let i = 0; i < WEBHOOK_MAX_ENDPOINTS; i++)
      await addEndpoint(creator.client, { url: `https://hooks.example.com/${i}` });
    const res = await creator.client.post('/api/creator/webhooks/endpoints', {
      url: 'https://hooks.example.com/one-more',
      events: ['support.created'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(WEBHOOK_MESSAGES.tooManyEndpoints);
  });

  it('is for creators only', async () => {
    const supporter = t.client();
    await supporter.post('/api/auth/sign-up', {
      name: 'Sam',
      email: `sam.${Date.now()}@example.com`,
      password: 'correct horse battery',
      confirmPassword: 'correct horse battery',
      role: 'supporter',
    });
    const res = await supporter.get('/api/creator/webhooks/endpoints');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(WEBHOOK_MESSAGES.creatorOnly);
  });

  it("another creator's endpoint is not found", async () => {
    const owner = await fakeSignedInCreator(t);
    const other = await fakeSignedInCreator(t);
    const { endpoint } = await addEndpoint(owner.client);
    for (const res of [
      await other.client.get(`/api/creator/webhooks/endpoints/${endpoint.id}/deliveries`),
      await other.client.patch(`/api/creator/webhooks/endpoints/${endpoint.id}`, { enabled: false }),
      await other.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/rotate-secret`),
      await other.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`),
      await other.client.delete(`/api/creator/webhooks/endpoints/${endpoint.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await owner.client.get('/api/creator/webhooks/endpoints')).json().endpoints).toEqual([endpoint]);
  });

  it('edits, turns off and deletes an endpoint (with its log)', async () => {
    const creator = await fakeSignedInCreator(t);
    const { endpoint } = await addEndpoint(creator.client);
    const edited = await creator.client.patch(`/api/creator/webhooks/endpoints/${endpoint.id}`, {
      url: 'https://other.example.com/new',
      description: 'Make',
      events: ['payout.paid'],
    });
    expect(edited.json().endpoint).toMatchObject({
      url: 'https://other.example.com/new',
      description: 'Make',
      events: ['payout.paid'],
    });
    const refused = await creator.client.patch(`/api/creator/webhooks/endpoints/${endpoint.id}`, {
      url: 'https://internal.example.com/x',
    });
    expect(refused.json().fieldErrors).toEqual({ url: WEBHOOK_MESSAGES.urlPrivate });
    const off = await creator.client.patch(`/api/creator/webhooks/endpoints/${endpoint.id}`, { enabled: false });
    expect(off.json().endpoint).toMatchObject({ enabled: false, disabledReason: 'Turned off by you.' });
    const test = await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`);
    expect(test.statusCode).toBe(409);
    expect(test.json().message).toBe(WEBHOOK_MESSAGES.disabledTest);
    await creator.client.patch(`/api/creator/webhooks/endpoints/${endpoint.id}`, { enabled: true });
    expect((await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`)).statusCode).toBe(202);
    expect((await creator.client.delete(`/api/creator/webhooks/endpoints/${endpoint.id}`)).statusCode).toBe(204);
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id))).toEqual(
      [],
    );
    expect((await creator.client.delete(`/api/creator/webhooks/endpoints/${endpoint.id}`)).statusCode).toBe(404);
  });
});

describe('webhook deliveries', () => {
  it('sends a signed test event on demand and logs it', async () => {
    const creator = await fakeSignedInCreator(t);
    const { endpoint, secret } = await addEndpoint(creator.client);
    const queued = await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`);
    expect(queued.statusCode).toBe(202);
    expect(queued.json().delivery).toMatchObject({
      eventType: 'webhook.test',
      status: 'pending',
      attempts: 0,
      isTest: true,
    });
    const now = new Date();
    expect(await deliverDueWebhooks(senderDeps(), now)).toMatchObject({ delivered: 1 });
    const [request] = sent;
    expect(request?.target).toMatchObject({ hostname: 'hooks.example.com', address: '93.184.215.14' });
    expect(
      verifyWebhookSignature(
        secret,
        header(request, 'Beabro-Signature'),
        request?.body ?? '',
        Math.floor(now.getTime() / 1000),
      ),
    ).toBe(true);
    expect(
      verifyWebhookSignature(
        'whsec_wrong',
        header(request, 'Beabro-Signature'),
        request?.body ?? '',
        Math.floor(now.getTime() / 1000),
      ),
    ).toBe(false);
    expect(
      verifyWebhookSignature(
        secret,
        header(request, 'Beabro-Signature'),
        `${request?.body} `,
        Math.floor(now.getTime() / 1000),
      ),
    ).toBe(false);
    // An old signature is refused (replay).
    expect(
      verifyWebhookSignature(
        secret,
        header(request, 'Beabro-Signature'),
        request?.body ?? '',
        Math.floor(now.getTime() / 1000) + 3600,
      ),
    ).toBe(false);
    expect(header(request, 'Beabro-Signature')).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const body = JSON.parse(request?.body ?? '{}') as { id: string; type: string; data: { endpointId: string } };
    expect(body).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
    expect(header(request, 'Beabro-Event-Id')).toBe(body.id);
    const [logged] = await deliveriesOf(creator.client, endpoint.id);
    expect(logged).toMatchObject({
      eventId: body.id,
      status: 'delivered',
      attempts: 1,
      responseStatus: 200,
      responseExcerpt: 'ok',
      lastError: null,
    });
  });

  it('rotates the secret: the old one no longer verifies', async () => {
    const creator = await fakeSignedInCreator(t);
    const { endpoint, secret: oldSecret } = await addEndpoint(creator.client);
    const rotated = await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret: newSecret, endpoint: after } = rotated.json() as { secret: string; endpoint: WebhookEndpointDto };
    expect(newSecret).not.toBe(oldSecret);
    expect(after.secretHint).toBe(newSecret.slice(0, 10));
    await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`);
    const now = new Date();
    await deliverDueWebhooks(senderDeps(), now);
    const [request] = sent;
    const seconds = Math.floor(now.getTime() / 1000);
    expect(verifyWebhookSignature(newSecret, header(request, 'Beabro-Signature'), request?.body ?? '', seconds)).toBe(
      true,
    );
    expect(verifyWebhookSignature(oldSecret, header(request, 'Beabro-Signature'), request?.body ?? '', seconds)).toBe(
      false,
    );
  });

  it('a checkout queues support.created and subscription.created in its own statement, for subscribed endpoints only', async () => {
    const creator = await fakeSignedInCreator(t);
    const { endpoint, secret } = await addEndpoint(creator.client);
    const payouts = await addEndpoint(creator.client, {
      url: 'https://other.example.com/payouts',
      events: ['payout.paid'],
    });
    const res = await payCheckout(
      t.client(),
      creator.profile.username,
      checkoutBody({ amount: 12, isRecurring: true, name: 'Jo', message: 'Go!' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.creatorId, creator.user.id));
    expect(rows.map((r) => r.eventType).sort()).toEqual(['subscription.created', 'support.created']);
    expect(rows.every((r) => r.endpointId === endpoint.id)).toBe(true);
    expect(await deliverDueWebhooks(senderDeps(), new Date())).toMatchObject({ delivered: 2 });
    const support = sent
      .map((r) => JSON.parse(r.body) as { type: string; data: { support?: Record<string, unknown> } })
      .find((b) => b.type === 'support.created');
    expect(support?.data.support).toMatchObject({
      amountCents: 1200,
      currency: 'usd',
      isRecurring: true,
      isRenewal: false,
      supporterName: 'Jo',
      message: 'Go!',
    });
    expect(
      sent.every((r) =>
        verifyWebhookSignature(secret, header(r, 'Beabro-Signature'), r.body, Math.floor(Date.now() / 1000)),
      ),
    ).toBe(true);
    expect(await deliveriesOf(creator.client, payouts.endpoint.id)).toEqual([]);
  });

  it('an anonymous support carries no name', async () => {
    const creator = await fakeSignedInCreator(t);
    await addEndpoint(creator.client);
    const body = checkoutRequestSchema.parse(checkoutBody({ amount: 5, name: 'Secret Sam', isAnonymous: true }));
    await paySupport(moneyDeps(t), creator.profile.username, body, null, '10.77.0.1');
    const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.creatorId, creator.user.id));
    expect(row?.body).not.toContain('Secret Sam');
    expect(JSON.parse(row?.body ?? '{}')).toMatchObject({ data: { support: { supporterName: null } } });
  });

  it('is written in the transaction of the change: rolled back with it', async () => {
    const creator = await fakeSignedInCreator(t);
    await addEndpoint(creator.client);
    const event = {
      creatorId: creator.user.id,
      type: 'payout.paid' as const,
      key: 'rolled-back',
      createdAt: new Date(),
      data: {
        payout: {
          id: '00000000-0000-4000-8000-000000000001',
          amountCents: 100,
          currency: 'usd' as const,
          weekStart: '2026-11-16',
          weekEnd: '2026-11-22',
          paidAt: new Date().toISOString(),
        },
      },
    };
    await db()
      .update(webhookEndpoints)
      .set({ events: ['payout.paid'] })
      .where(eq(webhookEndpoints.creatorId, creator.user.id));
    await expect(
      db().transaction(async (tx) => {
        await enqueueWebhookEvent(tx, event);
        expect(
          await tx.select().from(webhookDeliveries).where(eq(webhookDeliveries.creatorId, creator.user.id)),
        ).toHaveLength(1);
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.creatorId, creator.user.id))).toEqual(
      [],
    );
    // Committed, and enqueued twice (a retried job): one delivery.
    await db().transaction(async (tx) => {
      await enqueueWebhookEvent(tx, event);
      await enqueueWebhookEvent(tx, event);
    });
    expect(
      await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.creatorId, creator.user.id)),
    ).toHaveLength(1);
  });

  it('retries with exponential backoff for 3 days, then gives up, turns the endpoint off and emails the creator', async () => {
    const creator = await fakeSignedInCreator(t);
    const { endpoint } = await addEndpoint(creator.client);
    const start = new Date();
    await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`);
    const [row] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
    if (!row) throw new Error('no delivery');
    answer = async () => ({ status: 503, excerpt: `<html>${'busy '.repeat(200)}</html>`.slice(0, 500) });
    let clock = row.createdAt;
    const attemptsAt: number[] = [];
    for (let i = 0; i < 30; i++) {
      const report = await deliverDueWebhooks(senderDeps(), clock);
      if (report.retrying + report.failed === 0) break;
      attemptsAt.push(clock.getTime() - row.createdAt.getTime());
      const [current] = await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row.id));
      if (current?.status !== 'pending') break;
      // Not due a moment before its time.
      expect((await deliverDueWebhooks(senderDeps(), new Date(current.nextAttemptAt.getTime() - 1000))).retrying).toBe(
        0,
      );
      clock = current.nextAttemptAt;
    }
    // 30 s, 2 min, 8 min, 32 min, 2 h 8 min, 8 h 32 min, then every 12 h, within 3 days.
    const expected = [0];
    for (let n = 1; expected.length < 20; n++) {
      const next = (expected.at(-1) ?? 0) + retryDelayMs(n);
      if (next > RETRY_WINDOW_MS) break;
      expected.push(next);
    }
    expect(attemptsAt).toEqual(expected);
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(2)).toBe(120_000);
    expect(retryDelayMs(9)).toBe(12 * 3_600_000);
    const [given] = await deliveriesOf(creator.client, endpoint.id);
    expect(given).toMatchObject({
      status: 'failed',
      attempts: expected.length,
      responseStatus: 503,
      lastError: 'Answered 503',
      nextAttemptAt: null,
    });
    expect(given?.responseExcerpt?.length).toBeLessThanOrEqual(500);
    const [off] = (await creator.client.get('/api/creator/webhooks/endpoints')).json()
      .endpoints as WebhookEndpointDto[];
    expect(off).toMatchObject({ enabled: false });
    expect(off?.disabledReason).toContain('Turned off after failing for 3 days');
    const emails = await emailsTo(db(), creator.email);
    expect(emails.filter((e) => e.kind === 'webhook-endpoint-disabled').map((e) => e.subject)).toEqual([
      'Your webhook endpoint was turned off',
    ]);
    // Turned off: new events are not queued for it; turned back on, it gets them again.
    answer = async () => ({ status: 200, excerpt: 'ok' });
    const on = await creator.client.patch(`/api/creator/webhooks/endpoints/${endpoint.id}`, { enabled: true });
    expect(on.json().endpoint).toMatchObject({ enabled: true, disabledReason: null });
    await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`);
    expect(await deliverDueWebhooks(senderDeps(), new Date(Math.max(Date.now(), start.getTime())))).toMatchObject({
      delivered: 1,
    });
  });

  it('an endpoint failing every delivery for 3 days is turned off even while each delivery still has retries', async () => {
    const creator = await fakeSignedInCreator(t);
    const { endpoint } = await addEndpoint(creator.client);
    answer = async () => {
      throw new Error('connect ECONNREFUSED');
    };
    await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`);
    const day0 = new Date();
    expect(await deliverDueWebhooks(senderDeps(), day0)).toMatchObject({ retrying: 1 });
    // Its own next try is not due yet; a fresh delivery on day 3 fails: the endpoint has failed for 3 days.
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(day0.getTime() + 10 * RETRY_WINDOW_MS) })
      .where(eq(webhookDeliveries.endpointId, endpoint.id));
    const day3 = new Date(day0.getTime() + RETRY_WINDOW_MS + 1000);
    await db().insert(webhookDeliveries).values({
      endpointId: endpoint.id,
      creatorId: creator.user.id,
      eventId: crypto.randomUUID(),
      eventType: 'webhook.test',
      body: '{}',
      isTest: true,
      createdAt: day3,
      nextAttemptAt: day3,
    });
    const report = await deliverDueWebhooks(senderDeps(), day3);
    expect(report).toMatchObject({ retrying: 1, failed: 0, endpointsDisabled: 1 });
    const [newest] = await deliveriesOf(creator.client, endpoint.id);
    expect(newest).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'Could not deliver: connect ECONNREFUSED',
    });
    const [off] = (await creator.client.get('/api/creator/webhooks/endpoints')).json()
      .endpoints as WebhookEndpointDto[];
    expect(off?.enabled).toBe(false);
  });

  it('stores an answer holding NUL and control characters as printable text, and records every delivery of the run', async () => {
    const creator = await fakeSignedInCreator(t);
    const { endpoint } = await addEndpoint(creator.client);
    await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`);
    await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`);
    answer = async () => ({ status: 500, excerpt: 'boom\u0000 at\tline\n2\u0007\u001b[0m' });
    const problems: string[] = [];
    const report = await deliverDueWebhooks(senderDeps({ log: (message) => problems.push(message) }), new Date());
    expect(problems).toEqual([]);
    expect(report).toMatchObject({ retrying: 2, failed: 0 });
    const rows = await deliveriesOf(creator.client, endpoint.id);
    expect(rows.map((row) => [row.status, row.attempts, row.responseStatus, row.responseExcerpt])).toEqual([
      ['pending', 1, 500, 'boom at\tline\n2[0m'],
      ['pending', 1, 500, 'boom at\tline\n2[0m'],
    ]);
  });

  it('gives up a delivery still pending after the 3-day window instead of sending it again', async () => {
    const creator = await fakeSignedInCreator(t);
    const { endpoint } = await addEndpoint(creator.client);
    const now = new Date();
    const old = new Date(now.getTime() - RETRY_WINDOW_MS - 60_000);
    await db().insert(webhookDeliveries).values({
      endpointId: endpoint.id,
      creatorId: creator.user.id,
      eventId: crypto.randomUUID(),
      eventType: 'webhook.test',
      body: '{}',
      isTest: true,
      attempts: 40,
      createdAt: old,
      nextAttemptAt: old,
    });
    expect(await deliverDueWebhooks(senderDeps(), now)).toMatchObject({ delivered: 0, retrying: 0 });
    expect(sent).toHaveLength(0);
    const [given] = await deliveriesOf(creator.client, endpoint.id);
    expect(given).toMatchObject({ status: 'failed', attempts: 40 });
  });

  it('checks the address again at delivery: a DNS answer that turned private (rebinding) is never connected to', async () => {
    const creator = await fakeSignedInCreator(t);
    const { endpoint } = await addEndpoint(creator.client, { url: 'https://rebind.example.com/hook' });
    for (const rebound of [
      ['10.0.0.7'],
      ['93.184.215.16', '127.0.0.1'],
      ['::1'],
      ['::ffff:169.254.169.254'],
      ['fe80::1'],
    ]) {
      dnsAnswers['rebind.example.com'] = rebound;
      await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`);
      await deliverDueWebhooks(senderDeps(), new Date());
    }
    expect(sent).toEqual([]);
    const log = await deliveriesOf(creator.client, endpoint.id);
    expect(log.map((d) => [d.status, d.lastError, d.responseStatus])).toEqual(
      new Array(5).fill(['pending', WEBHOOK_MESSAGES.urlPrivate, null]),
    );
  });

  it('does not follow redirects', async () => {
    const creator = await fakeSignedInCreator(t);
    const { endpoint } = await addEndpoint(creator.client);
    answer = async () => ({ status: 302, excerpt: '' });
    await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`);
    await deliverDueWebhooks(senderDeps(), new Date());
    expect(sent).toHaveLength(1);
    const [logged] = await deliveriesOf(creator.client, endpoint.id);
    expect(logged).toMatchObject({
      status: 'pending',
      responseStatus: 302,
      lastError: 'Answered 302: redirects are not followed',
    });
  });
});

describe('the HTTP client of deliveries', () => {
  let server: Server;
  let port = 0;
  const received: Array<{ host: string | undefined; body: string; headers: IncomingMessage['headers'] }> = [];
  let reply: (res: ServerResponse) => void = (res) => res.end('thanks');
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        received.push({ host: req.headers.host, body, headers: req.headers });
        reply(res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('connects to the checked address with the original Host, and keeps only a short excerpt of the answer', async () => {
    reply = (res) => res.end('x'.repeat(100_000));
    const target = {
      url: new URL(`http://hooks.test:${port}/in?a=1`),
      hostname: 'hooks.test',
      address: '127.0.0.1',
      family: 4 as const,
    };
    const response = await nodeWebhookTransport({
      target,
      headers: { 'Content-Type': 'application/json', 'Beabro-Signature': 't=1,v1=ab' },
      body: '{"a":1}',
      timeoutMs: 5_000,
    });
    expect(response.status).toBe(200);
    expect(response.excerpt).toHaveLength(500);
    const last = received.at(-1);
    expect(last).toMatchObject({ host: `hooks.test:${port}`, body: '{"a":1}' });
    expect(last?.headers['beabro-signature']).toBe('t=1,v1=ab');
  });

  it('gives up on an endpoint that does not answer in time', async () => {
    reply = () => {};
    const target = {
      url: new URL(`http://127.0.0.1:${port}/slow`),
      hostname: '127.0.0.1',
      address: '127.0.0.1',
      family: 4 as const,
    };
    await expect(nodeWebhookTransport({ target, headers: {}, body: '{}', timeoutMs: 300 })).rejects.toThrow(
      /No answer within/,
    );
  });

  it('a real delivery with WEBHOOKS_ALLOW_LOCAL verifies at the receiver', async () => {
    reply = (res) => res.end('ok');
    const local = await createTestApp({ WEBHOOKS_ALLOW_LOCAL: 'true' }, { resolveHost });
    try {
      const account = await fakeUser(local, { role: 'creator' });
      await insertCreatorProfile(local.database.db, account.user.id);
      const created = await account.client.post('/api/creator/webhooks/endpoints', {
        url: `http://127.0.0.1:${port}/hook`,
        events: ['support.created'],
      });
      expect(created.statusCode, created.body).toBe(201);
      const { endpoint, secret } = created.json() as { endpoint: WebhookEndpointDto; secret: string };
      await account.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`);
      const before = received.length;
      const report = await deliverDueWebhooks(
        {
          db: local.database.db,
          appSecret: resolveAppSecret(local.app.config),
          allowLocal: true,
          resolveHost,
          origin: 'http://localhost',
        },
        new Date(),
      );
      expect(report).toMatchObject({ delivered: 1 });
      const got = received[before];
      expect(
        verifyWebhookSignature(
          secret,
          String(got?.headers['beabro-signature']),
          got?.body ?? '',
          Math.floor(Date.now() / 1000),
        ),
      ).toBe(true);
    } finally {
      await local.close();
    }
  });
});

describe('limits', () => {
  it('bounds test events per creator and hour', async () => {
    const creator = await fakeSignedInCreator(t);
    const { endpoint } = await addEndpoint(creator.client);
    for (let i = 0; i < 20; i++)
      expect((await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`)).statusCode).toBe(202);
    const refused = await creator.client.post(`/api/creator/webhooks/endpoints/${endpoint.id}/test`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)),
    ).toHaveLength(20);
  });
});
