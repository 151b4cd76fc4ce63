import type { Db } from '../../db/database';
import {
  countRefunds,
  countSupports,
  findNegativeCreatorBalances,
  findCreatorsWithMixedCurrencies,
  findRollupMismatches,
  findOverRefundedSupports,
  findDisputesWithBadEntries,
  countProviderPayouts,
  findProviderPayoutsWithBadEntries,
  findRefundsWithBadEntries,
  findSupportsWithBadEntries,
  listPayoutFigures,
} from './integrity-repository';

export interface IntegrityProblem {
  kind: 'support' | 'payout' | 'balance' | 'refund' | 'dispute' | 'rollup' | 'currency';
  id: string;
  detail: string;
}

export interface IntegrityReport {
  ok: boolean;
  supportsChecked: number;
  payoutsChecked: number;
  refundsChecked: number;
  problems: IntegrityProblem[];
}

/** At most this many broken supports are listed (the check still fails on the first one). */
const MAX_SUPPORT_PROBLEMS = 100;

/**
 * Proves the books: each support has exactly its gross, platform fee, processing fee and creator
 * net entries, matching the support and adding up (gross = the other three); each paid payout
 * equals the creator-net entries of the supports it covers and its own ledger entry; held payouts
 * moved no money; each dispute's entries match what the provider withdrew and gave back; no creator account is negative; every rollup (migration 0011) equals its
 * recomputation from the supports, refunds and ledger entries.
 */
