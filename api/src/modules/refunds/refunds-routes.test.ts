import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import {
  REFUND_MESSAGES,
  refundRequestSchema,
  type RefundRequest,
  type RefundResponse,
} from '@beabro/shared/api-schemas/refunds';
import { calculateFees } from '@beabro/shared/money/fees';
import { ledgerEntries, payouts, refunds, sandboxRefunds, subscriptions } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp, type TestClient } from '../../testing/test-app';
import { checkoutBody, emailsTo, moneyDeps, payCheckout, paySupport } from '../checkout/checkout-test-factories';
import { checkLedgerIntegrity } from '../ledger/integrity-service';
import { creatorBalanceCents, recordSupport } from '../ledger/ledger-service';
import { runPayouts } from '../payouts/payouts-service';
import { fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import { insertRefund } from './refunds-repository';
import { recoverInterruptedRefunds, refundSupport, STALE_REFUND_MS } from './refunds-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
let ip = 0;
const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

type Creator = Awaited<ReturnType<typeof fakeSignedInCreator>>;

/** A support paid through the sandbox provider (so it can be refunded), at `at` when given. */
async function chargedSupport(
  creator: Creator,
  dollars: number,
  options: { at?: string; isRecurring?: boolean; email?: string } = {},
) {
  const body = checkoutRequestSchema.parse(
    checkoutBody({
      amount: dollars,
      isRecurring: options.isRecurring ?? false,
      ...(options.email ? { email: options.email } : {}),
    }),
  );
  const receipt = await paySupport(
    moneyDeps(t, options.at ? new Date(options.at) : undefined),
    creator.profile.username,
    body,
    null,
    nextIp(),
  );
  return { supportId: receipt.supportId, email: body.email, subscriptionId: receipt.subscriptionId };
}

function postRefund(client: TestClient, supportId: string, body: RefundRequest, key: string | null = randomUUID()) {
  return client.request({
    method: 'POST',
    url: `/api/creator/supports/${supportId}/refunds`,
    headers: key === null ? {} : { 'idempotency-key': key },
    payload: body as Record<string, unknown>,
  });
}

const reasonOnly = { reason: 'requested_by_supporter' } as const;

async function refundEntries(refundId: string) {
  const rows = await db().select().from(ledgerEntries).where(eq(ledgerEntries.refundId, refundId));
  return Object.fromEntries(rows.map((r) => [r.type, { account: r.account, amountCents: r.amountCents }]));
}

async function expectBooksBalanced() {
  const report = await checkLedgerIntegrity(db());
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

describe(`refunds (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('a full refund returns the platform fee, not the processing fee, reverses the ledger, lowers the balance and emails the supporter', async () => {
    const creator = await fakeSignedInCreator(t, { displayName: 'Refund Rae', country: 'US', showEarnings: true });
    const { supportId, email } = await chargedSupport(creator, 10);
    const before = await t.client().get(`/api/creators/${creator.profile.username}`);
    expect(before.json()).toMatchObject({ totalEarnedCents: 1_000 });
    const fees = calculateFees(1_000, 'usd');
    expect(fees).toMatchObject({ platformFeeCents: 50, processingFeeCents: 59, creatorNetCents: 891 });

    const res = await postRefund(creator.client, supportId, {
      amountCents: 1_000,
      ...reasonOnly,
      note: 'Sorry, charged twice by mistake.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json() as RefundResponse;
    expect(answer.replayed).toBe(false);
    expect(answer.refund).toMatchObject({
      supportId,
      amountCents: 1_000,
      platformFeeReturnedCents: 50,
      creatorDebitCents: 950,
      reason: 'requested_by_supporter',
      subscriptionCanceled: false,
    });
    expect(answer.support).toMatchObject({
      id: supportId,
      refundedCents: 1_000,
      platformFeeReturnedCents: 50,
      refundableCents: 0,
    });

    expect(await refundEntries(answer.refund.id)).toEqual({
      gross: { account: 'supporters', amountCents: -1_000 },
      platform_fee: { account: 'platform', amountCents: -50 },
      creator_net: { account: `creator:${creator.profile.userId}`, amountCents: -950 },
    });
    // The creator keeps bearing the 59c processing fee: 891 earned, 950 given back.
    expect(await creatorBalanceCents(db(), creator.profile.userId)).toBe(891 - 950);
    const [sandbox] = await db()
      .select()
      .from(sandboxRefunds)
      .where(eq(sandboxRefunds.idempotencyKey, `refund:${answer.refund.id}`));
    expect(sandbox?.amountCents).toBe(1_000);

    const mail = (await emailsTo(db(), email)).find((m) => m.kind === 'refund-receipt');
    expect(mail?.subject).toBe('Refund: $10.00 from Refund Rae');
    expect(mail?.textBody).toContain('Refund Rae refunded your support: $10.00 is on its way back to your card.');
    expect(mail?.textBody).toContain('Visa ending in 4242');
    expect(mail?.textBody).toContain('A note from Refund Rae: "Sorry, charged twice by mistake."');

    const profile = await t.client().get(`/api/creators/${creator.profile.username}`);
    expect(profile.json()).toMatchObject({ totalEarnedCents: 0, monthlyEarnedCents: 0 });

    const dashboard = await creator.client.get('/api/creator/dashboard');
    expect(dashboard.json()).toMatchObject({ balanceCents: -59, totalEarnings: { grossCents: 0, netCents: -59 } });
    expect(dashboard.json().recentSupports[0]).toMatchObject({
      id: supportId,
      refundedCents: 1_000,
      refundableCents: 0,
    });
    await expectBooksBalanced();
  });

  it('partial refunds return the platform fee pro rata to the cent, and what is left can still be refunded, never more', async () => {
    const creator = await fakeSignedInCreator(t, { country: 'US' });
    const { supportId } = await chargedSupport(creator, 10);

    const first = await postRefund(creator.client, supportId, { amountCents: 333, reason: 'other' });
    expect(first.statusCode, first.body).toBe(201);
    expect((first.json() as RefundResponse).refund).toMatchObject({
      amountCents: 333,
      platformFeeReturnedCents: 17,
      creatorDebitCents: 316,
    });
    expect((first.json() as RefundResponse).support).toMatchObject({ refundedCents: 333, refundableCents: 667 });

    const tooMuch = await postRefund(creator.client, supportId, { amountCents: 668, reason: 'other' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({
      message: 'You can refund at most $6.67',
      fieldErrors: { amountCents: 'You can refund at most $6.67' },
    });

    const rest = await postRefund(creator.client, supportId, { amountCents: 667, reason: 'other' });
    expect(rest.statusCode, rest.body).toBe(201);
    // 50c in all: 17c then 33c.
    expect((rest.json() as RefundResponse).refund).toMatchObject({
      platformFeeReturnedCents: 33,
      creatorDebitCents: 634,
    });

    const again = await postRefund(creator.client, supportId, { amountCents: 1, reason: 'other' });
    expect(again.statusCode).toBe(400);
    expect(again.json().fieldErrors).toEqual({ amountCents: REFUND_MESSAGES.fullyRefunded });
    expect(await creatorBalanceCents(db(), creator.profile.userId)).toBe(891 - 316 - 634);
    await expectBooksBalanced();
  });

  it('refuses a refund larger than the support, of nothing, or without a reason, and stores nothing', async () => {
    const creator = await fakeSignedInCreator(t);
    const { supportId } = await chargedSupport(creator, 5);
    const tooLarge = await postRefund(creator.client, supportId, { amountCents: 501, ...reasonOnly });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().fieldErrors).toEqual({ amountCents: 'You can refund at most $5.00' });
    const zero = await postRefund(creator.client, supportId, { amountCents: 0, ...reasonOnly });
    expect(zero.json().fieldErrors).toEqual({ amountCents: REFUND_MESSAGES.amountAtLeastOneMinorUnit });
    const noReason = await postRefund(creator.client, supportId, { amountCents: 100 } as RefundRequest);
    expect(noReason.json().fieldErrors).toEqual({ reason: REFUND_MESSAGES.reasonRequired });
    const longNote = await postRefund(creator.client, supportId, {
      amountCents: 100,
      ...reasonOnly,
      note: 'x'.repeat(201),
    });
    expect(longNote.json().fieldErrors).toEqual({ note: REFUND_MESSAGES.noteTooLong });
    const noKey = await postRefund(creator.client, supportId, { amountCents: 100, ...reasonOnly }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().fieldErrors).toEqual({ 'idempotency-key': REFUND_MESSAGES.keyMissing });
    expect(await db().select().from(refunds).where(eq(refunds.supportId, supportId))).toEqual([]);
    expect(await creatorBalanceCents(db(), creator.profile.userId)).toBe(calculateFees(500, 'usd').creatorNetCents);
  });

  it('only the creator who received the support can refund it; supports paid outside the provider cannot be', async () => {
    const creator = await fakeSignedInCreator(t);
    const other = await fakeSignedInCreator(t);
    const { supportId } = await chargedSupport(creator, 5);
    const stranger = await postRefund(other.client, supportId, { amountCents: 100, ...reasonOnly });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ message: REFUND_MESSAGES.notFound });
    const visitor = await postRefund(t.client(), supportId, { amountCents: 100, ...reasonOnly });
    expect(visitor.statusCode).toBe(401);
    const unknown = await postRefund(creator.client, randomUUID(), { amountCents: 100, ...reasonOnly });
    expect(unknown.statusCode).toBe(404);

    // A support in the books with no provider charge behind it (imported, or demo data).
    const imported = await recordSupport(db(), {
      creatorId: creator.profile.userId,
      supporterUserId: null,
      supporterName: 'Imported',
      supporterEmail: 'imported@example.com',
      amountCents: 500,
      currency: 'usd',
      message: '',
      isAnonymous: false,
      isRecurring: false,
      subscriptionId: null,
      isRenewal: false,
      tierPosition: null,
      createdAt: new Date(),
    });
    const notCharged = await postRefund(creator.client, imported.id, { amountCents: 100, ...reasonOnly });
    expect(notCharged.statusCode).toBe(400);
    expect(notCharged.json().message).toBe(REFUND_MESSAGES.notRefundable);
    expect(await db().select().from(refunds).where(eq(refunds.creatorId, creator.profile.userId))).toEqual([]);
  });

  it('is idempotent by Idempotency-Key: a repeat answers as the first and refunds once; the key with another refund is refused', async () => {
    const creator = await fakeSignedInCreator(t);
    const { supportId } = await chargedSupport(creator, 20);
    const key = randomUUID();
    const body = { amountCents: 500, reason: 'duplicate', note: 'Double tap' } as const;
    const [a, b] = await Promise.all([
      postRefund(creator.client, supportId, body, key),
      postRefund(creator.client, supportId, body, key),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const answers = [a.json() as RefundResponse, b.json() as RefundResponse];
    expect(answers.map((x) => x.replayed).sort()).toEqual([false, true]);
    expect(answers[0]?.refund.id).toBe(answers[1]?.refund.id);
    const later = await postRefund(creator.client, supportId, body, key);
    expect((later.json() as RefundResponse).replayed).toBe(true);

    const changed = await postRefund(creator.client, supportId, { ...body, amountCents: 600 }, key);
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toBe(REFUND_MESSAGES.keyReused);

    const rows = await db().select().from(refunds).where(eq(refunds.supportId, supportId));
    expect(rows).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(sandboxRefunds)
        .where(eq(sandboxRefunds.idempotencyKey, `refund:${rows[0]?.id}`)),
    ).toHaveLength(1);
    expect(await creatorBalanceCents(db(), creator.profile.userId)).toBe(
      calculateFees(2_000, 'usd').creatorNetCents - (500 - 25),
    );
  });

  it('50 concurrent refunds of one support never refund more than it, and the books still balance', async () => {
    const creator = await fakeSignedInCreator(t);
    const { supportId } = await chargedSupport(creator, 10);
    // 50 x 25c = $12.50 asked of a $10 support: exactly 40 can go through.
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => postRefund(creator.client, supportId, { amountCents: 25, ...reasonOnly })),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(40);
    expect(statuses.filter((s) => s === 400)).toHaveLength(10);
    for (const refused of answers.filter((r) => r.statusCode === 400))
      expect(refused.json().fieldErrors.amountCents).toMatch(
        /^(You can refund at most \$0\.\d\d|This support has already been refunded in full\.)$/,
      );

    const rows = await db()
      .select()
      .from(refunds)
      .where(and(eq(refunds.supportId, supportId), eq(refunds.status, 'succeeded')));
    expect(rows.reduce((sum, r) => sum + r.amountCents, 0)).toBe(1_000);
    expect(rows.reduce((sum, r) => sum + r.platformFeeReturnedCents, 0)).toBe(50);
    const providerTotal = await db().select().from(sandboxRefunds);
    expect(
      providerTotal
        .filter((r) => rows.some((row) => `refund:${row.id}` === r.idempotencyKey))
        .reduce((sum, r) => sum + r.amountCents, 0),
    ).toBe(1_000);
    expect(await creatorBalanceCents(db(), creator.profile.userId)).toBe(891 - 950);
    await expectBooksBalanced();
  });

  it('a refund after the support was paid out leaves a negative balance that the next payouts recover first', async () => {
    const creator = await fakeSignedInCreator(t, { country: 'US' });
    const deps = (at: string) => ({ ...moneyDeps(t, new Date(at)) });
    const pay = (at: string) => runPayouts({ db: db(), provider: moneyDeps(t).provider, log: () => {} }, new Date(at));
    const paidOut = async () =>
      (
        await db()
          .select()
          .from(payouts)
          .where(eq(payouts.creatorId, creator.profile.userId))
          .orderBy(payouts.weekStart)
      ).map((p) => [p.weekStart, p.status, p.amountCents]);

    const a = await chargedSupport(creator, 10, { at: '2026-11-02T10:00:00Z' });
    await pay('2026-11-10T10:00:00Z');
    expect(await paidOut()).toEqual([['2026-11-02', 'paid', 891]]);

    await refundSupport(
      deps('2026-11-11T10:00:00Z'),
      creator.profile.userId,
      a.supportId,
      refundRequestSchema.parse({ amountCents: 1_000, ...reasonOnly }),
      randomUUID(),
    );
    expect(await creatorBalanceCents(db(), creator.profile.userId)).toBe(-950);
    await expectBooksBalanced();

    // The next week's $20 (net 1812) pays out less the 950 refunded.
    const b = await chargedSupport(creator, 20, { at: '2026-11-12T10:00:00Z' });
    await pay('2026-11-17T10:00:00Z');
    expect(await paidOut()).toEqual([
      ['2026-11-02', 'paid', 891],
      ['2026-11-09', 'paid', 1_812 - 950],
    ]);
    const [deducted] = await db()
      .select()
      .from(refunds)
      .where(and(eq(refunds.supportId, a.supportId), isNotNull(refunds.payoutId)));
    expect(deducted?.creatorDebitCents).toBe(950);
    expect(await creatorBalanceCents(db(), creator.profile.userId)).toBe(0);
    await expectBooksBalanced();

    // Refunds outweighing a week's earnings: nothing is paid, the balance stays negative until recovered.
    await chargedSupport(creator, 5, { at: '2026-11-18T10:00:00Z' });
    await refundSupport(
      deps('2026-11-19T10:00:00Z'),
      creator.profile.userId,
      b.supportId,
      refundRequestSchema.parse({ amountCents: 1_000, ...reasonOnly }),
      randomUUID(),
    );
    await pay('2026-11-24T10:00:00Z');
    expect(await paidOut()).toHaveLength(2);
    expect(await creatorBalanceCents(db(), creator.profile.userId)).toBe(430 - 950);
    const summary = await creator.client.get('/api/creator/payouts');
    expect(summary.json()).toMatchObject({ balanceCents: -520, nextPayout: { estimatedAmountCents: 0 } });
    await expectBooksBalanced();
  });

  it("refunding a monthly support's charge can also cancel the monthly support at once", async () => {
    const creator = await fakeSignedInCreator(t);
    const monthly = await chargedSupport(creator, 15, { isRecurring: true });
    const oneOff = await chargedSupport(creator, 5);
    const refused = await postRefund(creator.client, oneOff.supportId, {
      amountCents: 100,
      ...reasonOnly,
      cancelSubscription: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ cancelSubscription: REFUND_MESSAGES.noSubscription });

    const before = (await creator.client.get('/api/creator/dashboard'))
      .json()
      .recentSupports.find((s: { id: string }) => s.id === monthly.supportId);
    expect(before).toMatchObject({ subscriptionActive: true, isRecurring: true });
    const res = await postRefund(creator.client, monthly.supportId, {
      amountCents: 1_500,
      ...reasonOnly,
      cancelSubscription: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as RefundResponse).refund.subscriptionCanceled).toBe(true);
    expect((res.json() as RefundResponse).support.subscriptionActive).toBe(false);
    const [subscription] = await db()
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, monthly.subscriptionId ?? ''));
    expect(subscription).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: true });
    expect(subscription?.endedAt).not.toBeNull();
    const mail = (await emailsTo(db(), monthly.email)).find((m) => m.kind === 'refund-receipt');
    expect(mail?.textBody).toContain('Your monthly support has been cancelled: you will not be charged again.');
  });

  it('a paused monthly support can also be ended by a refund, and the dashboard offers it', async () => {
    const creator = await fakeSignedInCreator(t);
    const monthly = await chargedSupport(creator, 15, { isRecurring: true });
    const subscriptionId = monthly.subscriptionId ?? '';
    await db()
      .update(subscriptions)
      .set({ status: 'paused', pausedAt: new Date(), pauseResumesAt: new Date(Date.now() + 60 * 86_400_000) })
      .where(eq(subscriptions.id, subscriptionId));
    const before = (await creator.client.get('/api/creator/dashboard'))
      .json()
      .recentSupports.find((s: { id: string }) => s.id === monthly.supportId);
    expect(before).toMatchObject({ subscriptionActive: true });

    const res = await postRefund(creator.client, monthly.supportId, {
      amountCents: 1_500,
      ...reasonOnly,
      cancelSubscription: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as RefundResponse).refund.subscriptionCanceled).toBe(true);
    expect((res.json() as RefundResponse).support.subscriptionActive).toBe(false);
    const [subscription] = await db().select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
    expect(subscription?.status).toBe('canceled');
  });

  it('a pending refund completed by two processes at once is recorded once, and neither fails', async () => {
    const creator = await fakeSignedInCreator(t);
    const { supportId } = await chargedSupport(creator, 10);
    const createdAt = new Date(Date.now() - STALE_REFUND_MS - 60_000);
    const pending = await insertRefund(db(), {
      id: randomUUID(),
      supportId,
      creatorId: creator.profile.userId,
      idempotencyKey: randomUUID(),
      requestFingerprint: 'left pending by a process that died',
      amountCents: 1_000,
      currency: 'usd',
      reason: 'requested_by_supporter',
      note: '',
      cancelSubscription: false,
      status: 'pending',
      provider: moneyDeps(t).provider.name,
      createdAt,
    });
    const problems: string[] = [];
    const deps = { ...moneyDeps(t), log: (message: string) => problems.push(message) };
    // Both runs see the refund pending; the second completes it after the first did.
    await Promise.all([recoverInterruptedRefunds(deps), recoverInterruptedRefunds(deps)]);
    expect(problems).toEqual([]);
    const rows = await db().select().from(refunds).where(eq(refunds.supportId, supportId));
    expect(rows).toEqual([
      expect.objectContaining({
        id: pending?.id,
        status: 'succeeded',
        platformFeeReturnedCents: 50,
        creatorDebitCents: 950,
      }),
    ]);
    expect(await refundEntries(pending?.id ?? '')).toMatchObject({ gross: { amountCents: -1_000 } });
    await expectBooksBalanced();
  });

  it("shows on the supporter's history, and in the creator's analytics and CSV on the refund's date", async () => {
    const creator = await fakeSignedInCreator(t);
    const supporter = await fakeUser(t, { role: 'supporter' });
    const paid = await payCheckout(
      supporter.client,
      creator.profile.username,
      checkoutBody({ amount: 8, email: supporter.email, name: 'Sam Refunded' }),
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const supportId = paid.json().receipt.supportId as string;
    const res = await postRefund(creator.client, supportId, { amountCents: 300, ...reasonOnly });
    expect(res.statusCode, res.body).toBe(201);
    const { refund } = res.json() as RefundResponse;

    const history = (await supporter.client.get('/api/supporter/dashboard')).json().history;
    expect(history[0]).toMatchObject({ id: supportId, amountCents: 800, refundedCents: 300 });

    const fees = calculateFees(800, 'usd');
    const analytics = (await creator.client.get('/api/creator/analytics?period=7d')).json();
    expect(analytics.summary).toMatchObject({
      grossCents: 800 - 300,
      netCents: fees.creatorNetCents - refund.creatorDebitCents,
      supports: 1,
    });
    const bucketsNet = (analytics.earnings.buckets as Array<{ netCents: number }>).reduce(
      (sum, b) => sum + b.netCents,
      0,
    );
    expect(bucketsNet).toBe(fees.creatorNetCents - refund.creatorDebitCents);

    const csv = await creator.client.get('/api/creator/analytics/export.csv?period=7d');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(fees).toMatchObject({ platformFeeCents: 40, processingFeeCents: 54, creatorNetCents: 706 });
    expect(lines[1]).toMatch(/^[\d-]+T[\d:.]+Z,Sam Refunded,8\.00,0\.40,0\.54,7\.06,One-time,$/);
    expect(lines[2]).toMatch(
      /^[\d-]+T[\d:.]+Z,Sam Refunded,-3\.00,-0\.15,0\.00,-2\.85,Refund of the support of \d{4}-\d\d-\d\d,$/,
    );
    expect(refund).toMatchObject({ platformFeeReturnedCents: 15, creatorDebitCents: 285 });
  });

  it('the integrity check names a refund whose entries were changed, and a support refunded beyond its amount', async () => {
    const creator = await fakeSignedInCreator(t);
    const { supportId } = await chargedSupport(creator, 10);
    const res = await postRefund(creator.client, supportId, { amountCents: 400, ...reasonOnly });
    const { refund } = res.json() as RefundResponse;
    await expectBooksBalanced();

    const netOf = and(eq(ledgerEntries.refundId, refund.id), eq(ledgerEntries.type, 'creator_net'));
    await db()
      .update(ledgerEntries)
      .set({ amountCents: -refund.creatorDebitCents + 1 })
      .where(netOf);
    try {
      const report = await checkLedgerIntegrity(db());
      expect(report.problems).toEqual([expect.objectContaining({ kind: 'refund', id: refund.id })]);
    } finally {
      await db().update(ledgerEntries).set({ amountCents: -refund.creatorDebitCents }).where(netOf);
    }

    await db()
      .update(refunds)
      .set({ amountCents: 1_400, creatorDebitCents: 1_400 - refund.platformFeeReturnedCents })
      .where(eq(refunds.id, refund.id));
    try {
      const report = await checkLedgerIntegrity(db());
      expect(report.problems.map((p) => p.kind).sort()).toEqual(['refund', 'support']);
      expect(report.problems.find((p) => p.kind === 'support')?.detail).toContain(
        'refunds exceed the support: 1400c refunded of 1000c',
      );
    } finally {
      await db()
        .update(refunds)
        .set({ amountCents: refund.amountCents, creatorDebitCents: refund.creatorDebitCents })
        .where(eq(refunds.id, refund.id));
    }
    await expectBooksBalanced();
  });
});
