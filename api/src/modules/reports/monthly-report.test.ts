import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema, type CheckoutRequest } from '@beabro/shared/api-schemas/checkout';
import { refundRequestSchema } from '@beabro/shared/api-schemas/refunds';
import { calculateFees, formatUsd } from '@beabro/shared/money/fees';
import { emailOutbox, jobRuns, users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkoutBody, moneyDeps, paySupport } from '../checkout/checkout-test-factories';
import { jobDefinitions } from '../jobs/job-definitions';
import { monthlyReportsDue } from '../jobs/job-scheduler';
import { runJob } from '../jobs/run-job';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { refundSupport } from '../refunds/refunds-service';
import { previousMonth } from './monthly-report-service';
import { NO_EMAIL, outboxHtml } from '../../testing/outbox-html';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
let ip = 0;
const LONG_AGO = new Date('2026-01-01T00:00:00Z');
const FIRST = new Date('2026-11-01T06:00:00Z');

async function support(username: string, at: string, amount: number, overrides: Partial<CheckoutRequest> = {}) {
  return paySupport(
    moneyDeps(t, new Date(at)),
    username,
    checkoutRequestSchema.parse(checkoutBody({ amount, ...overrides })),
    null,
    `10.99.${Math.floor(++ip / 250)}.${ip % 250}`,
  );
}

const runReports = (now: Date) =>
  runJob(
    db(),
    'monthly-reports',
    now,
    () => jobDefinitions(moneyDeps(t, now))['monthly-reports'](now),
    () => {},
  );

async function reportsOf(creatorId: string) {
  const [creator] = await db().select({ email: users.email }).from(users).where(eq(users.id, creatorId));
  return db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, 'creator-monthly-report'), eq(emailOutbox.toAddress, creator?.email ?? '')));
}

describe('previousMonth', () => {
  it('is the calendar month before, in UTC, across a year end', () => {
    expect(previousMonth(new Date('2027-01-01T00:30:00Z'))).toMatchObject({
      month: '2026-12',
      label: 'December 2026',
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });
});

describe('monthly report job', () => {
  it("sends last month's figures once per creator, however often it runs, and only to creators who want it", async () => {
    const creator = await fakeCreator(db(), { displayName: 'Report <Rae>', createdAt: LONG_AGO });
    const quiet = await fakeCreator(db(), { displayName: 'Quiet Quinn', createdAt: LONG_AGO });
    const optedOut = await fakeCreator(db(), { displayName: 'No Thanks', createdAt: LONG_AGO });
    await db().update(users).set({ notifyMonthlyReport: false }).where(eq(users.id, optedOut.userId));
    const ana = 'ana.report@example.com';

    await support(creator.username, '2026-09-20T10:00:00Z', 7, { name: 'Ana', email: ana });
    const refunded = await support(creator.username, '2026-10-03T10:00:00Z', 10, { name: 'Ana', email: ana });
    await support(creator.username, '2026-10-05T10:00:00Z', 15, { name: 'Ben <i>Ober</i>', isRecurring: true });
    await support(creator.username, '2026-10-31T23:59:00Z', 20, { name: 'Secret Sue', isAnonymous: true });
    await support(creator.username, '2026-11-01T00:00:00Z', 50, { name: 'Too Late' });
    await support(optedOut.username, '2026-10-10T10:00:00Z', 5);
    await refundSupport(
      { ...moneyDeps(t, new Date('2026-10-20T10:00:00Z')) },
      creator.userId,
      refunded.supportId,
      refundRequestSchema.parse({ amountCents: 1_000, reason: 'requested_by_supporter' }),
      randomUUID(),
    );

    expect(await monthlyReportsDue(db(), FIRST)).toBe(true);
    const [first, second] = await Promise.all([runReports(FIRST), runReports(FIRST)]);
    expect([first.status, second.status].sort()).toEqual(['skipped', 'succeeded']);
    expect(await runReports(new Date('2026-11-01T07:00:00Z'))).toMatchObject({
      status: 'succeeded',
      result: { month: '2026-10', queued: 0 },
    });
    expect(await monthlyReportsDue(db(), new Date('2026-11-01T08:00:00Z'))).toBe(false);

    const [report, ...more] = await reportsOf(creator.userId);
    expect(more).toHaveLength(0);
    expect(report?.dedupeKey).toBe(`monthly-report:${creator.userId}:2026-10`);
    expect(report?.subject).toBe('Your October 2026 report on Be a Bro');
    const net = [10, 15, 20].reduce((sum, dollars) => sum + calculateFees(dollars * 100, 'usd').creatorNetCents, 0);
    const text = report?.textBody ?? '';
    expect(text).toContain('Hi Report <Rae>, here is how October 2026 went.');
    expect(text).toContain('Supports: 3\nGross: $45.00');
    expect(text).toContain(`Net after fees: ${formatUsd(net)}`);
    expect(text).toContain('New supporters: 2');
    expect(text).toContain('Monthly supporters active: 1');
    expect(text).toContain('Refunds: 1 refund, $10.00');
    expect(text).toContain('Ben <i>Ober</i>: $15.00 (1 support)\nAna: $10.00 (1 support)');
    expect(text).not.toContain('Secret Sue');
    expect(text).not.toContain('Too Late');
    expect(text).toContain('See your analytics: https://beabro.test/analytics');
    expect(await outboxHtml(report ?? NO_EMAIL)).toContain('Ben &lt;i&gt;Ober&lt;/i&gt;');

    const [empty] = await reportsOf(quiet.userId);
    expect(empty?.textBody).toContain('Hi Quiet Quinn, no supports came in during October 2026.');
    expect(await reportsOf(optedOut.userId)).toHaveLength(0);

    const runs = await db().select().from(jobRuns).where(eq(jobRuns.name, 'monthly-reports'));
    expect(runs.filter((r) => r.status === 'succeeded')).toHaveLength(2);
  });

  it('does nothing outside the first days of the month', async () => {
    const creator = await fakeCreator(db(), { displayName: 'Mid Month', createdAt: LONG_AGO });
    const mid = new Date('2026-11-15T10:00:00Z');
    expect(await monthlyReportsDue(db(), mid)).toBe(false);
    expect(await runReports(mid)).toMatchObject({ status: 'succeeded', result: { month: '2026-10', queued: 0 } });
    expect(await reportsOf(creator.userId)).toHaveLength(0);
  });
});
