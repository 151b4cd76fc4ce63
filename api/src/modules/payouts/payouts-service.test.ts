import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutRequestSchema } from '@beabro/shared/api-schemas/checkout';
import { PAYOUT_HOLD_MESSAGES } from '@beabro/shared/api-schemas/payouts';
import { refundRequestSchema } from '@beabro/shared/api-schemas/refunds';
import { calculateFees } from '@beabro/shared/money/fees';
import {
  creatorProfiles,
  emailOutbox,
  ledgerEntries,
  payoutItems,
  payouts,
  sandboxTransfers,
  users,
} from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { checkoutBody, moneyDeps, paySupport } from '../checkout/checkout-test-factories';
import { checkLedgerIntegrity } from '../ledger/integrity-service';
import { creatorBalanceCents } from '../ledger/ledger-service';
import { fakeCreator, insertCreatorProfile } from '../public-profile/public-profile-test-factories';
import { refundSupport } from '../refunds/refunds-service';
import { listUndeductedRefundEntries, listUnpaidEntries, sumUnpaid } from './payouts-repository';
import { getCreatorPayouts, PAYOUTS_CSV_COLUMNS, runPayouts, type PayoutDeps } from './payouts-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const net = (dollars: number) => calculateFees(dollars * 100, 'usd').creatorNetCents;
let ip = 0;

