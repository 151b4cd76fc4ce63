import { and, eq } from 'drizzle-orm';
import type { PayoutDto } from '@beabro/shared/api-schemas/payouts';
import type { Db } from '../../db/database';
import { ledgerEntries, payoutAccounts } from '../../db/schema';
import { enqueueEmail } from '../email/email-outbox';
import { creatorAccount } from '../ledger/ledger-service';
import type { MoneyDeps } from '../payments/money-deps';
import type { OrderedEventOutcome, ProviderPayoutReport } from '../payments/payment-events';
import type { PaymentProvider } from '../payments/payment-provider';
import {
  findPayoutAccountByAccountId,
  listProviderPayouts,
  upsertProviderPayout,
  type ProviderPayoutRow,
} from '../payout-accounts/payout-accounts-repository';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { providerPayoutFailedEmail, providerPayoutPaidEmail } from './payout-emails';
import { findPayoutCreator, lockPayoutCreator } from './payouts-repository';

/*
 * With a provider that pays creators out itself (Stripe: each creator's connected account pays their bank on its
 * schedule), the creator's payouts are the provider's (docs/money.md#payouts): the ledger books each one as it moved
 * the account's balance, the creator's list, emails and webhooks are those payouts, and the payouts job only holds or
 * releases the account's schedule.
 */

/** The ledger entry each status adds to a payout's: the money left the balance; it came back. */
const GIVEN_BACK = { failed: 'payout_failure', canceled: 'payout_cancel' } as const;

/**
 * The provider's event about a payout of a creator's connected account to their bank (created, paid, then maybe
 * failed; or canceled), in one transaction: the payout as the provider reports it, its ledger entries (what it took
 * off the balance, on its creation date; what came back, when the provider's event was created), and for a paid or
 * failed payout the creator's email and webhook. An event created before the one last applied is ignored (`stale`),
 * and so is a paid after failed or canceled; each entry, email and webhook is written once, whatever the order and
 * repeats.
 */
export async function recordProviderPayout(
  deps: MoneyDeps,
  payout: ProviderPayoutReport,
  at: Date,
  eventAt: Date,
): Promise<OrderedEventOutcome> {
  const owner = await findPayoutAccountByAccountId(deps.db, deps.provider.name, payout.accountId);
  if (!owner) return 'not_ours';
  // What left the balance, in the creator's currency (their balance's): a payout to a bank in another currency
  // reports the converted amount.
  const currency = (await findPayoutCreator(deps.db, owner.creatorId))?.currency ?? 'usd';
  const debitCents =
    payout.currency === currency || !payout.balanceTransactionId || !deps.provider.connectedAccounts
      ? payout.amountCents
      : await deps.provider.connectedAccounts.payoutDebitCents(payout.accountId, payout.balanceTransactionId);
  return deps.db.transaction(async (tx): Promise<OrderedEventOutcome> => {
    const creator = await lockPayoutCreator(tx, owner.creatorId);
    const written = await upsertProviderPayout(tx, {
      provider: deps.provider.name,
      id: payout.id,
      creatorId: owner.creatorId,
      accountId: payout.accountId,
      amountCents: payout.amountCents,
      currency: payout.currency,
      status: payout.status,
      arrivalDate: payout.arrivalDate,
      failureCode: payout.failureCode,
      failureMessage: payout.failureMessage,
      createdAt: payout.createdAt,
      eventCreatedAt: eventAt,
      updatedAt: at,
    });
    // Every report of a payout means its money left the balance when it was created.
    const account = creatorAccount(owner.creatorId);
    const base = { creatorId: owner.creatorId, providerPayoutId: payout.id, account, currency };
    await tx
      .insert(ledgerEntries)
      .values({ ...base, type: 'payout', amountCents: -debitCents, createdAt: payout.createdAt })
      .onConflictDoNothing({ target: [ledgerEntries.providerPayoutId, ledgerEntries.type] });
    if (payout.status === 'failed' || payout.status === 'canceled') {
      await tx
        .insert(ledgerEntries)
        // Dated as Stripe's event, which its payout_failure / payout_cancel balance transaction goes with.
        .values({ ...base, type: GIVEN_BACK[payout.status], amountCents: debitCents, createdAt: eventAt })
        .onConflictDoNothing({ target: [ledgerEntries.providerPayoutId, ledgerEntries.type] });
    }
    if (!written) return 'stale';
    if (payout.status === 'paid') {
      await enqueueWebhookEvent(tx, {
        creatorId: owner.creatorId,
        type: 'payout.paid',
        key: payout.id,
        createdAt: at,
        data: {
          payout: {
            id: payout.id,
            amountCents: payout.amountCents,
            currency: payout.currency,
            weekStart: null,
            weekEnd: null,
            paidAt: at.toISOString(),
          },
        },
      });
    }
    if (creator?.email && (payout.status === 'paid' || payout.status === 'failed')) {
      const facts = {
        payoutId: payout.id,
        amountCents: payout.amountCents,
        currency: payout.currency,
        arrivalDate: payout.arrivalDate,
        testMode: deps.provider.testMode,
      };
      await enqueueEmail(
        tx,
        payout.status === 'paid'
          ? await providerPayoutPaidEmail(creator.email, facts)
          : await providerPayoutFailedEmail(creator.email, {
              ...facts,
              failureMessage: payout.failureMessage,
            }),
      );
    }
    return 'applied';
  });
}

/** The creator's payouts as the provider reported them, newest first, in the list's terms. */
export async function listProviderPayoutDtos(db: Db, creatorId: string, limit: number): Promise<PayoutDto[]> {
  const rows = await listProviderPayouts(db, creatorId, limit);
  return rows.map(toPayoutDto);
}

const STATUSES: Record<string, PayoutDto['status']> = {
  in_transit: 'in_transit',
  paid: 'paid',
  failed: 'failed',
  canceled: 'canceled',
};

function toPayoutDto(row: ProviderPayoutRow): PayoutDto {
  const status = STATUSES[row.status] ?? 'in_transit';
  return {
    id: row.id,
    weekStart: null,
    weekEnd: null,
    amountCents: row.amountCents,
    currency: row.currency,
    status,
    holdReason: null,
    paidAt: status === 'paid' ? (row.arrivalDate ?? row.updatedAt).toISOString() : null,
    arrivalDate: row.arrivalDate?.toISOString() ?? null,
    failureCode: row.failureCode,
    failureMessage: row.failureMessage,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The connected accounts of a provider, with the schedule the job last set. */
export async function listPayoutAccounts(db: Db, provider: PaymentProvider) {
  return db
    .select({
      creatorId: payoutAccounts.creatorId,
      accountId: payoutAccounts.accountId,
      payoutsHeld: payoutAccounts.payoutsHeld,
    })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.provider, provider.name))
    .orderBy(payoutAccounts.creatorId);
}

/**
 * Holds (manual schedule) or releases (weekly, Tuesdays) one creator's account at the provider, when it differs from
 * what was last set.
 */
export async function setProviderPayoutHold(
  deps: { db: Db; provider: PaymentProvider },
  account: { creatorId: string; accountId: string; payoutsHeld: boolean | null },
  held: boolean,
): Promise<void> {
  if (account.payoutsHeld === held || !deps.provider.connectedAccounts) return;
  await deps.provider.connectedAccounts.holdPayouts(account.accountId, held);
  await deps.db
    .update(payoutAccounts)
    .set({ payoutsHeld: held, updatedAt: new Date() })
    .where(and(eq(payoutAccounts.creatorId, account.creatorId), eq(payoutAccounts.accountId, account.accountId)));
}
