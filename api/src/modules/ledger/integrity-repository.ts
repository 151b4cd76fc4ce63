import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import {
  creatorProfiles,
  disputes,
  ledgerEntries,
  payoutItems,
  payouts,
  providerPayouts,
  refunds,
  supports,
} from '../../db/schema';

const num = (fragment: ReturnType<typeof sql>) => sql<number>`${fragment}`.mapWith(Number);

/**
 * Supports whose entries are missing, extra, on the wrong account, creator or currency, or do not add up. A support's
 * `processing_fee_difference` (the provider's actual fee against the estimate, on "platform") is outside the four.
 */
export async function findSupportsWithBadEntries(db: Db, limit: number) {
  const sumOf = (type: string) =>
    num(sql`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} = ${type}), 0)`);
  const gross = sumOf('gross');
  const platform = sumOf('platform_fee');
  const processing = sumOf('processing_fee');
  const net = sumOf('creator_net');
  const entryCount = num(
    sql`count(${ledgerEntries.id}) filter (where ${ledgerEntries.type} <> 'processing_fee_difference')`,
  );
  const wrongPlace = sql<boolean>`coalesce(bool_or(
      ${ledgerEntries.creatorId} <> ${supports.creatorId}
      or ${ledgerEntries.currency} <> ${supports.currency}
      or ${ledgerEntries.account} <> case ${ledgerEntries.type}
        when 'gross' then 'supporters' when 'platform_fee' then 'platform' when 'processing_fee' then 'processor'
        when 'processing_fee_difference' then 'platform'
        when 'creator_net' then 'creator:' || ${supports.creatorId}::text else '' end), false)`.mapWith(Boolean);
  return (
    db
      .select({
        supportId: supports.id,
        amountCents: supports.amountCents,
        platformFeeCents: supports.platformFeeCents,
        processingFeeCents: supports.processingFeeCents,
        creatorNetCents: supports.creatorNetCents,
        entryCount,
        gross,
        platform,
        processing,
        net,
        wrongPlace,
      })
      .from(supports)
      // A support's own entries; its refunds' entries are checked with the refunds.
      .leftJoin(
        ledgerEntries,
        and(eq(ledgerEntries.supportId, supports.id), isNull(ledgerEntries.refundId), isNull(ledgerEntries.disputeId)),
      )
      .groupBy(supports.id)
      .having(
        sql`${entryCount} <> 4
        or ${gross} <> ${supports.amountCents}
        or ${platform} <> ${supports.platformFeeCents}
        or ${processing} <> ${supports.processingFeeCents}
        or ${net} <> ${supports.creatorNetCents}
        or ${gross} <> ${platform} + ${processing} + ${net}
        or ${wrongPlace}`,
      )
      .orderBy(supports.id)
      .limit(limit)
  );
}

