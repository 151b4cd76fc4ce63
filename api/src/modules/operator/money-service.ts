import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { OperatorMoneyResponse } from '@beabro/shared/api-schemas/operator';
import type { Currency } from '@beabro/shared/money/currencies';
import type { Db } from '../../db/database';
import {
  creatorProfiles,
  disputes,
  paymentAttempts,
  payoutAccounts,
  payouts,
  providerPayouts,
  refunds,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { recordAudit } from './audit-log';
import { listDisputes, toOperatorPayout, toOperatorProviderPayout } from './people-service';
import { latestReconciliation } from '../ledger/reconciliation-service';
import { creatorBalanceCents } from '../ledger/ledger-service';
import { findPayoutCreator } from '../payouts/payouts-repository';
import { holdFor } from '../payouts/payouts-service';

const LIST_LIMIT = 100;
export const STUCK_KINDS = ['checkout', 'renewal', 'refund'] as const;
export type StuckKind = (typeof STUCK_KINDS)[number];
export const STUCK_ITEM_NOT_FOUND_MESSAGE = 'This item is not waiting for a retry.';
export const STUCK_RETRY_MESSAGE = 'It will be tried again at the next run of the recovery job (every minute).';

/** The last daily reconciliation with the payment provider (the `reconciliation` job), or null before the first. */
async function lastReconciliation(db: Db): Promise<OperatorMoneyResponse['reconciliation']> {
  const run = await latestReconciliation(db);
  return run && { ranAt: run.ranAt.toISOString(), ok: run.ok, differences: run.differences };
}

/** A payout still processing this long after its last change: its transfer did not go through. */
const PAYOUT_STUCK_MS = 60 * 60_000;

/**
 * Held payouts, or failed ones: processing (recorded, transfer not confirmed) for over an hour, or with Stripe returned by
 * the bank.
 */
async function payoutsWithStatus(db: Db, status: 'failed' | 'held', now: Date) {
  const rows = await db
    .select({ payout: payouts, username: creatorProfiles.username })
    .from(payouts)
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, payouts.creatorId))
    .where(
      status === 'held'
        ? eq(payouts.status, 'held')
        : and(eq(payouts.status, 'processing'), lt(payouts.updatedAt, new Date(now.getTime() - PAYOUT_STUCK_MS))),
    )
    .orderBy(desc(payouts.createdAt))
    .limit(LIST_LIMIT);
  const weekly = rows.map(({ payout, username }) => ({ ...toOperatorPayout(payout), username }));
  if (status === 'held') return [...weekly, ...(await heldAtStripe(db, now))].slice(0, LIST_LIMIT);
  // With Stripe: payouts the bank returned (the money is back on the creator's Stripe balance).
  const returned = await db
    .select({ payout: providerPayouts, username: creatorProfiles.username })
    .from(providerPayouts)
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, providerPayouts.creatorId))
    .where(eq(providerPayouts.status, 'failed'))
    .orderBy(desc(providerPayouts.createdAt))
    .limit(LIST_LIMIT);
  return [...weekly, ...returned.map(({ payout, username }) => ({ ...toOperatorProviderPayout(payout), username }))]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, LIST_LIMIT);
}

/**
 * With Stripe: creators whose account's payouts the job holds at Stripe (a manual schedule) with money on it, the
 * balance as the amount and why it is held.
 */
async function heldAtStripe(db: Db, now: Date) {
  const accounts = await db
    .select({
      creatorId: payoutAccounts.creatorId,
      accountId: payoutAccounts.accountId,
      updatedAt: payoutAccounts.updatedAt,
      username: creatorProfiles.username,
      currency: creatorProfiles.currency,
    })
    .from(payoutAccounts)
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, payoutAccounts.creatorId))
    .where(eq(payoutAccounts.payoutsHeld, true))
    .orderBy(desc(payoutAccounts.updatedAt))
    .limit(LIST_LIMIT);
  const held = [];
  for (const account of accounts) {
    const balanceCents = await creatorBalanceCents(db, account.creatorId);
    if (balanceCents <= 0) continue;
    const creator = await findPayoutCreator(db, account.creatorId);
    const hold = await holdFor(db, account.creatorId, creator?.country ?? null, now, balanceCents, creator?.deleted);
    held.push({
      id: account.accountId,
      username: account.username,
      weekStart: null,
      amountCents: balanceCents,
      currency: account.currency ?? 'usd',
      status: 'held',
      // Held by the last run of the payouts job; released by the next one when no hold applies any more.
      holdReason: hold?.reason ?? 'Held at Stripe until the next run of the payouts job releases it.',
      createdAt: account.updatedAt.toISOString(),
    });
  }
  return held;
}

