import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_UP_DOMAIN_BLOCKED_MESSAGE } from '@beabro/shared/api-schemas/operator';
import { PAYOUT_HOLD_MESSAGES } from '@beabro/shared/api-schemas/payouts';
import { creatorProfiles, emailOutbox, payouts, rateLimits } from '../../db/schema';
import { deliverDueEmails } from '../email/email-sender';
import type { MailTransport } from '../email/mail-transport';
import { enqueueEmail } from '../email/email-outbox';
import { SUPPRESSED_ADDRESS_ERROR } from '../email/email-outbox-repository';
import { fakeSupport, fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import { checkoutBody, moneyDeps, paySupport } from '../checkout/checkout-test-factories';
import { runPayouts } from '../payouts/payouts-service';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { fakeOperator } from './operator-test-factories';

let t: TestApp;
let operator: Awaited<ReturnType<typeof fakeOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await fakeOperator(t);
});
afterAll(() => t.close());
const db = () => t.database.db;

describe('People', () => {
  it('finds accounts by email, username and support id, and shows their supports, logins and history', async () => {
    const creator = await fakeSignedInCreator(t);
    const support = await fakeSupport(db(), creator.user.id, { supporterName: 'Generous Gina', amountCents: 700 });
    const byEmail = await operator.client.get(`/api/operator/people?q=${encodeURIComponent(creator.email)}`);
    expect(byEmail.json().people.map((p: { id: string }) => p.id)).toEqual([creator.user.id]);
    const byUsername = await operator.client.get(`/api/operator/people?q=${creator.profile.username}`);
    expect(byUsername.json().people[0]).toMatchObject({ id: creator.user.id, isCreator: true, suspension: null });
    const bySupport = await operator.client.get(`/api/operator/people?q=${support.id}`);
    expect(bySupport.json().people.map((p: { id: string }) => p.id)).toContain(creator.user.id);

    const detail = await operator.client.get(`/api/operator/people/${creator.user.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().supportsReceived).toEqual([
      expect.objectContaining({ id: support.id, counterparty: 'Generous Gina', amountCents: 700, status: 'paid' }),
    ]);
    expect(detail.json().logins.length).toBeGreaterThan(0);
    expect((await operator.client.get('/api/operator/people/not-a-uuid')).statusCode).toBe(400);

    const signOut = await operator.client.post(`/api/operator/people/${creator.user.id}/sign-out`);
    expect(signOut.statusCode, signOut.body).toBe(200);
    expect((await creator.client.get('/api/auth/me')).json().user).toBeNull();
    const resent = await operator.client.post(`/api/operator/people/${creator.user.id}/resend-verification`);
    expect(resent.statusCode, resent.body).toBe(200);
    const after = await operator.client.get(`/api/operator/people/${creator.user.id}`);
    expect(after.json().history.map((e: { action: string }) => e.action)).toEqual([
      'account.resend-verification',
      'account.sign-out',
    ]);
  });
});

describe('New creators to review', () => {
  it("holds a new creator's first payout above the threshold until reviewed", async () => {
    const creator = await fakeSignedInCreator(t, { country: 'US' });
    const settings = await operator.client.put('/api/operator/settings', {
      reviewThresholdCents: 1000,
      reviewHoldDays: 30,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const at = new Date(Date.now() - 9 * 86_400_000);
    const body = checkoutRequestSchema.parse(checkoutBody({ amount: 25 }));
    await paySupport(moneyDeps(t, at), creator.profile.username, body, null, '10.99.0.1');
    const queue = await operator.client.get('/api/operator/reviews');
    expect(queue.json().settings).toEqual({ reviewThresholdCents: 1000, reviewHoldDays: 30 });
    expect(queue.json().creators.map((c: { userId: string }) => c.userId)).toContain(creator.user.id);

    const deps = { db: db(), provider: moneyDeps(t).provider, log: () => {} };
    await runPayouts(deps, new Date());
    const [held] = await db().select().from(payouts).where(eq(payouts.creatorId, creator.user.id));
    expect(held).toMatchObject({ status: 'held', holdReason: PAYOUT_HOLD_MESSAGES.awaitingReview });

    const reviewed = await operator.client.post(`/api/operator/people/${creator.user.id}/review`);
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const queueAfter = await operator.client.get('/api/operator/reviews');
    expect(queueAfter.json().creators.map((c: { userId: string }) => c.userId)).not.toContain(creator.user.id);
    await runPayouts(deps, new Date());
    const [paid] = await db().select().from(payouts).where(eq(payouts.creatorId, creator.user.id));
    expect(paid?.status).not.toBe('held');
    const [profile] = await db().select().from(creatorProfiles).where(eq(creatorProfiles.userId, creator.user.id));
    expect(profile?.reviewedAt).not.toBeNull();
    await operator.client.put('/api/operator/settings', { reviewThresholdCents: 50000, reviewHoldDays: 14 });
  });
});

describe('Money, Email and Limits', () => {
  it('shows the money overview with revenue by week', async () => {
    const res = await operator.client.get('/api/operator/money');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().revenueByWeek).toHaveLength(12);
    expect(res.json().reconciliation).toBeNull();
    const retry = await operator.client.post(
      '/api/operator/money/stuck/refund/00000000-0000-4000-8000-000000000000/retry',
    );
    expect(retry.statusCode).toBe(404);
  });

  it('blocks sign-up domains, and suppresses an address whose email bounced for good until lifted', async () => {
    const blocked = await operator.client.post('/api/operator/email/blocked-domains', { domain: 'Spam-Farm.test' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    const bad = await operator.client.post('/api/operator/email/blocked-domains', { domain: 'not a domain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.domain).toBe('Enter a domain like example.com.');
    const signUp = await t.client().post('/api/auth/sign-up', {
      name: 'Spammer',
      email: 'bot@mail.spam-farm.test',
      password: 'a long enough password',
      confirmPassword: 'a long enough password',
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().fieldErrors.email).toBe(SIGN_UP_DOMAIN_BLOCKED_MESSAGE);
    const overview = await operator.client.get('/api/operator/email');
    expect(overview.json().blockedDomains).toEqual([
      expect.objectContaining({ domain: 'spam-farm.test', by: operator.email }),
    ]);
    expect((await operator.client.delete('/api/operator/email/blocked-domains/spam-farm.test')).statusCode).toBe(200);

    const user = await fakeUser(t);
    // The user's address bounces every time; everyone else's email goes through.
    const failing: MailTransport = {
      name: 'smtp',
      send: (message) =>
        message.to === user.email ? Promise.reject(new Error('550 mailbox unavailable')) : Promise.resolve(),
      close: () => Promise.resolve(),
    };
    const later = new Date(Date.now() + 365 * 86_400_000);
    for (let i = 0; i < 12; i++) await deliverDueEmails(db(), failing, new Date(later.getTime() + i * 86_400_000));
    const emailArea = (await operator.client.get('/api/operator/email')).json();
    expect(emailArea.suppressed.map((s: { email: string }) => s.email)).toContain(user.email);
    expect(emailArea.bounces.map((b: { to: string }) => b.to)).toContain(user.email);
    // While suppressed, a new email to the address is not even tried.
    await enqueueEmail(db(), {
      kind: 'test',
      dedupeKey: `suppressed-test:${user.email}`,
      to: user.email,
      subject: 'Hi',
      text: 'Hi',
    });
    const tried: string[] = [];
    const recording: MailTransport = {
      name: 'smtp',
      send: (message) => {
        tried.push(message.to);
        return Promise.resolve();
      },
      close: () => Promise.resolve(),
    };
    await deliverDueEmails(db(), recording, new Date(later.getTime() + 20 * 86_400_000));
    expect(tried).not.toContain(user.email);
    const [skipped] = await db()
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `suppressed-test:${user.email}`));
    expect(skipped?.lastError).toBe(SUPPRESSED_ADDRESS_ERROR);
    const lifted = await operator.client.delete(`/api/operator/email/suppressed/${encodeURIComponent(user.email)}`);
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await operator.client.get('/api/operator/email')).json().suppressed).toEqual([]);
  });

  it('lists rate-limit counters and unblocks a key', async () => {
    await t.client().post('/api/auth/sign-in', { email: 'who@example.com', password: 'wrong password here' });
    const limits = await operator.client.get('/api/operator/limits');
    expect(limits.statusCode, limits.body).toBe(200);
    const counter = (limits.json().counters as Array<{ key: string }>).find((c) => c.key.startsWith('sign-in:ip:'));
    if (!counter) throw new Error('no sign-in counter');
    const cleared = await operator.client.post('/api/operator/limits/unblock', { key: counter.key });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await db().select().from(rateLimits).where(eq(rateLimits.key, counter.key))).toEqual([]);
    expect((await operator.client.post('/api/operator/limits/unblock', { key: counter.key })).statusCode).toBe(404);
  });
});