/** Every payout with the figures that must agree with its amount. */
export async function listPayoutFigures(db: Db) {
  return db
    .select({
      payoutId: payouts.id,
      creatorId: payouts.creatorId,
      weekStart: payouts.weekStart,
      status: payouts.status,
      amountCents: payouts.amountCents,
      // Supports paid, minus refunds and lost fraud disputes' recoveries deducted.
      itemsTotal: num(
        sql`(select coalesce(sum(pi.amount_cents), 0) from ${payoutItems} pi where pi.payout_id = ${payouts.id})
          - (select coalesce(sum(r.creator_debit_cents), 0) from ${refunds} r where r.payout_id = ${payouts.id})
          + (select coalesce(sum(r.creator_debit_cents), 0) from ${refunds} r where r.reversal_payout_id = ${payouts.id})
          - (select coalesce(sum(d.recovered_cents), 0) from ${disputes} d where d.recovery_payout_id = ${payouts.id})`,
      ),
      coveredNet: num(
        sql`(select coalesce(sum(le.amount_cents), 0) from ${payoutItems} pi join ${ledgerEntries} le on le.support_id = pi.support_id and le.type = 'creator_net' and le.refund_id is null where pi.payout_id = ${payouts.id})
          + (select coalesce(sum(le.amount_cents), 0) from ${refunds} r join ${ledgerEntries} le on le.refund_id = r.id and le.type = 'creator_net'
            where (not le.reversal and r.payout_id = ${payouts.id}) or (le.reversal and r.reversal_payout_id = ${payouts.id}))
          + (select coalesce(sum(le.amount_cents), 0) from ${disputes} d join ${ledgerEntries} le on le.dispute_id = d.id and le.type = 'dispute_recovery' and le.account <> 'platform'
            where d.recovery_payout_id = ${payouts.id})`,
      ),
      foreignItems: num(
        sql`(select count(*) from ${payoutItems} pi join ${supports} s on s.id = pi.support_id where pi.payout_id = ${payouts.id} and s.creator_id <> ${payouts.creatorId})`,
      ),
      // A payout covers only what was earned (or refunded) before its week ended: the next-payout estimate
      // relies on it (it looks for what payouts took after a cut-off only among weeks ending after it).
      lateEntries: num(
        sql`(select count(*) from ${payoutItems} pi join ${ledgerEntries} le on le.support_id = pi.support_id and le.type = 'creator_net' and le.refund_id is null
            where pi.payout_id = ${payouts.id} and le.created_at >= ((${payouts.weekEnd} + 1)::timestamp at time zone 'UTC'))
          + (select count(*) from ${refunds} r join ${ledgerEntries} le on le.refund_id = r.id and le.type = 'creator_net'
            where ((not le.reversal and r.payout_id = ${payouts.id}) or (le.reversal and r.reversal_payout_id = ${payouts.id}))
              and le.created_at >= ((${payouts.weekEnd} + 1)::timestamp at time zone 'UTC'))
          + (select count(*) from ${disputes} d join ${ledgerEntries} le on le.dispute_id = d.id and le.type = 'dispute_recovery' and le.account <> 'platform'
            where d.recovery_payout_id = ${payouts.id} and le.created_at >= ((${payouts.weekEnd} + 1)::timestamp at time zone 'UTC'))`,
      ),
      paidOut: num(
        sql`(select coalesce(-sum(le.amount_cents), 0) from ${ledgerEntries} le where le.payout_id = ${payouts.id})`,
      ),
      entryCount: num(sql`(select count(*) from ${ledgerEntries} le where le.payout_id = ${payouts.id})`),
      entriesMisplaced: num(
        sql`(select count(*) from ${ledgerEntries} le where le.payout_id = ${payouts.id} and (le.type <> 'payout' or le.creator_id <> ${payouts.creatorId} or le.account <> 'creator:' || ${payouts.creatorId}::text))`,
      ),
    })
    .from(payouts)
    .orderBy(payouts.createdAt, payouts.id);
}

/**
 * Creator accounts paid out more than they ever earned. A balance may be negative only because of
 * refunds or lost fraud disputes (of money already paid out), which the next payouts recover: without
 * their entries no account may be below zero.
 */
