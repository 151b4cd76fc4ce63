import { and, desc, eq, gte, inArray, isNotNull, like, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { disputes, ledgerEntries, payoutAccounts, reconciliationRuns, refunds } from '../../db/schema';
import type { BalanceTransaction, PaymentProvider } from '../payments/payment-provider';
import { PLATFORM_ACCOUNT } from './ledger-service';

/*
 * The daily reconciliation with the payment provider (docs/money.md#reconciliation): for a period, the provider's
 * balance transactions of the platform and of each creator's connected account are summed by kind of money and
 * compared with the ledger's entries of the same period and accounts, currency by currency (a balance at the provider
 * is one per currency, as the ledger's entries each carry theirs). Every cent either side that the other lacks is
 * reported as a line; 0 is expected.
 */

type Category = 'net' | 'refunds' | 'disputes' | 'payouts' | 'other';

const CATEGORY_OF_TYPE: Record<string, Category> = {
  charge: 'net',
  payment: 'net',
  transfer: 'net',
  application_fee: 'net',
  refund: 'refunds',
  refund_failure: 'refunds',
  payment_refund: 'refunds',
  payment_failure_refund: 'refunds',
  transfer_refund: 'refunds',
  application_fee_refund: 'refunds',
  adjustment: 'disputes',
  payout: 'payouts',
  payout_failure: 'payouts',
  // A canceled payout's money comes back to the account: with its payout transaction it sums to 0.
  payout_cancel: 'payouts',
};

const LABELS: Record<'platform' | 'creator', Record<Category, string>> = {
  platform: { net: 'fees', refunds: 'refunds', disputes: 'disputes', payouts: 'payouts', other: 'other' },
  creator: { net: 'net', refunds: 'refunds', disputes: 'disputes', payouts: 'payouts', other: 'other' },
};

export interface ReconciliationResult {
  periodStart: Date;
  periodEnd: Date;
  ok: boolean;
  /** One readable line per unexplained difference ("acct_X 2026-12-05: ledger creator net 950, Stripe 940 (-10)"). */
  differences: string[];
  /** The balances compared (the platform, then each connected account). */
  accountsChecked: number;
}

/** Sums by currency and kind of money, keyed "usd:net". */
type Sums = Map<`${string}:${Category}`, number>;

const add = (sums: Sums, currency: string, category: Category, cents: number) => {
  const key = `${currency}:${category}` as const;
  sums.set(key, (sums.get(key) ?? 0) + cents);
};

/**
 * By kind of money; a transaction whose source is in `sourceCategories` counts there whatever its type: the transfer
 * giving a failed refund's creator share back (on the platform and on the creator's account) with refunds, as the
 * refund's reversal entries do; a lost fraud dispute's transfer reversal (the platform's `transfer_refund`, the
 * account's `payment_refund`) with disputes, as its `dispute_recovery` entries do.
 */
function providerSums(transactions: BalanceTransaction[], sourceCategories: ReadonlyMap<string, Category>): Sums {
  const sums: Sums = new Map();
  for (const txn of transactions) {
    const category = (txn.sourceId ? sourceCategories.get(txn.sourceId) : undefined) ?? CATEGORY_OF_TYPE[txn.type];
    add(sums, txn.currency, category ?? 'other', txn.netCents);
  }
  return sums;
}

/**
 * The provider's ids of the money our own corrections moved: the transfers (and the payments they made) that gave
 * failed refunds' creator shares back, as refunds; the transfer reversals (and their payment refunds) that took lost
 * fraud disputes' creator shares back, as disputes.
 */
async function correctionSources(db: Db, provider: string): Promise<Map<string, Category>> {
  const sources = new Map<string, Category>();
  const restores = await db
    .select({ transferId: refunds.creatorRestoreTransferId, paymentId: refunds.creatorRestorePaymentId })
    .from(refunds)
    .where(and(eq(refunds.provider, provider), isNotNull(refunds.creatorRestoreTransferId)));
  for (const row of restores) {
    if (row.transferId) sources.set(row.transferId, 'refunds');
    if (row.paymentId) sources.set(row.paymentId, 'refunds');
  }
  const recoveries = await db
    .select({ reversalId: disputes.recoveryReversalId, paymentRefundId: disputes.recoveryPaymentRefundId })
    .from(disputes)
    .where(and(eq(disputes.provider, provider), isNotNull(disputes.recoveryReversalId)));
  for (const row of recoveries) {
    if (row.reversalId) sources.set(row.reversalId, 'disputes');
    if (row.paymentRefundId) sources.set(row.paymentRefundId, 'disputes');
  }
  return sources;
}

/** The ledger's entries on the accounts given, in [from, to), by kind of money. */
async function ledgerSums(
  db: Db,
  accounts: { platform: boolean; creatorIds: string[] | 'all' },
  from: Date,
  to: Date,
): Promise<Sums> {
  const category = sql<string>`case
    when ${ledgerEntries.refundId} is not null then 'refunds'
    when ${ledgerEntries.type} in ('dispute', 'dispute_fee', 'dispute_reinstated', 'dispute_recovery') then 'disputes'
    when ${ledgerEntries.type} in ('payout', 'payout_failure', 'payout_cancel') then 'payouts'
    else 'net' end`;
  const accountFilters = [
    ...(accounts.platform ? [eq(ledgerEntries.account, PLATFORM_ACCOUNT)] : []),
    ...(accounts.creatorIds === 'all'
      ? [like(ledgerEntries.account, 'creator:%')]
      : accounts.creatorIds.length > 0
        ? [and(like(ledgerEntries.account, 'creator:%'), inArray(ledgerEntries.creatorId, accounts.creatorIds))]
        : []),
  ];
  const sums: Sums = new Map();
  if (accountFilters.length === 0) return sums;
  const rows = await db
    .select({
      currency: ledgerEntries.currency,
      category,
      total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(and(or(...accountFilters), gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)))
    .groupBy(ledgerEntries.currency, category);
  for (const row of rows) add(sums, row.currency, row.category as Category, row.total);
  return sums;
}

function periodLabel(from: Date, to: Date): string {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const last = new Date(to.getTime() - 1);
  return day(from) === day(last) ? day(from) : `${day(from)}..${day(last)}`;
}

function compare(
  differences: string[],
  owner: string,
  side: 'platform' | 'creator',
  label: string,
  providerName: string,
  ledger: Sums,
  provider: Sums,
): void {
  const categories: Category[] = ['net', 'refunds', 'disputes', 'payouts', 'other'];
  const currencies = [...new Set([...ledger.keys(), ...provider.keys()].map((key) => key.split(':')[0] ?? ''))].sort();
  for (const currency of currencies) {
    // US dollars unnamed (the lines read as before); any other currency named after the kind of money.
    const inCurrency = currency === 'usd' ? '' : ` ${currency.toUpperCase()}`;
    for (const category of categories) {
      const ours = ledger.get(`${currency}:${category}`) ?? 0;
      const theirs = provider.get(`${currency}:${category}`) ?? 0;
      if (ours === theirs) continue;
      const diff = theirs - ours;
      differences.push(
        `${owner} ${label}: ledger ${side} ${LABELS[side][category]}${inCurrency} ${ours}, ${providerName} ${theirs} (${diff > 0 ? '+' : ''}${diff})`,
      );
    }
  }
}

const displayName = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/**
 * Compares the provider's balance transactions created in [from, to) with the ledger's entries of the same period,
 * and stores the run. With connected accounts: the platform's balance against the ledger's `platform` account (fees
 * net of the provider's fee, refunds' fee returns, disputes), and each creator's account against their ledger account
 * (net, refunds; payouts to the bank against the payouts the provider reported). Without them (the sandbox), the one
 * balance holds the platform's and every creator's money until a payout: it is compared with those accounts together.
 */
export async function reconcile(
  db: Db,
  provider: PaymentProvider,
  period: { from: Date; to: Date },
  now: Date = new Date(),
): Promise<ReconciliationResult> {
  const { from, to } = period;
  if (!(from.getTime() < to.getTime())) throw new RangeError('the period must end after it starts');
  const label = periodLabel(from, to);
  const name = displayName(provider.name);
  const differences: string[] = [];
  let accountsChecked = 1;
  const platformTransactions = await provider.listBalanceTransactions({ accountId: null, from, to });
  const sources = await correctionSources(db, provider.name);
  if (provider.capabilities.connectedAccounts) {
    compare(
      differences,
      PLATFORM_ACCOUNT,
      'platform',
      label,
      name,
      await ledgerSums(db, { platform: true, creatorIds: [] }, from, to),
      providerSums(platformTransactions, sources),
    );
    const accounts = await db
      .select({ creatorId: payoutAccounts.creatorId, accountId: payoutAccounts.accountId })
      .from(payoutAccounts)
      .where(and(eq(payoutAccounts.provider, provider.name), isNotNull(payoutAccounts.accountId)))
      .orderBy(payoutAccounts.accountId);
    for (const account of accounts) {
      accountsChecked += 1;
      // Stripe's payouts are in the ledger as their events booked them (provider-payouts.ts).
      const ledger = await ledgerSums(db, { platform: false, creatorIds: [account.creatorId] }, from, to);
      const transactions = await provider.listBalanceTransactions({ accountId: account.accountId, from, to });
      compare(differences, account.accountId, 'creator', label, name, ledger, providerSums(transactions, sources));
    }
  } else {
    compare(
      differences,
      PLATFORM_ACCOUNT,
      'platform',
      label,
      name,
      await ledgerSums(db, { platform: true, creatorIds: 'all' }, from, to),
      providerSums(platformTransactions, sources),
    );
  }
  const result = { periodStart: from, periodEnd: to, ok: differences.length === 0, differences, accountsChecked };
  await db
    .insert(reconciliationRuns)
    .values({ ranAt: now, periodStart: from, periodEnd: to, ok: result.ok, differences });
  return result;
}

/** The UTC day [00:00, 24:00) of a date given as YYYY-MM-DD; throws on anything else. */
export function utcDay(date: string): { from: Date; to: Date } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const from = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!from || Number.isNaN(from.getTime()) || from.toISOString().slice(0, 10) !== date)
    throw new RangeError(`${date} is not a date (YYYY-MM-DD)`);
  return { from, to: new Date(from.getTime() + 86_400_000) };
}

/** The UTC day before `now`'s: the one the daily job reconciles (the provider's day is over). */
export function previousUtcDay(now: Date): { from: Date; to: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: new Date(today - 86_400_000), to: new Date(today) };
}

/** The latest run, for the operator console and the integrity check; null before the first. */
export async function latestReconciliation(
  db: Db,
): Promise<{ ranAt: Date; ok: boolean; differences: string[] } | null> {
  const [row] = await db
    .select({ ranAt: reconciliationRuns.ranAt, ok: reconciliationRuns.ok, differences: reconciliationRuns.differences })
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.ranAt))
    .limit(1);
  return row ?? null;
}

/** The result as text, for the command line. */
export function formatReconciliation(result: ReconciliationResult): string {
  const head = `Reconciliation ${periodLabel(result.periodStart, result.periodEnd)}: ${result.ok ? 'OK' : 'DIFFERENCES'} (${result.accountsChecked} ${result.accountsChecked === 1 ? 'balance' : 'balances'} compared)`;
  return [head, ...result.differences.map((line) => `  ${line}`)].join('\n');
}