export async function checkLedgerIntegrity(db: Db): Promise<IntegrityReport> {
  const problems: IntegrityProblem[] = [];
  for (const s of await findSupportsWithBadEntries(db, MAX_SUPPORT_PROBLEMS)) {
    problems.push({
      kind: 'support',
      id: s.supportId,
      detail:
        `support of ${s.amountCents}c (fees ${s.platformFeeCents}c + ${s.processingFeeCents}c, net ${s.creatorNetCents}c) has ${s.entryCount} entries: ` +
        `gross ${s.gross}c, platform ${s.platform}c, processing ${s.processing}c, net ${s.net}c${s.wrongPlace ? ', some on the wrong account or creator' : ''}`,
    });
  }

  const payoutRows = await listPayoutFigures(db);
  for (const p of payoutRows) {
    const where = `payout of week ${p.weekStart} (${p.status}, ${p.amountCents}c)`;
    if (p.status === 'paid' || p.status === 'processing') {
      if (
        p.itemsTotal !== p.amountCents ||
        p.coveredNet !== p.amountCents ||
        p.paidOut !== p.amountCents ||
        p.entryCount !== 1 ||
        p.entriesMisplaced > 0 ||
        p.foreignItems > 0 ||
        p.lateEntries > 0
      ) {
        problems.push({
          kind: 'payout',
          id: p.payoutId,
          detail:
            `${where}: items ${p.itemsTotal}c, creator-net entries of the supports covered ${p.coveredNet}c, paid-out entries ${p.paidOut}c in ${p.entryCount} entries` +
            `${p.entriesMisplaced > 0 ? `, ${p.entriesMisplaced} on the wrong account` : ''}${p.foreignItems > 0 ? `, ${p.foreignItems} supports of another creator` : ''}` +
            `${p.lateEntries > 0 ? `, ${p.lateEntries} entries from after the week ended` : ''}`,
        });
      }
    } else if (p.itemsTotal !== 0 || p.entryCount !== 0) {
      problems.push({
        kind: 'payout',
        id: p.payoutId,
        detail: `${where} moved money: items ${p.itemsTotal}c, ${p.entryCount} ledger entries`,
      });
    }
  }

  for (const p of await findProviderPayoutsWithBadEntries(db, MAX_SUPPORT_PROBLEMS)) {
    problems.push({
      kind: 'payout',
      id: p.id,
      detail: `${p.status} payout ${p.id} of ${p.amountCents} at the provider has ${p.entryCount} ledger entries: taken ${p.taken}c, given back ${p.givenBack}c${p.misplaced > 0 ? `, ${p.misplaced} on the wrong account` : ''}`,
    });
  }

  for (const r of await findRefundsWithBadEntries(db, MAX_SUPPORT_PROBLEMS)) {
    problems.push({
      kind: 'refund',
      id: r.refundId,
      detail:
        `${r.status}${r.failedLater ? ' (after it succeeded)' : ''} refund of ${r.amountCents}c (platform fee returned ${r.platformFeeReturnedCents}c, creator ${r.creatorDebitCents}c) has ${r.entryCount} entries: ` +
        `gross ${r.gross}c, platform ${r.platform}c, processing ${r.processing}c, net ${r.net}c${r.wrongPlace ? ', some on the wrong account, creator or support' : ''}` +
        (r.failedLater || r.reversalCount > 0
          ? `; ${r.reversalCount} given back: gross ${r.reversedGross}c, platform ${r.reversedPlatform}c, net ${r.reversedNet}c`
          : ''),
    });
  }
  for (const s of await findOverRefundedSupports(db, MAX_SUPPORT_PROBLEMS)) {
    problems.push({
      kind: 'support',
      id: s.supportId,
      detail: `refunds exceed the support: ${s.refundedCents}c refunded of ${s.amountCents}c, platform fee returned ${s.platformFeeReturnedCents}c of ${s.platformFeeCents}c (or refunded by another creator)`,
    });
  }

  for (const d of await findDisputesWithBadEntries(db, MAX_SUPPORT_PROBLEMS)) {
    problems.push({
      kind: 'dispute',
      id: d.disputeId,
      detail:
        `dispute withdrew ${d.withdrawnCents}c with a ${d.feeCents}c fee and gave back ${d.reinstatedCents}c (support of ${d.supportCents}c); ` +
        `took back ${d.recoveredCents}c from the creator; ` +
        `its entries: disputed ${d.withdrawn}c, fee ${d.fee}c, reinstated ${d.reinstated}c, ` +
        `recovered ${d.recoveredFromCreator}c (creator) ${d.recoveredByPlatform}c (platform)${d.misplaced > 0 ? `, ${d.misplaced} on the wrong account, support or creator` : ''}`,
    });
  }

  for (const b of await findNegativeCreatorBalances(db)) {
    problems.push({
      kind: 'balance',
      id: b.creatorId,
      detail: `creator account was paid out more than it earned: ${b.withoutRefunds}c before refunds (balance ${b.balance}c)`,
    });
  }

  for (const c of await findCreatorsWithMixedCurrencies(db, MAX_SUPPORT_PROBLEMS)) {
    problems.push({
      kind: 'currency',
      id: c.creatorId,
      detail: `creator's currency is ${c.creatorCurrency} but their ledger entries are in ${c.currencies}`,
    });
  }

  for (const m of await findRollupMismatches(db, MAX_SUPPORT_PROBLEMS)) {
    problems.push({
      kind: 'rollup',
      id: m.key,
      detail: `${m.rollup} holds ${m.stored || 'no row'} but the facts give ${m.recomputed || 'no row'}`,
    });
  }

  return {
    ok: problems.length === 0,
    supportsChecked: await countSupports(db),
    payoutsChecked: payoutRows.length + (await countProviderPayouts(db)),
    refundsChecked: await countRefunds(db),
    problems,
  };
}

/** The report as text, for the command line. */
export function formatIntegrityReport(report: IntegrityReport): string {
  const head = `Ledger integrity: ${report.ok ? 'OK' : 'FAILED'} (${report.supportsChecked} supports, ${report.payoutsChecked} payouts, ${report.refundsChecked} refunds checked)`;
  if (report.ok) return head;
  return [head, ...report.problems.map((p) => `  ${p.kind} ${p.id}: ${p.detail}`)].join('\n');
}