export async function findNegativeCreatorBalances(db: Db) {
  const withoutRefunds = sql`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.refundId} is null and ${ledgerEntries.disputeId} is null), 0)`;
  return db
    .select({
      creatorId: ledgerEntries.creatorId,
      balance: num(sql`sum(${ledgerEntries.amountCents})`),
      withoutRefunds: num(withoutRefunds),
    })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.account} = 'creator:' || ${ledgerEntries.creatorId}::text`)
    .groupBy(ledgerEntries.creatorId)
    .having(sql`${withoutRefunds} < 0`);
}

/**
 * Creators whose money is not all in their one currency (decision 0015): ledger entries in another currency than the
 * creator's, or in two. A creator's currency is fixed once they have a support, so every entry is in it.
 */
export async function findCreatorsWithMixedCurrencies(db: Db, limit: number) {
  return db
    .select({
      creatorId: ledgerEntries.creatorId,
      creatorCurrency: creatorProfiles.currency,
      currencies: sql<string>`string_agg(distinct ${ledgerEntries.currency}, ', ' order by ${ledgerEntries.currency})`,
    })
    .from(ledgerEntries)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, ledgerEntries.creatorId))
    .groupBy(ledgerEntries.creatorId, creatorProfiles.currency)
    .having(
      sql`count(distinct ${ledgerEntries.currency}) > 1 or min(${ledgerEntries.currency}) <> ${creatorProfiles.currency}`,
    )
    .limit(limit);
}

/**
 * Refunds whose entries are wrong: a completed refund has exactly its gross, platform-fee and creator-net
 * reversals (negative, on the right accounts, adding up); one the provider failed after it succeeded has those and
 * the same three given back (reversal entries, positive); a pending one, or one refused when asked, has none.
 */
export async function findRefundsWithBadEntries(db: Db, limit: number) {
  const sumOf = (type: string, reversal: boolean) =>
    num(
      sql`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} = ${type} and ${ledgerEntries.reversal} = ${reversal}), 0)`,
    );
  const gross = sumOf('gross', false);
  const platform = sumOf('platform_fee', false);
  const processing = sumOf('processing_fee', false);
  const net = sumOf('creator_net', false);
  const entryCount = num(sql`count(${ledgerEntries.id}) filter (where not ${ledgerEntries.reversal})`);
  const reversalCount = num(sql`count(${ledgerEntries.id}) filter (where ${ledgerEntries.reversal})`);
  const reversedGross = sumOf('gross', true);
  const reversedPlatform = sumOf('platform_fee', true);
  const reversedNet = sumOf('creator_net', true);
  const wrongPlace = sql<boolean>`coalesce(bool_or(
      ${ledgerEntries.creatorId} <> ${refunds.creatorId} or ${ledgerEntries.supportId} <> ${refunds.supportId}
      or ${ledgerEntries.account} <> case ${ledgerEntries.type}
        when 'gross' then 'supporters' when 'platform_fee' then 'platform'
        when 'creator_net' then 'creator:' || ${refunds.creatorId}::text else '' end), false)`.mapWith(Boolean);
  const refundEntriesWrong = sql`(count(${ledgerEntries.id}) filter (where not ${ledgerEntries.reversal}) <> 3
          or ${gross} <> -${refunds.amountCents}
          or ${platform} <> -${refunds.platformFeeReturnedCents}
          or ${processing} <> 0
          or ${net} <> -${refunds.creatorDebitCents}
          or ${refunds.platformFeeReturnedCents} + ${refunds.creatorDebitCents} <> ${refunds.amountCents}
          or ${wrongPlace})`;
  return db
    .select({
      refundId: refunds.id,
      status: refunds.status,
      amountCents: refunds.amountCents,
      platformFeeReturnedCents: refunds.platformFeeReturnedCents,
      creatorDebitCents: refunds.creatorDebitCents,
      failedLater: sql<boolean>`${refunds.providerFailedAt} is not null`.mapWith(Boolean),
      entryCount,
      gross,
      platform,
      processing,
      net,
      reversalCount,
      reversedGross,
      reversedPlatform,
      reversedNet,
      wrongPlace,
    })
    .from(refunds)
    .leftJoin(ledgerEntries, eq(ledgerEntries.refundId, refunds.id))
    .groupBy(refunds.id)
    .having(
      sql`case when ${refunds.status} = 'succeeded' then ${refundEntriesWrong}
          or count(${ledgerEntries.id}) filter (where ${ledgerEntries.reversal}) <> 0
        when ${refunds.status} = 'failed' and ${refunds.providerFailedAt} is not null then ${refundEntriesWrong}
          or count(${ledgerEntries.id}) filter (where ${ledgerEntries.reversal}) <> 3
          or ${reversedGross} <> ${refunds.amountCents}
          or ${reversedPlatform} <> ${refunds.platformFeeReturnedCents}
          or ${reversedNet} <> ${refunds.creatorDebitCents}
        else count(${ledgerEntries.id}) <> 0 end`,
    )
    .orderBy(refunds.id)
    .limit(limit);
}

/** Supports refunded (completed and in progress) beyond their amount, or returning more platform fee than they paid. */
export async function findOverRefundedSupports(db: Db, limit: number) {
  return db
    .select({
      supportId: supports.id,
      amountCents: supports.amountCents,
      platformFeeCents: supports.platformFeeCents,
      refundedCents: num(
        sql`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.status} in ('pending', 'succeeded') or ${refunds.providerFailedAt} is not null), 0)`,
      ),
      platformFeeReturnedCents: num(
        sql`coalesce(sum(${refunds.platformFeeReturnedCents}) filter (where ${refunds.status} = 'succeeded'), 0)`,
      ),
    })
    .from(supports)
    .innerJoin(refunds, eq(refunds.supportId, supports.id))
    .groupBy(supports.id)
    .having(
      sql`coalesce(sum(${refunds.amountCents}) filter (where ${refunds.status} in ('pending', 'succeeded') or ${refunds.providerFailedAt} is not null), 0) > ${supports.amountCents}
        or coalesce(sum(${refunds.platformFeeReturnedCents}) filter (where ${refunds.status} = 'succeeded'), 0) > ${supports.platformFeeCents}
        or bool_or(${refunds.creatorId} <> ${supports.creatorId})`,
    )
    .orderBy(supports.id)
    .limit(limit);
}

export async function countRefunds(db: Db): Promise<number> {
  const [row] = await db.select({ n: num(sql`count(*)`) }).from(refunds);
  return row?.n ?? 0;
}

export async function countSupports(db: Db): Promise<number> {
  const [row] = await db.select({ n: num(sql`count(*)`) }).from(supports);
  return row?.n ?? 0;
}

export interface RollupMismatch {
  rollup: 'creator_rollups' | 'creator_daily_rollups' | 'creator_supporters';
  /** The creator, with the day or the supporter when the rollup has one. */
  key: string;
  stored: string;
  recomputed: string;
}

/*
 * Each rollup against its recomputation from the facts (the *_recomputed views of migration 0011). A
 * stored row of zeros stands for an absent one (a day whose only support was deleted); a (creator,
 * supporter) row must match exactly.
 */
const ROLLUP_CHECKS = [
  {
    rollup: 'creator_rollups',
    keys: ['creator_id'],
    columns: [
      'supports',
      'supporters',
      'gross_cents',
      'net_cents',
      'refunded_gross_cents',
      'refunded_net_cents',
      'ledger_gross_cents',
      'ledger_net_cents',
      'ledger_payout_cents',
    ],
    zeroIsAbsent: true,
  },
  {
    rollup: 'creator_daily_rollups',
    keys: ['creator_id', 'day'],
    columns: [
      'supports',
      'recurring_supports',
      'gross_cents',
      'net_cents',
      'range1_supports',
      'range2_supports',
      'range3_supports',
      'range4_supports',
      'range5_supports',
      'refunded_gross_cents',
      'refunded_net_cents',
      'ledger_gross_cents',
      'ledger_net_cents',
      'ledger_payout_cents',
      'first_supporters',
      'last_supporters',
      'last_checkout_supporters',
    ],
    zeroIsAbsent: true,
  },
  {
    rollup: 'creator_supporters',
    keys: ['creator_id', 'supporter_id'],
    columns: ['first_support_id', 'first_support_at', 'last_support_at', 'last_checkout_at', 'supports', 'gross_cents'],
    zeroIsAbsent: false,
  },
] as const;

/** Rollup rows that differ from a recomputation from the facts (missing, extra or with other figures), at most `limit` per rollup. */
export async function findRollupMismatches(db: Db, limit: number): Promise<RollupMismatch[]> {
  const mismatches: RollupMismatch[] = [];
  for (const check of ROLLUP_CHECKS) {
    const side = (alias: 's' | 'r') =>
      check.zeroIsAbsent
        ? check.columns.map((c) => `coalesce(${alias}.${c}, 0)`).join(', ')
        : check.columns.map((c) => `${alias}.${c}::text`).join(', ');
    const text = (alias: 's' | 'r') =>
      `concat_ws(' ', ${check.columns.map((c) => `'${c}=' || coalesce(${alias}.${c}::text, 'null')`).join(', ')})`;
    const key = `concat_ws(' ', ${check.keys.map((k) => `coalesce(s.${k}, r.${k})::text`).join(', ')})`;
    const join = check.keys.map((k) => `s.${k} = r.${k}`).join(' and ');
    const result = (await db.execute(
      sql.raw(`select ${key} as key, ${text('s')} as stored, ${text('r')} as recomputed
        from ${check.rollup} s full join ${check.rollup}_recomputed r on ${join}
        where row(${side('s')}) is distinct from row(${side('r')})
        order by 1 limit ${Number(limit)}`),
    )) as unknown as { rows: Array<{ key: string; stored: string; recomputed: string }> };
    for (const row of result.rows)
      mismatches.push({ rollup: check.rollup, key: row.key, stored: row.stored, recomputed: row.recomputed });
  }
  return mismatches;
}

/**
 * Disputes whose ledger entries do not match what the provider withdrew and gave back (the disputed amount and the
 * dispute fee taken from the platform, the amount reinstated when won) and what was taken back from the creator (a
 * lost fraud dispute: `dispute_recovery`, minus the recovered amount on the creator's account and plus it on the
 * platform's), that are on another account or support or creator, or that claim back more than was withdrawn or
 * than the support.
 */
export async function findDisputesWithBadEntries(db: Db, limit: number) {
  const sumOf = (type: string) =>
    num(sql`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} = ${type}), 0)`);
  const recoveryOn = (platform: boolean) =>
    num(
      sql`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} = 'dispute_recovery' and ${ledgerEntries.account} ${sql.raw(platform ? '=' : '<>')} 'platform'), 0)`,
    );
  const misplaced = num(sql`count(${ledgerEntries.id}) filter (where
      (${ledgerEntries.account} <> 'platform' and not (${ledgerEntries.type} = 'dispute_recovery'
        and ${ledgerEntries.account} = 'creator:' || ${disputes.creatorId}::text))
      or ${ledgerEntries.supportId} <> ${disputes.supportId} or ${ledgerEntries.creatorId} <> ${disputes.creatorId}
      or ${ledgerEntries.type} not in ('dispute', 'dispute_fee', 'dispute_reinstated', 'dispute_recovery'))`);
  const rows = await db
    .select({
      disputeId: disputes.id,
      withdrawnCents: disputes.withdrawnCents,
      feeCents: disputes.feeCents,
      reinstatedCents: disputes.reinstatedCents,
      recoveredCents: disputes.recoveredCents,
      supportCents: supports.amountCents,
      withdrawn: sumOf('dispute'),
      fee: sumOf('dispute_fee'),
      reinstated: sumOf('dispute_reinstated'),
      recoveredFromCreator: recoveryOn(false),
      recoveredByPlatform: recoveryOn(true),
      misplaced,
    })
    .from(disputes)
    .innerJoin(supports, eq(supports.id, disputes.supportId))
    .leftJoin(ledgerEntries, eq(ledgerEntries.disputeId, disputes.id))
    .groupBy(disputes.provider, disputes.id, supports.amountCents);
  return rows
    .filter(
      (d) =>
        d.withdrawn !== -d.withdrawnCents ||
        d.fee !== -d.feeCents ||
        d.reinstated !== d.reinstatedCents ||
        d.recoveredFromCreator !== -d.recoveredCents ||
        d.recoveredByPlatform !== d.recoveredCents ||
        d.misplaced > 0 ||
        d.reinstatedCents > d.withdrawnCents ||
        d.withdrawnCents > d.supportCents ||
        d.recoveredCents > d.supportCents,
    )
    .slice(0, limit);
}

/**
 * The provider's payouts (Stripe's, from each creator's account to their bank) whose ledger entries do not match
 * them: one `payout` entry taking the money off the creator's account, given back by one `payout_failure` or
 * `payout_cancel` entry exactly when the payout failed or was canceled.
 */
export async function findProviderPayoutsWithBadEntries(db: Db, limit: number) {
  const sumOf = (types: string[]) =>
    num(
      sql`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} in (${sql.join(
        types.map((t) => sql`${t}`),
        sql`, `,
      )})), 0)`,
    );
  const taken = sumOf(['payout']);
  const givenBack = sumOf(['payout_failure', 'payout_cancel']);
  const entryCount = num(sql`count(${ledgerEntries.id})`);
  const misplaced = num(
    sql`count(${ledgerEntries.id}) filter (where ${ledgerEntries.creatorId} <> ${providerPayouts.creatorId} or ${ledgerEntries.account} <> 'creator:' || ${providerPayouts.creatorId}::text)`,
  );
  const undone = sql`${providerPayouts.status} in ('failed', 'canceled')`;
  return db
    .select({
      id: providerPayouts.id,
      status: providerPayouts.status,
      amountCents: providerPayouts.amountCents,
      taken,
      givenBack,
      entryCount,
      misplaced,
    })
    .from(providerPayouts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.providerPayoutId, providerPayouts.id))
    .groupBy(providerPayouts.provider, providerPayouts.id)
    .having(
      sql`${taken} >= 0 or ${misplaced} > 0
        or ${entryCount} <> (case when ${undone} then 2 else 1 end)
        or ${givenBack} <> (case when ${undone} then -${taken} else 0 end)`,
    )
    .orderBy(providerPayouts.id)
    .limit(limit);
}

export async function countProviderPayouts(db: Db): Promise<number> {
  const [row] = await db.select({ n: num(sql`count(*)`) }).from(providerPayouts);
  return row?.n ?? 0;
}