async function stuckItems(db: Db): Promise<OperatorMoneyResponse['stuckItems']> {
  const attempts = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.status, 'pending'), gt(paymentAttempts.recoveryAttempts, 0)))
    .orderBy(desc(paymentAttempts.recoveryAttempts))
    .limit(LIST_LIMIT);
  const stuckRefunds = await db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), gt(refunds.recoveryAttempts, 0)))
    .orderBy(desc(refunds.recoveryAttempts))
    .limit(LIST_LIMIT);
  return [
    ...attempts.map((a) => ({
      kind: a.purpose,
      id: a.id,
      attempts: a.recoveryAttempts,
      nextAttemptAt: a.nextRecoveryAt?.toISOString() ?? null,
      lastError: a.failureMessage,
    })),
    ...stuckRefunds.map((r) => ({
      kind: 'refund',
      id: r.id,
      attempts: r.recoveryAttempts,
      nextAttemptAt: r.nextRecoveryAt?.toISOString() ?? null,
      lastError: r.failureMessage,
    })),
  ];
}

/** Platform revenue by ISO week (Monday, UTC), newest first, the last 12 weeks. */
async function revenueByWeek(db: Db, now: Date): Promise<OperatorMoneyResponse['revenueByWeek']> {
  const since = new Date(now.getTime() - 12 * 7 * 86_400_000);
  const result = (await db.execute(sql`
    with weeks as (
      select generate_series(date_trunc('week', ${since.toISOString()}::timestamptz at time zone 'UTC'),
        date_trunc('week', ${now.toISOString()}::timestamptz at time zone 'UTC'), interval '1 week') as week_start
    )
    select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
      coalesce((select json_agg(json_build_object('currency', r.currency, 'cents', r.cents) order by r.currency <> 'usd', r.currency)
        from (select l.currency, sum(l.amount_cents)::bigint as cents from ledger_entries l where l.account = 'platform'
          and l.type in ('platform_fee', 'processing_fee_difference')
          and l.created_at >= w.week_start at time zone 'UTC' and l.created_at < (w.week_start + interval '1 week') at time zone 'UTC'
          group by l.currency) r), '[]'::json) as revenue,
      (select count(*) from supports s
        where s.created_at >= w.week_start at time zone 'UTC' and s.created_at < (w.week_start + interval '1 week') at time zone 'UTC')::bigint as supports
    from weeks w order by w.week_start desc limit 12`)) as unknown as {
    rows: Array<{
      week_start: string;
      revenue: string | Array<{ currency: Currency; cents: string | number }>;
      supports: string | number;
    }>;
  };
  return result.rows.map((row) => {
    // PGlite and node-postgres both parse json; a driver that does not gives the text.
    const revenue = typeof row.revenue === 'string' ? (JSON.parse(row.revenue) as typeof row.revenue) : row.revenue;
    return {
      weekStart: row.week_start,
      revenue: (revenue as Array<{ currency: Currency; cents: string | number }>).map((r) => ({
        currency: r.currency,
        revenueCents: Number(r.cents),
      })),
      supports: Number(row.supports),
    };
  });
}

/** GET /api/operator/money */
export async function moneyOverview(db: Db, now = new Date()): Promise<OperatorMoneyResponse> {
  const pendingRefunds = await db
    .select()
    .from(refunds)
    .where(eq(refunds.status, 'pending'))
    .orderBy(refunds.createdAt)
    .limit(LIST_LIMIT);
  return {
    disputes: await listDisputes(db, isNull(disputes.closedAt), LIST_LIMIT),
    failedPayouts: await payoutsWithStatus(db, 'failed', now),
    heldPayouts: await payoutsWithStatus(db, 'held', now),
    pendingRefunds: pendingRefunds.map((r) => ({
      id: r.id,
      supportId: r.supportId,
      amountCents: r.amountCents,
      currency: r.currency,
      createdAt: r.createdAt.toISOString(),
      lastError: r.failureMessage,
    })),
    stuckItems: await stuckItems(db),
    reconciliation: await lastReconciliation(db),
    revenueByWeek: await revenueByWeek(db, now),
  };
}

/** POST /api/operator/money/stuck/:kind/:id/retry: due again at once (audited). */
export async function retryStuckItem(db: Db, kind: StuckKind, id: string, actor: string): Promise<void> {
  await db.transaction(async (tx) => {
    let before: { attempts: number; nextAttemptAt: string | null } | null = null;
    if (kind === 'refund') {
      const [row] = await tx
        .update(refunds)
        .set({ nextRecoveryAt: null })
        .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
        .returning({ attempts: refunds.recoveryAttempts });
      if (row) before = { attempts: row.attempts, nextAttemptAt: null };
    } else {
      const [row] = await tx
        .update(paymentAttempts)
        .set({ nextRecoveryAt: null })
        .where(
          and(
            eq(paymentAttempts.id, id),
            eq(paymentAttempts.status, 'pending'),
            inArray(paymentAttempts.purpose, [kind]),
          ),
        )
        .returning({ attempts: paymentAttempts.recoveryAttempts });
      if (row) before = { attempts: row.attempts, nextAttemptAt: null };
    }
    if (!before) throw new AppError('not_found', STUCK_ITEM_NOT_FOUND_MESSAGE);
    await recordAudit(tx, {
      actor,
      action: 'money.retry',
      target: `${kind}:${id}`,
      before: { attempts: before.attempts },
      after: { dueNow: true },
    });
  });
}
