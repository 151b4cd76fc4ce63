import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { calculateFees } from '@beabro/shared/money/fees';
import { ledgerEntries, payouts } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkoutBody, moneyDeps, paySupport } from '../checkout/checkout-test-factories';
import { fakeCreator } from '../public-profile/public-profile-test-factories';

// The command-line tools run against a real server database; the tests' PGlite lives in memory only.
const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(apiDir, 'node_modules/.bin/tsx');
const run = promisify(execFile);

let t: TestApp;
let databaseUrl = '';

async function command(script: string, args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run(tsx, [script, ...args], {
      cwd: apiDir,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', DATA_DIR: t.app.config.dataDir },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

describe.skipIf(process.env.TEST_DB !== 'postgres')('commands (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    databaseUrl = String((t.database.db as unknown as { $client: pg.Pool }).$client.options.connectionString);
  });
  afterAll(() => t?.close());

  it(
    'jobs payouts --now pays the week once however often it runs; integrity-check passes, then fails on a tampered row',
    { timeout: 60_000 },
    async () => {
      const creator = await fakeCreator(t.database.db, { country: 'US' });
      await paySupport(
        moneyDeps(t, new Date('2026-11-03T10:00:00Z')),
        creator.username,
        checkoutRequestSchema.parse(checkoutBody({ amount: 20 })),
        null,
        '10.66.0.1',
      );
      await paySupport(
        moneyDeps(t, new Date('2026-11-18T10:00:00Z')),
        creator.username,
        checkoutRequestSchema.parse(checkoutBody({ amount: 30 })),
        null,
        '10.66.0.2',
      );

      const first = await command('src/modules/jobs/jobs-command.ts', ['payouts', '--now', '2026-11-24T10:00:00Z']);
      expect(first.code, first.out).toBe(0);
      expect(first.out).toContain(
        'payouts as of 2026-11-24T10:00:00.000Z: {"weekStart":"2026-11-16","weekEnd":"2026-11-22","paid":1',
      );
      const again = await command('src/modules/jobs/jobs-command.ts', ['payouts', '--now=2026-11-24T11:00:00Z']);
      expect(again.out).toContain('"paid":0');
      const rows = await t.database.db.select().from(payouts).where(eq(payouts.creatorId, creator.userId));
      expect(rows).toEqual([
        expect.objectContaining({
          status: 'paid',
          amountCents: calculateFees(2_000, 'usd').creatorNetCents + calculateFees(3_000, 'usd').creatorNetCents,
        }),
      ]);

      const renewals = await command('src/modules/jobs/jobs-command.ts', ['renewals', '--now', '2026-11-24T10:00:00Z']);
      expect(renewals.code, renewals.out).toBe(0);
      expect(renewals.out).toContain('"renewed":0');

      const ok = await command('src/modules/ledger/integrity-check-command.ts', []);
      expect(ok.code, ok.out).toBe(0);
      expect(ok.out).toContain('Ledger integrity: OK (2 supports, 1 payouts, 0 refunds checked)');

      const [entry] = await t.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.type, 'platform_fee'))
        .limit(1);
      await t.database.db
        .update(ledgerEntries)
        .set({ amountCents: 0 })
        .where(eq(ledgerEntries.id, entry?.id ?? ''));
      const broken = await command('src/modules/ledger/integrity-check-command.ts', []);
      expect(broken.code).toBe(1);
      expect(broken.out).toContain('Ledger integrity: FAILED');
      expect(broken.out).toContain(`support ${entry?.supportId}`);
      await t.database.db
        .update(ledgerEntries)
        .set({ amountCents: entry?.amountCents ?? 0 })
        .where(eq(ledgerEntries.id, entry?.id ?? ''));
    },
  );

  it('jobs refuses an unknown job or a bad clock with the usage', async () => {
    const unknown = await command('src/modules/jobs/jobs-command.ts', ['laundry']);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain(
      'Usage: pnpm --filter api jobs <renewals|payouts|recover-payments|monthly-reports|post-emails|reconciliation> [--now <ISO date-time>]',
    );
    const badClock = await command('src/modules/jobs/jobs-command.ts', ['payouts', '--now', 'tuesday']);
    expect(badClock.code).toBe(1);
    expect(badClock.out).toContain('--now needs an ISO date-time');
  });
});
