import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECEIPT_LINK_DAYS_AFTER_END, SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { resolveAppSecret } from '../../config/env';
import { subscriptions } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp, type TestClient } from '../../testing/test-app';
import { checkoutBody, payCheckout } from '../checkout/checkout-test-factories';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { signCancelToken } from './subscription-link';
import { SUBSCRIPTION_PAUSE_CHANGES } from './subscriptions-service';

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
  return res.json().receipt.subscriptionId as string;
}

async function statusOf(id: string) {
  const [row] = await db()
    .select({ status: subscriptions.status, pauseResumesAt: subscriptions.pauseResumesAt })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  return row;
}

describe('POST /api/subscriptions/:id/pause and /resume', () => {
  it('the signed-in owner pauses for 1, 2 or 3 months or until resumed, and resumes', async () => {
    const owner = await fakeUser(t);
    const id = await monthly(owner.client, owner.email);
    const paused = await owner.client.post(`/api/subscriptions/${id}/pause`, { months: 3 });
    expect(paused.statusCode).toBe(200);
    const dto = paused.json().subscription;
    expect(dto).toMatchObject({ id, status: 'paused', cancelAtPeriodEnd: false, endsAt: null });
    expect(dto.pausedUntil).toBe(dto.nextChargeAt);
    // Three skipped charges after the paid month: four months after its start.
    const monthsAhead =
      (new Date(dto.pausedUntil).getUTCFullYear() - new Date().getUTCFullYear()) * 12 +
      new Date(dto.pausedUntil).getUTCMonth() -
      new Date().getUTCMonth();
    expect(monthsAhead).toBe(4);

    const untilResumed = await owner.client.post(`/api/subscriptions/${id}/pause`, { months: null });
    expect(untilResumed.json().subscription).toMatchObject({ status: 'paused', pausedUntil: null, nextChargeAt: null });

    const dashboard = (await owner.client.get('/api/supporter/dashboard')).json();
    expect(dashboard.subscriptions).toEqual([expect.objectContaining({ id, status: 'paused' })]);
    expect(dashboard.recurringSupports).toBe(0);

    const resumed = await owner.client.post(`/api/subscriptions/${id}/resume`);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().subscription).toMatchObject({
      status: 'active',
      pausedUntil: null,
      nextChargeAt: resumed.json().subscription.currentPeriodEnd,
    });
    expect(await statusOf(id)).toEqual({ status: 'active', pauseResumesAt: null });
  });

  it('refuses a pause length other than 1, 2, 3 or null with a field message, and changes nothing', async () => {
    const owner = await fakeUser(t);
    const id = await monthly(owner.client, owner.email);
    for (const body of [{ months: 4 }, { months: 0 }, { months: '1' }, { months: 1.5 }, {}, { months: -1 }]) {
      const res = await owner.client.post(`/api/subscriptions/${id}/pause`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors).toEqual({ months: SUBSCRIPTION_MESSAGES.pauseMonthsInvalid });
    }
    expect(await statusOf(id)).toEqual({ status: 'active', pauseResumesAt: null });
  });

  it('409 with a clear message for a cancelled support; 404 for anyone but the owner; 401 signed out', async () => {
    const owner = await fakeUser(t);
    const id = await monthly(owner.client, owner.email);
    const stranger = await fakeUser(t);
    expect((await stranger.client.post(`/api/subscriptions/${id}/pause`, { months: 1 })).statusCode).toBe(404);
    expect((await stranger.client.post(`/api/subscriptions/${id}/resume`)).statusCode).toBe(404);
    expect((await t.client().post(`/api/subscriptions/${id}/pause`, { months: 1 })).statusCode).toBe(401);
    expect((await owner.client.post(`/api/subscriptions/${randomUUID()}/pause`, { months: 1 })).statusCode).toBe(404);

    expect((await owner.client.post(`/api/subscriptions/${id}/cancel`)).statusCode).toBe(200);
    const refused = await owner.client.post(`/api/subscriptions/${id}/pause`, { months: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SUBSCRIPTION_MESSAGES.pauseEnded);
    expect(await statusOf(id)).toEqual({ status: 'active', pauseResumesAt: null });
  });
});