async function supportAt(username: string, at: string, dollars: number) {
  const body = checkoutRequestSchema.parse(checkoutBody({ amount: dollars }));
  return paySupport(
    moneyDeps(t, new Date(at)),
    username,
    body,
    null,
    `10.88.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
  );
}

const deps = (): PayoutDeps => ({ db: db(), provider: moneyDeps(t).provider, log: () => {} });
const run = (at: string) => runPayouts(deps(), new Date(at));

async function payoutsOf(creatorId: string) {
  return db().select().from(payouts).where(eq(payouts.creatorId, creatorId)).orderBy(payouts.weekStart);
}

async function transfersTo(creatorId: string) {
  return db()
    .select()
    .from(sandboxTransfers)
    .where(eq(sandboxTransfers.destination, `creator:${creatorId}`));
}

describe('weekly payouts', () => {
  it('pays each creator once for the week before Tuesday, covering every unpaid support until that Sunday', async () => {
    const creator = await fakeCreator(db(), { country: 'US' });
    await supportAt(creator.username, '2026-11-10T09:00:00Z', 10);
    await supportAt(creator.username, '2026-11-18T12:00:00Z', 25);
    await supportAt(creator.username, '2026-11-22T23:59:59Z', 15);
    await supportAt(creator.username, '2026-11-23T00:00:00Z', 5); // Monday: next week's

    const first = await run('2026-11-24T10:00:00Z');
    expect(first).toMatchObject({ weekStart: '2026-11-16', weekEnd: '2026-11-22', errors: 0 });
    // Run again, twice at once, and later in the week: nothing more is paid.
    await run('2026-11-24T11:00:00Z');
    await Promise.all([run('2026-11-24T12:00:00Z'), run('2026-11-24T12:00:00Z')]);
    await run('2026-11-27T12:00:00Z');

    const rows = await payoutsOf(creator.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      weekStart: '2026-11-16',
      weekEnd: '2026-11-22',
      status: 'paid',
      amountCents: net(10) + net(25) + net(15),
      holdReason: null,
    });
    expect(rows[0]?.transferId).toMatch(/^tr_sandbox_/);
    expect(await transfersTo(creator.userId)).toHaveLength(1);
    const items = await db()
      .select()
      .from(payoutItems)
      .where(eq(payoutItems.payoutId, rows[0]?.id ?? ''));
    expect(items).toHaveLength(3);
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.payoutId, rows[0]?.id ?? ''));
    expect(entries).toEqual([
      expect.objectContaining({
        type: 'payout',
        account: `creator:${creator.userId}`,
        amountCents: -(net(10) + net(25) + net(15)),
      }),
    ]);
    expect(await creatorBalanceCents(db(), creator.userId)).toBe(net(5));
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });

    // The next Tuesday pays the Monday support.
    await run('2026-12-01T10:00:00Z');
    expect((await payoutsOf(creator.userId)).map((p) => [p.weekStart, p.status, p.amountCents])).toEqual([
      ['2026-11-16', 'paid', net(10) + net(25) + net(15)],
      ['2026-11-23', 'paid', net(5)],
    ]);
    expect(await creatorBalanceCents(db(), creator.userId)).toBe(0);
    const [account] = await db().select({ email: users.email }).from(users).where(eq(users.id, creator.userId));
    const sent = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, account?.email ?? ''), eq(emailOutbox.kind, 'payout-sent')));
    expect(sent).toHaveLength(2);
    // Dates in words, like every other email (not 2026-11-16).
    expect(sent.map((m) => m.textBody).join('\n')).toContain('the week of November 16 to November 22, 2026 (UTC)');
    expect(sent.map((m) => m.textBody).join('\n')).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });

  it('holds a creator’s first payout until 7 days after their first support, then pays it with a later run', async () => {
    const creator = await fakeCreator(db(), { country: 'CA' });
    await supportAt(creator.username, '2026-11-20T10:00:00Z', 50);
    await run('2026-11-24T10:00:00Z');
    let rows = await payoutsOf(creator.userId);
    expect(rows).toEqual([
      expect.objectContaining({
        weekStart: '2026-11-16',
        status: 'held',
        amountCents: net(50),
        holdReason: PAYOUT_HOLD_MESSAGES.firstPayout('December 1, 2026'),
      }),
    ]);
    expect(await transfersTo(creator.userId)).toHaveLength(0);
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });

    await supportAt(creator.username, '2026-11-25T10:00:00Z', 5);
    await run('2026-12-01T10:00:00Z');
    rows = await payoutsOf(creator.userId);
    expect(rows.map((p) => [p.weekStart, p.status, p.amountCents])).toEqual([
      ['2026-11-16', 'carried_over', net(50)],
      ['2026-11-23', 'paid', net(50) + net(5)],
    ]);
    expect(rows[0]?.carriedIntoPayoutId).toBe(rows[1]?.id);
    expect(await transfersTo(creator.userId)).toHaveLength(1);
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });

  it('holds creators outside the four countries with a clear reason, while supports keep coming; pays once the country is supported', async () => {
    const creator = await fakeCreator(db(), { country: 'DE' });
    const nowhere = await fakeCreator(db(), { country: null });
    await supportAt(creator.username, '2026-11-02T10:00:00Z', 20);
    await supportAt(nowhere.username, '2026-11-02T10:00:00Z', 20);
    await run('2026-11-24T10:00:00Z');
    await run('2026-11-24T11:00:00Z');
    expect(await supportAt(creator.username, '2026-11-24T12:00:00Z', 10)).toMatchObject({ replayed: false });

    const [held] = await payoutsOf(creator.userId);
    expect(held).toMatchObject({
      status: 'held',
      amountCents: net(20),
      holdReason: PAYOUT_HOLD_MESSAGES.unsupportedCountry('DE'),
    });
    expect((await payoutsOf(nowhere.userId))[0]?.holdReason).toBe(PAYOUT_HOLD_MESSAGES.noCountry);
    const [account] = await db().select({ email: users.email }).from(users).where(eq(users.id, creator.userId));
    const notices = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, account?.email ?? ''), eq(emailOutbox.kind, 'payout-held')));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.textBody).toContain('Germany is not a supported payout country');
    expect(await creatorBalanceCents(db(), creator.userId)).toBe(net(20) + net(10));

    // The creator moves to the UK: the next hourly run the same Tuesday pays the held week.
    await db().update(creatorProfiles).set({ country: 'GB' }).where(eq(creatorProfiles.userId, creator.userId));
    await run('2026-11-24T13:00:00Z');
    const [paid] = await payoutsOf(creator.userId);
    expect(paid).toMatchObject({ id: held?.id, status: 'paid', amountCents: net(20), holdReason: null });
    expect(await creatorBalanceCents(db(), creator.userId)).toBe(net(10));
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });

  it('drops a held week once refunds take its money back, instead of showing a stale amount', async () => {
    const creator = await fakeCreator(db(), { country: 'DE' });
    const support = await supportAt(creator.username, '2026-11-02T10:00:00Z', 20);
    await run('2026-11-24T10:00:00Z');
    expect(await payoutsOf(creator.userId)).toEqual([
      expect.objectContaining({ weekStart: '2026-11-16', status: 'held', amountCents: net(20) }),
    ]);

    await refundSupport(
      moneyDeps(t, new Date('2026-11-25T10:00:00Z')),
      creator.userId,
      support.supportId,
      refundRequestSchema.parse({ amountCents: 2_000, reason: 'requested_by_supporter' }),
      randomUUID(),
    );
    await run('2026-12-01T10:00:00Z');
    expect(await payoutsOf(creator.userId)).toEqual([]);
    const summary = await getCreatorPayouts(db(), creator.userId, 'platform', new Date('2026-12-01T11:00:00Z'));
    expect(summary.payouts).toEqual([]);
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });

  it('holds the balance of a deleted creator account instead of paying it out', async () => {
    const creator = await fakeCreator(db(), { country: 'US' });
    await supportAt(creator.username, '2026-09-01T10:00:00Z', 10);
    await db()
      .update(creatorProfiles)
      .set({ deletedAt: new Date('2026-09-10T00:00:00Z') })
      .where(eq(creatorProfiles.userId, creator.userId));
    await run('2026-09-15T10:00:00Z');
    expect(await payoutsOf(creator.userId)).toEqual([
      expect.objectContaining({ status: 'held', holdReason: PAYOUT_HOLD_MESSAGES.accountDeleted }),
    ]);
    expect(await transfersTo(creator.userId)).toHaveLength(0);
  });

  it('a payout recorded before a crash is sent by the next run with the same transfer key', async () => {
    const creator = await fakeCreator(db(), { country: 'AU' });
    await supportAt(creator.username, '2026-10-01T10:00:00Z', 30);
    const broken: PayoutDeps = {
      ...deps(),
      provider: {
        ...deps().provider,
        transfer: async () => {
          throw new Error('bank unreachable');
        },
      },
    };
    const crashed = await runPayouts(broken, new Date('2026-10-13T10:00:00Z'));
    expect(crashed.errors).toBeGreaterThanOrEqual(1);
    expect((await payoutsOf(creator.userId))[0]).toMatchObject({ status: 'processing', amountCents: net(30) });
    // The money left the creator's balance when the payout was recorded.
    expect(await creatorBalanceCents(db(), creator.userId)).toBe(0);
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });

    await run('2026-10-13T11:00:00Z');
    expect((await payoutsOf(creator.userId))[0]).toMatchObject({ status: 'paid' });
    expect(await transfersTo(creator.userId)).toHaveLength(1);
  });
});

describe('the next payout estimate (sumUnpaid)', () => {
  /** The definition, entry by entry: creator-net entries before the cut-off that no payout covers or deducted. */
  async function recount(creatorId: string, before: Date) {
    const entries = [
      ...(await listUnpaidEntries(db(), creatorId, before)),
      ...(await listUndeductedRefundEntries(db(), creatorId, before)),
    ];
    return entries.reduce((sum, e) => sum + e.amountCents, 0);
  }
  const CUT_OFFS = [
    '2026-10-26T00:00:00Z', // before anything
    '2026-10-27T00:00:00Z', // a midnight inside the first paid week
    '2026-10-29T12:00:00Z', // exactly a support's instant
    '2026-11-02T00:00:00Z', // the first paid week's end
    '2026-11-03T12:00:00Z', // between two supports of one day, inside the second paid week
    '2026-11-08T12:00:00Z', // a Sunday: the last day of a paid week, with a support after the cut-off
    '2026-11-09T00:00:00Z',
    '2026-11-11T12:00:00Z', // between a refund and a support of one day
    '2026-11-12T12:00:00Z', // before a refund of a support not paid yet
    '2026-11-20T05:00:00Z',
    '2026-12-02T00:00:00Z', // after everything
  ];
  async function expectRecounted(creatorIds: string[]) {
    for (const creatorId of creatorIds) {
      for (const at of CUT_OFFS) {
        expect({ at, cents: await sumUnpaid(db(), creatorId, new Date(at)) }).toEqual({
          at,
          cents: await recount(creatorId, new Date(at)),
        });
      }
    }
  }

  it('equals the unpaid entries counted one by one, for cut-offs before, inside and after paid, held and carried-over weeks, with refunds', async () => {
    const creator = await fakeCreator(db(), { country: 'US' });
    // Another creator paid in the same weeks, held first (no supported country), then carried over.
    const other = await fakeCreator(db(), { country: 'DE' });
    const first = await supportAt(creator.username, '2026-10-26T09:00:00Z', 10);
    await supportAt(creator.username, '2026-10-29T12:00:00Z', 20);
    await supportAt(creator.username, '2026-11-03T08:00:00Z', 30);
    await supportAt(other.username, '2026-11-03T09:00:00Z', 15);
    await supportAt(creator.username, '2026-11-03T18:00:00Z', 7);
    await supportAt(creator.username, '2026-11-05T00:00:00Z', 12);
    await supportAt(creator.username, '2026-11-08T20:00:00Z', 8);
    await run('2026-11-03T10:00:00Z');
    await run('2026-11-10T10:00:00Z');
    expect((await payoutsOf(creator.userId)).map((p) => [p.weekStart, p.status])).toEqual([
      ['2026-10-26', 'paid'],
      ['2026-11-02', 'paid'],
    ]);
    expect((await payoutsOf(other.userId)).map((p) => [p.weekStart, p.status])).toEqual([['2026-11-02', 'held']]);
    // A refund of paid-out money (deducted by the next payout), then new supports the same day and the next,
    // and a refund of one of those before any payout covers it.
    await refundSupport(
      moneyDeps(t, new Date('2026-11-11T10:00:00Z')),
      creator.userId,
      first.supportId,
      refundRequestSchema.parse({ amountCents: 400, reason: 'requested_by_supporter' }),
      randomUUID(),
    );
    await supportAt(creator.username, '2026-11-11T15:00:00Z', 9);
    await supportAt(other.username, '2026-11-11T16:00:00Z', 6);
    const unpaid = await supportAt(creator.username, '2026-11-12T00:00:00Z', 4);
    await refundSupport(
      moneyDeps(t, new Date('2026-11-13T10:00:00Z')),
      creator.userId,
      unpaid.supportId,
      refundRequestSchema.parse({ amountCents: 150, reason: 'requested_by_supporter' }),
      randomUUID(),
    );
    await expectRecounted([creator.userId, other.userId]);

    await db().update(creatorProfiles).set({ country: 'GB' }).where(eq(creatorProfiles.userId, other.userId));
    await run('2026-11-17T10:00:00Z');
    expect((await payoutsOf(creator.userId)).map((p) => p.status)).toEqual(['paid', 'paid', 'paid']);
    expect((await payoutsOf(other.userId)).map((p) => [p.weekStart, p.status])).toEqual([
      ['2026-11-02', 'carried_over'],
      ['2026-11-09', 'paid'],
    ]);
    await expectRecounted([creator.userId, other.userId]);
    expect(await sumUnpaid(db(), creator.userId, new Date('2026-12-02T00:00:00Z'))).toBe(0);
    expect(await sumUnpaid(db(), other.userId, new Date('2026-12-02T00:00:00Z'))).toBe(0);
    expect(await checkLedgerIntegrity(db())).toMatchObject({ ok: true });
  });
});

describe('GET /api/creator/payouts', () => {
  it('shows the signed-in creator their balance, the next payout and the history', async () => {
    const account = await fakeUser(t, { role: 'creator' });
    const profile = await insertCreatorProfile(db(), account.user.id, { country: 'US' });
    await supportAt(profile.username, '2026-11-02T10:00:00Z', 10);
    await run('2026-11-10T10:00:00Z');
    await supportAt(profile.username, '2026-11-12T10:00:00Z', 25);

    const view = await getCreatorPayouts(db(), account.user.id, 'platform', new Date('2026-11-13T10:00:00Z'));
    expect(view).toMatchObject({
      balanceCents: net(25),
      payoutCountry: 'US',
      payoutCountrySupported: true,
      nextPayout: {
        scheduledFor: '2026-11-17',
        weekStart: '2026-11-09',
        weekEnd: '2026-11-15',
        estimatedAmountCents: net(25),
        holdReason: null,
      },
    });
    expect(view.payouts).toEqual([
      expect.objectContaining({ weekStart: '2026-11-02', status: 'paid', amountCents: net(10), holdReason: null }),
    ]);

    const res = await account.client.get('/api/creator/payouts');
    expect(res.statusCode).toBe(200);
    expect(res.json().payouts).toHaveLength(1);
    expect(res.headers['cache-control']).toContain('no-store');

    // The same list as a CSV download.
    const csv = await account.client.get('/api/creator/payouts/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="be-a-bro-payouts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, row, end] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(PAYOUTS_CSV_COLUMNS.join(','));
    const paid = view.payouts[0]!;
    expect(row).toBe(
      [paid.createdAt, '2026-11-02', '2026-11-08', '', (net(10) / 100).toFixed(2), 'USD', 'Paid', ''].join(','),
    );
    expect(end).toBe('');
    expect((await t.client().get('/api/creator/payouts/export.csv')).statusCode).toBe(401);
  });

  it('estimates a first payout’s hold, and refuses visitors (401) and accounts without a profile (404)', async () => {
    const creator = await fakeCreator(db(), { country: 'US' });
    await supportAt(creator.username, '2026-11-12T10:00:00Z', 10);
    const view = await getCreatorPayouts(db(), creator.userId, 'platform', new Date('2026-11-12T11:00:00Z'));
    expect(view.nextPayout).toMatchObject({
      scheduledFor: '2026-11-17',
      estimatedAmountCents: net(10),
      holdReason: PAYOUT_HOLD_MESSAGES.firstPayout('November 24, 2026'),
    });
    expect((await t.client().get('/api/creator/payouts')).statusCode).toBe(401);
    const supporter = await fakeUser(t);
    expect((await supporter.client.get('/api/creator/payouts')).statusCode).toBe(404);
  });
});
