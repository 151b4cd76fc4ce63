import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { calculateFees } from '@beabro/shared/money/fees';
import { loadConfig } from '../../config/env';
import { jobRuns, operatorAuditLog, operators, payouts, supports } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { checkoutBody, moneyDeps, paySupport } from '../checkout/checkout-test-factories';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { DEV_JOB_MESSAGES } from './dev-tools-routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DEV_TOOLS: 'true' });
});
afterAll(() => t.close());

describe('POST /api/dev/jobs/:name (DEV_TOOLS=true)', () => {
  it('runs payouts at the given clock: the week is paid once however often it runs', async () => {
    const creator = await fakeCreator(t.database.db, { country: 'US' });
    await paySupport(
      moneyDeps(t, new Date('2026-11-03T10:00:00Z')),
      creator.username,
      checkoutRequestSchema.parse(checkoutBody({ amount: 20 })),
      null,
      '10.77.0.1',
    );
    await paySupport(
      moneyDeps(t, new Date('2026-11-18T10:00:00Z')),
      creator.username,
      checkoutRequestSchema.parse(checkoutBody({ amount: 30 })),
      null,
      '10.77.0.2',
    );

    const first = await t.client().post('/api/dev/jobs/payouts', { now: '2026-11-24T10:00:00Z' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({
      name: 'payouts',
      now: '2026-11-24T10:00:00.000Z',
      result: expect.objectContaining({ weekStart: '2026-11-16', weekEnd: '2026-11-22', paid: 1, errors: 0 }),
    });
    const again = await t.client().post('/api/dev/jobs/payouts', { now: '2026-11-24T11:00:00+00:00' });
    expect(again.json().result).toMatchObject({ paid: 0 });

    const rows = await t.database.db.select().from(payouts).where(eq(payouts.creatorId, creator.userId));
    expect(rows).toEqual([
      expect.objectContaining({
        status: 'paid',
        amountCents: calculateFees(2_000, 'usd').creatorNetCents + calculateFees(3_000, 'usd').creatorNetCents,
      }),
    ]);
    const runs = await t.database.db.select().from(jobRuns).where(eq(jobRuns.name, 'payouts'));
    expect(runs.map((r) => r.asOf.toISOString()).sort()).toEqual([
      '2026-11-24T10:00:00.000Z',
      '2026-11-24T11:00:00.000Z',
    ]);
  });

  it('runs renewals at the given clock: a monthly support is charged again a month later, once', async () => {
    const creator = await fakeCreator(t.database.db);
    await paySupport(
      moneyDeps(t, new Date('2026-10-05T10:00:00Z')),
      creator.username,
      checkoutRequestSchema.parse(checkoutBody({ amount: 9, isRecurring: true })),
      null,
      '10.77.0.3',
    );
    const count = async () =>
      (await t.database.db.select().from(supports).where(eq(supports.creatorId, creator.userId))).length;
    expect(await count()).toBe(1);

    const early = await t.client().post('/api/dev/jobs/renewals', { now: '2026-10-20T10:00:00Z' });
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().result).toMatchObject({ renewed: 0 });
    expect(await count()).toBe(1);

    const later = await t.client().post('/api/dev/jobs/renewals', { now: '2026-11-06T10:00:00Z' });
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().result).toMatchObject({ renewed: 1, errors: 0 });
    await t.client().post('/api/dev/jobs/renewals', { now: '2026-11-06T11:00:00Z' });
    const rows = await t.database.db.select().from(supports).where(eq(supports.creatorId, creator.userId));
    expect(rows.map((r) => [r.amountCents, r.createdAt.toISOString()]).sort()).toEqual([
      [900, '2026-10-05T10:00:00.000Z'],
      [900, '2026-11-06T10:00:00.000Z'],
    ]);
  });

  it('refuses an unknown job, a bad clock or no body with 400 and a field message', async () => {
    const unknown = await t.client().post('/api/dev/jobs/laundry', { now: '2026-11-24T10:00:00Z' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fieldErrors: { name: DEV_JOB_MESSAGES.unknownJob } });
    for (const now of ['tuesday', '2026-11-24', '2026-11-24T10:00:00', 42]) {
      const bad = await t.client().post('/api/dev/jobs/payouts', { now });
      expect(bad.statusCode, String(now)).toBe(400);
      expect(bad.json()).toMatchObject({
        message: 'Please correct the highlighted fields.',
        fieldErrors: { now: expect.any(String) },
      });
    }
    expect((await t.client().post('/api/dev/jobs/payouts', { now: 'tuesday' })).json().fieldErrors.now).toBe(
      DEV_JOB_MESSAGES.badClock,
    );
    const empty = await t.client().post('/api/dev/jobs/payouts', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.now).toEqual(expect.any(String));
  });

  it('is a state-changing API route: refused without the CSRF header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/jobs/payouts',
      payload: { now: '2026-11-24T10:00:00Z' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('development tools off', () => {
  it('do not exist without DEV_TOOLS=true (the default)', async () => {
    const off = await createTestApp();
    try {
      const res = await off.client().post('/api/dev/jobs/payouts', { now: '2026-11-24T10:00:00Z' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
      expect(await off.database.db.select().from(jobRuns)).toEqual([]);
    } finally {
      await off.close();
    }
  });

  it('are refused at start-up with NODE_ENV=production', () => {
    expect(() => loadConfig({ DEV_TOOLS: 'true', NODE_ENV: 'production' })).toThrow(
      /DEV_TOOLS: must not be true on a public server \(NODE_ENV=production\)/,
    );
    expect(loadConfig({ NODE_ENV: 'production' }).devTools).toBe(false);
    expect(loadConfig({ DEV_TOOLS: 'true' }).devTools).toBe(true);
    expect(() => loadConfig({ DEV_TOOLS: 'yes' })).toThrow(/DEV_TOOLS/);
  });
});

describe('POST /api/dev/operators (DEV_TOOLS=true)', () => {
  it('makes an account an operator, audited as the development tools, and says when there is no account', async () => {
    const { user } = await fakeUser(t);
    const res = await t.client().post('/api/dev/operators', { email: user.email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(`${user.email} is now an operator`);
    const [row] = await t.database.db.select().from(operators).where(eq(operators.userId, user.id));
    expect(row?.addedBy).toBe('development tools');
    const [entry] = await t.database.db
      .select()
      .from(operatorAuditLog)
      .where(eq(operatorAuditLog.target, `user:${user.id}`));
    expect(entry).toMatchObject({ actor: 'development tools', action: 'operator.add' });

    const missing = await t.client().post('/api/dev/operators', { email: 'nobody-here@example.com' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('No account uses nobody-here@example.com. The person must sign up first.');
  });
});
