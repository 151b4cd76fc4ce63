import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobRuns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { moneyDeps } from '../checkout/checkout-test-factories';
import { payoutsDue, startJobScheduler } from './job-scheduler';
import { runJob } from './run-job';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const quiet = () => {};

describe('runJob', () => {
  it('records each run with its clock and summary', async () => {
    const asOf = new Date('2026-11-24T10:00:00Z');
    const outcome = await runJob(db(), 'renewals', asOf, async () => ({ renewed: 3 }), quiet);
    expect(outcome).toEqual({ status: 'succeeded', result: { renewed: 3 }, itemErrors: 0 });
    const rows = await db().select().from(jobRuns).where(eq(jobRuns.asOf, asOf));
    expect(rows).toEqual([
      expect.objectContaining({ name: 'renewals', status: 'succeeded', summary: { renewed: 3 }, error: null }),
    ]);
    expect(rows[0]?.finishedAt).not.toBeNull();
  });

  it('succeeds past failed items, but logs and returns how many there were', async () => {
    const logged: string[] = [];
    const asOf = new Date('2026-11-26T10:00:00Z');
    const summary = { recovered: 4, checkoutErrors: 1, refundErrors: 2, errors: 1, failed: 7, note: 'Errors' };
    const outcome = await runJob(
      db(),
      'recover-payments',
      asOf,
      async () => summary,
      (m) => logged.push(m),
    );
    expect(outcome).toEqual({ status: 'succeeded', result: summary, itemErrors: 4 });
    expect(logged).toEqual([expect.stringContaining('job recover-payments went on past 4 failed item(s)')]);
    const [row] = await db().select().from(jobRuns).where(eq(jobRuns.asOf, asOf));
    expect(row).toMatchObject({ status: 'succeeded', summary });
  });

  it('logs and records a failure instead of throwing, and releases the lock', async () => {
    const logged: string[] = [];
    const asOf = new Date('2026-11-25T10:00:00Z');
    const outcome = await runJob(
      db(),
      'payouts',
      asOf,
      async () => Promise.reject(new Error('bank down')),
      (m) => logged.push(m),
    );
    expect(outcome.status).toBe('failed');
    expect(logged[0]).toContain('job payouts failed: Error: bank down');
    const [row] = await db().select().from(jobRuns).where(eq(jobRuns.asOf, asOf));
    expect(row).toMatchObject({ status: 'failed', error: 'bank down' });
    expect((await runJob(db(), 'payouts', asOf, async () => ({}), quiet)).status).toBe('succeeded');
  });

  it('never runs the same job twice at once in one process', async () => {
    let release = () => {};
    const blocker = new Promise<void>((resolve) => (release = resolve));
    let running = () => {};
    const firstRunning = new Promise<void>((resolve) => (running = resolve));
    const first = runJob(
      db(),
      'recover-payments',
      new Date(),
      async () => {
        running();
        await blocker;
        return { ok: true };
      },
      quiet,
    );
    await firstRunning;
    expect(await runJob(db(), 'recover-payments', new Date(), async () => ({ ok: true }), quiet)).toEqual({
      status: 'skipped',
      reason: 'recover-payments is already running in this process',
    });
    // Another job is not held up.
    expect((await runJob(db(), 'renewals', new Date(), async () => ({}), quiet)).status).toBe('succeeded');
    release();
    expect((await first).status).toBe('succeeded');
  });

  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'on PostgreSQL, skips while another instance holds the job’s advisory lock',
    async () => {
      const pool = (db() as unknown as { $client: pg.Pool }).$client;
      const other = new pg.Client({ connectionString: pool.options.connectionString });
      await other.connect();
      try {
        await other.query('select pg_advisory_lock(7240501)');
        let ran = false;
        const outcome = await runJob(
          db(),
          'renewals',
          new Date(),
          async () => {
            ran = true;
            return {};
          },
          quiet,
        );
        expect(outcome).toEqual({ status: 'skipped', reason: 'renewals is already running on another instance' });
        expect(ran).toBe(false);
        await other.query('select pg_advisory_unlock(7240501)');
        expect((await runJob(db(), 'renewals', new Date(), async () => ({}), quiet)).status).toBe('succeeded');
      } finally {
        await other.end();
      }
    },
  );
});

describe('the schedule', () => {
  it('runs payouts on Tuesdays, and on other days only to catch up a missed Tuesday (hourly with Stripe)', async () => {
    const fresh = await createTestApp();
    try {
      const fdb = fresh.database.db;
      expect(await payoutsDue(fdb, new Date('2026-11-24T05:00:00Z'))).toBe(true);
      expect(await payoutsDue(fdb, new Date('2026-11-25T05:00:00Z'))).toBe(true);
      await runJob(fdb, 'payouts', new Date('2026-11-24T05:00:00Z'), async () => ({}), quiet);
      expect(await payoutsDue(fdb, new Date('2026-11-25T05:00:00Z'))).toBe(false);
      expect(await payoutsDue(fdb, new Date('2026-11-30T23:00:00Z'))).toBe(false);
      expect(await payoutsDue(fdb, new Date('2026-12-01T00:30:00Z'))).toBe(true);
      expect(await payoutsDue(fdb, new Date('2026-12-02T00:30:00Z'))).toBe(true);
      // With a provider that pays out itself, every hour: its runs hold or release accounts at the provider.
      const stripeLike = {
        provider: { capabilities: { cardField: 'stripe-elements' as const, connectedAccounts: true } },
      };
      expect(await payoutsDue(fdb, new Date('2026-11-25T05:00:00Z'), stripeLike)).toBe(true);
      expect(await payoutsDue(fdb, new Date('2026-11-25T05:00:00Z'), moneyDeps(fresh))).toBe(false);
    } finally {
      await fresh.close();
    }
  });

  it('starts every job shortly after start and stops cleanly', async () => {
    const before = await db().select().from(jobRuns);
    const scheduler = startJobScheduler(db(), moneyDeps(t), { info: quiet, error: quiet }, 10);
    const deadline = Date.now() + 10_000;
    let names: string[] = [];
    while (Date.now() < deadline) {
      const rows = await db().select().from(jobRuns);
      names = rows.filter((r) => !before.some((b) => b.id === r.id) && r.status !== 'running').map((r) => r.name);
      if (names.includes('renewals') && names.includes('recover-payments')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await scheduler.stop();
    expect(names).toEqual(expect.arrayContaining(['renewals', 'recover-payments']));
  });
});
