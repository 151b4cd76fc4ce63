import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ledgerEntries, payoutItems, payouts, supports } from '../../db/schema';

const num = (fragment: ReturnType<typeof sql>) => sql<number>`${fragment}`.mapWith(Number);

/** Supports whose entries are missing, extra, on the wrong account or creator, or do not add up. */
export async function findSupportsWithBadEntries(db: Db, limit: number) {
  const sumOf = (type: string) => num(sql`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.type} = ${type}), 0)`);
  const gross = sumOf('gross');
  const platform = sumOf('platform_fee');
  const processing = sumOf('processing_fee');
  const net = sumOf('creator_net');
  const entryCount = num(sql`count(${ledgerEntries.id})`);
  const wrongPlace = sql<boolean>`coalesce(bool_or(
      ${ledgerEntries.creatorId} <> ${supports.creatorId}
      or ${ledgerEntries.account} <> case ${ledgerEntries.type}
        when 'gross' then 'supporters' when 'platform_fee' then 'platform' when 'processing_fee' then 'processor'
        when 'creator_net' then 'creator:' || ${supports.creatorId}::text else '' end), false)`.mapWith(Boolean);
  return db
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
    .leftJoin(ledgerEntries, eq(ledgerEntries.supportId, supports.id))
    .groupBy(supports.id)
    .having(
      sql`count(${ledgerEntries.id}) <> 4
        or ${gross} <> ${supports.amountCents}
        or ${platform} <> ${supports.platformFeeCents}
        or ${processing} <> ${supports.processingFeeCents}
        or ${net} <> ${supports.creatorNetCents}
        or ${gross} <> ${platform} + ${processing} + ${net}
        or ${wrongPlace}`,
    )
    .orderBy(supports.id)
    .limit(limit);
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
      itemsTotal: num(sql`(select coalesce(sum(pi.amount_cents), 0) from ${payoutItems} pi where pi.payout_id = ${payouts.id})`),
      coveredNet: num(
        sql`(select coalesce(sum(le.amount_cents), 0) from ${payoutItems} pi join ${ledgerEntries} le on le.support_id = pi.support_id and le.type = 'creator_net' where pi.payout_id = ${payouts.id})`,
      ),
      foreignItems: num(sql`(select count(*) from ${payoutItems} pi join ${supports} s on s.id = pi.support_id where pi.payout_id = ${payouts.id} and s.creator_id <> ${payouts.creatorId})`),
      paidOut: num(sql`(select coalesce(-sum(le.amount_cents), 0) from ${ledgerEntries} le where le.payout_id = ${payouts.id})`),
      entryCount: num(sql`(select count(*) from ${ledgerEntries} le where le.payout_id = ${payouts.id})`),
      entriesMisplaced: num(
        sql`(select count(*) from ${ledgerEntries} le where le.payout_id = ${payouts.id} and (le.type <> 'payout' or le.creator_id <> ${payouts.creatorId} or le.account <> 'creator:' || ${payouts.creatorId}::text))`,
      ),
    })
    .from(payouts)
    .orderBy(payouts.createdAt, payouts.id);
}

/** Creator accounts that went below zero (paid out more than they earned). */
export async function findNegativeCreatorBalances(db: Db) {
  return db
    .select({ creatorId: ledgerEntries.creatorId, balance: num(sql`sum(${ledgerEntries.amountCents})`) })
    .from(ledgerEntries)
    .where(sql`${ledgerEntries.account} = 'creator:' || ${ledgerEntries.creatorId}::text`)
    .groupBy(ledgerEntries.creatorId)
    .having(sql`sum(${ledgerEntries.amountCents}) < 0`);
}

export async function countSupports(db: Db): Promise<number> {
  const [row] = await db.select({ n: num(sql`count(*)`) }).from(supports);
  return row?.n ?? 0;
}