describe('pause and resume with the receipt link (guests)', () => {
  it('pauses and resumes with the signed token; refuses forged tokens and bad lengths', async () => {
    const id = await monthly(t.client(), `guest.${randomUUID()}@example.com`);
    const token = signCancelToken(secret(), id);
    expect(
      (await t.client().post('/api/subscriptions/pause-by-link', { token: `${id}.forged`, months: 1 })).statusCode,
    ).toBe(400);
    const badLength = await t.client().post('/api/subscriptions/pause-by-link', { token, months: 6 });
    expect(badLength.statusCode).toBe(400);
    expect(badLength.json().fieldErrors).toEqual({ months: SUBSCRIPTION_MESSAGES.pauseMonthsInvalid });
    expect((await t.client().post('/api/subscriptions/resume-by-link', { token: 'garbage' })).statusCode).toBe(400);
    expect(await statusOf(id)).toMatchObject({ status: 'active' });

    const paused = await t.client().post('/api/subscriptions/pause-by-link', { token, months: 1 });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().subscription).toMatchObject({ id, status: 'paused' });

    expect(await statusOf(id)).toMatchObject({ status: 'paused' });

    const resumed = await t.client().post('/api/subscriptions/resume-by-link', { token });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.json().subscription).toMatchObject({ status: 'active' });
    expect(await statusOf(id)).toMatchObject({ status: 'active', pauseResumesAt: null });
  });

  it('limits pauses and resumes per support and day, signed in and by link together; only changes made count', async () => {
    const owner = await fakeUser(t);
    const id = await monthly(owner.client, owner.email);
    const token = signCancelToken(secret(), id);
    // Alternates the signed-in routes and the link's: they share one count.
    const toggle = (n: number) =>
      n % 2 === 0
        ? n % 4 === 0
          ? owner.client.post(`/api/subscriptions/${id}/pause`, { months: 1 })
          : t.client().post('/api/subscriptions/pause-by-link', { token, months: 1 })
        : n % 4 === 1
          ? t.client().post('/api/subscriptions/resume-by-link', { token })
          : owner.client.post(`/api/subscriptions/${id}/resume`);
    // Resuming a running support and pausing again for the same length change nothing and cost nothing.
    expect((await owner.client.post(`/api/subscriptions/${id}/resume`)).statusCode).toBe(200);
    for (let n = 0; n < SUBSCRIPTION_PAUSE_CHANGES.limit; n++) {
      expect((await toggle(n)).statusCode, String(n)).toBe(200);
      if (n === 0)
        expect((await t.client().post('/api/subscriptions/pause-by-link', { token, months: 1 })).statusCode).toBe(200);
    }
    expect(SUBSCRIPTION_PAUSE_CHANGES.limit % 2).toBe(0);
    expect(await statusOf(id)).toMatchObject({ status: 'active' });
    for (const refused of [
      await toggle(SUBSCRIPTION_PAUSE_CHANGES.limit),
      await t.client().post('/api/subscriptions/pause-by-link', { token, months: null }),
    ]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(SUBSCRIPTION_MESSAGES.pausesLimited);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await statusOf(id)).toMatchObject({ status: 'active' });
    // Still idle requests answer, and another support is counted apart.
    expect((await t.client().post('/api/subscriptions/resume-by-link', { token })).statusCode).toBe(200);
    const other = await monthly(t.client(), `toggler.${randomUUID()}@example.com`);
    const otherToken = signCancelToken(secret(), other);
    expect(
      (await t.client().post('/api/subscriptions/pause-by-link', { token: otherToken, months: 1 })).statusCode,
    ).toBe(200);
  });

  // The link page itself (its choices and states) is the site's /subscriptions/cancel route: mf-supporter's
  // server-render tests and e2e email-pages.spec.ts.
  it('refuses a pause once the support was cancelled with the link', async () => {
    const id = await monthly(t.client());
    const token = signCancelToken(secret(), id);
    expect((await t.client().post('/api/subscriptions/cancel-by-link', { token })).statusCode).toBe(200);
    const refused = await t.client().post('/api/subscriptions/pause-by-link', { token, months: null });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SUBSCRIPTION_MESSAGES.pauseEnded);
  });

  it('the link expires 30 days after the support ended, and works until then', async () => {
    const id = await monthly(t.client(), `ended.${randomUUID()}@example.com`);
    const token = signCancelToken(secret(), id);
    const day = 24 * 60 * 60 * 1000;
    const endAt = async (status: 'canceled' | 'lapsed', daysAgo: number) =>
      db()
        .update(subscriptions)
        .set({ status, endedAt: new Date(Date.now() - daysAgo * day) })
        .where(eq(subscriptions.id, id));
    const describe = () => t.client().get(`/api/subscriptions/cancel-by-link?token=${encodeURIComponent(token)}`);

    await endAt('canceled', RECEIPT_LINK_DAYS_AFTER_END - 1);
    expect((await describe()).statusCode).toBe(200);
    // Still answers what it always did: the support has ended.
    expect((await t.client().post('/api/subscriptions/resume-by-link', { token })).statusCode).toBe(409);

    for (const status of ['canceled', 'lapsed'] as const) {
      await endAt(status, RECEIPT_LINK_DAYS_AFTER_END + 1);
      for (const res of [
        await describe(),
        await t.client().post('/api/subscriptions/cancel-by-link', { token }),
        await t.client().post('/api/subscriptions/pause-by-link', { token, months: 1 }),
        await t.client().post('/api/subscriptions/resume-by-link', { token }),
        await t.client().post('/api/subscriptions/change-by-link', { token, amount: 30, tierPosition: null }),
      ]) {
        expect(res.statusCode, status).toBe(400);
        expect(res.json()).toMatchObject({
          message: SUBSCRIPTION_MESSAGES.linkExpired,
          fieldErrors: { token: SUBSCRIPTION_MESSAGES.linkExpired },
        });
      }
    }
    // Nothing was done by the expired link.
    expect(await statusOf(id)).toMatchObject({ status: 'lapsed' });
    // A forged token is still "not valid", not "expired".
    const forged = await t.client().post('/api/subscriptions/resume-by-link', { token: `${id}.forged` });
    expect(forged.json().message).toBe(SUBSCRIPTION_MESSAGES.linkInvalid);
  });

  it('a support that is running keeps its link, however old the receipt', async () => {
    const id = await monthly(t.client(), `old.${randomUUID()}@example.com`);
    const token = signCancelToken(secret(), id);
    const longAgo = new Date(Date.now() - 400 * 24 * 60 * 60 * 1000);
    for (const status of ['active', 'past_due', 'paused'] as const) {
      await db()
        .update(subscriptions)
        .set({ status, canceledAt: longAgo, endedAt: longAgo })
        .where(eq(subscriptions.id, id));
      const res = await t.client().get(`/api/subscriptions/cancel-by-link?token=${encodeURIComponent(token)}`);
      expect(res.statusCode, status).toBe(200);
    }
  });
});
