import { payoutDestination } from '../payout-accounts/payout-destination';
import { randomUUID } from 'node:crypto';
import type { CreatorPayoutsResponse, NextPayoutDto, PayoutDto } from '@beabro/shared/api-schemas/payouts';
import type { PayoutPayer } from '@beabro/shared/api-schemas/payouts';
import { PAYOUT_HOLD_MESSAGES } from '@beabro/shared/api-schemas/payouts';
import { FIRST_PAYOUT_VERIFICATION_DAYS, SUPPORTED_PAYOUT_COUNTRIES } from '@beabro/shared/data/defaults';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { csvDocument, csvDollars } from '../../lib/csv';
import { CREATOR_PROFILE_REQUIRED } from '../../lib/messages';
import { enqueueEmail } from '../email/email-outbox';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { webhookPayout } from '../webhooks/webhook-payloads';
import { creatorAccount, creatorBalanceCents } from '../ledger/ledger-service';
import { insertLedgerEntries } from '../ledger/ledger-repository';
import type { PaymentProvider } from '../payments/payment-provider';
import { payoutHeldEmail, payoutSentEmail } from './payout-emails';
import { operatorHoldFor } from './payout-review-hold';
import { listPayoutAccounts, listProviderPayoutDtos, setProviderPayoutHold } from './provider-payouts';
import { addDays, isoDay, payoutWeekFor, tuesdayOnOrAfter, weekPaidOn, type PayoutWeek } from './payout-weeks';
import {
  carryOverHeldPayouts,
  dropHeldPayouts,
  findFirstSupportAt,
  findPayout,
  findPayoutCreator,
  hasBeenPaidBefore,
  insertPayout,
  insertPayoutItems,
  listCreatorPayouts,
  listCreatorsWithUnpaidEarnings,
  listProcessingPayouts,
  listUndeductedDisputeRecoveries,
  listUndeductedRefundEntries,
  listUnpaidEntries,
  markDisputeRecoveriesDeducted,
  markRefundsDeducted,
  lockPayoutCreator,
  sumUnpaid,
  updatePayout,
  type PayoutRow,
} from './payouts-repository';

export interface PayoutDeps {
  db: Db;
  provider: PaymentProvider;
  log?: (message: string) => void;
}

export interface PayoutSummary {
  weekStart: string;
  weekEnd: string;
  paid: number;
  paidCents: number;
  held: number;
  errors: number;
}

/** Two years of weekly payouts. */
const PAYOUT_HISTORY_WEEKS = 104;

const SUPPORTED = new Set<string>(SUPPORTED_PAYOUT_COUNTRIES.map((c) => c.code));
const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

interface Hold {
  reason: string;
  /** Stable per kind of hold, for the email's dedupe key. */
  key: string;
}

/**
 * Why a creator's payout decided at `at` must wait: no supported country, an operator's hold (suspension,
 * review: payout-review-hold.ts), or the first payout's 7-day verification period after their first
 * support. Null when it can be paid.
 */
export async function holdFor(
  db: Db,
  creatorId: string,
  country: string | null,
  at: Date,
  amountCents: number,
  deleted = false,
): Promise<Hold | null> {
  if (deleted) return { reason: PAYOUT_HOLD_MESSAGES.accountDeleted, key: 'account-deleted' };
  if (!country) return { reason: PAYOUT_HOLD_MESSAGES.noCountry, key: 'no-country' };
  if (!SUPPORTED.has(country))
    return { reason: PAYOUT_HOLD_MESSAGES.unsupportedCountry(country), key: `country-${country}` };
  const paidBefore = await hasBeenPaidBefore(db, creatorId);
  const first = paidBefore ? null : await findFirstSupportAt(db, creatorId);
  const operatorHold = await operatorHoldFor(db, creatorId, amountCents, { paidBefore, firstSupportAt: first }, at);
  if (operatorHold) return operatorHold;
  if (paidBefore || !first) return null;
  const releaseAt = addDays(first, FIRST_PAYOUT_VERIFICATION_DAYS);
  if (releaseAt <= at) return null;
  return { reason: PAYOUT_HOLD_MESSAGES.firstPayout(DATE.format(tuesdayOnOrAfter(releaseAt))), key: 'first-payout' };
}

/** Sends a payout recorded as processing (idempotent by payout id) and marks it paid. */
async function sendPayout(deps: PayoutDeps, payout: PayoutRow, now: Date): Promise<void> {
  // The sandbox pays the creator's ledger account; Stripe checks their connected account (see its transfer()).
  const destination =
    (await payoutDestination(deps.db, deps.provider, payout.creatorId)) ?? creatorAccount(payout.creatorId);
  const { transferId } = await deps.provider.transfer({
    amountCents: payout.amountCents,
    currency: payout.currency,
    destination,
    idempotencyKey: `payout:${payout.id}`,
    description: `payout for ${payout.weekStart} to ${payout.weekEnd}`,
  });
  await deps.db.transaction(async (tx) => {
    const paid = await updatePayout(tx, payout.id, {
      status: 'paid',
      transferId,
      provider: deps.provider.name,
      paidAt: now,
      updatedAt: now,
    });
    await enqueueWebhookEvent(tx, {
      creatorId: paid.creatorId,
      type: 'payout.paid',
      key: paid.id,
      createdAt: now,
      data: { payout: webhookPayout(paid, now) },
    });
    const creator = await lockPayoutCreator(tx, payout.creatorId);
    if (creator?.email) {
      await enqueueEmail(
        tx,
        await payoutSentEmail(creator.email, {
          payoutId: paid.id,
          amountCents: paid.amountCents,
          currency: paid.currency,
          weekStart: paid.weekStart,
          weekEnd: paid.weekEnd,
          testMode: deps.provider.testMode,
        }),
      );
    }
  });
}

type CreatorOutcome = { kind: 'paid'; payout: PayoutRow } | { kind: 'held' } | { kind: 'nothing' };

/**
 * One creator's payout for `week`, in a transaction holding the creator's row: held (with the
 * reason), or recorded as processing with the supports it covers, its ledger entry, and earlier
 * held weeks marked as carried over. The unique (creator, week) key makes re-runs pay once.
 */
async function settleCreator(
  deps: PayoutDeps,
  creatorId: string,
  week: PayoutWeek,
  now: Date,
): Promise<CreatorOutcome> {
  return deps.db.transaction(async (tx): Promise<CreatorOutcome> => {
    const creator = await lockPayoutCreator(tx, creatorId);
    if (!creator) return { kind: 'nothing' };
    const existing = await findPayout(tx, creatorId, week.weekStart);
    if (existing && existing.status !== 'held') return { kind: 'nothing' };

    const entries = await listUnpaidEntries(tx, creatorId, week.endsBefore);
    // Refunds of money already paid out (or not yet) come off first: a creator whose refunds outweigh
    // their new earnings gets nothing this week, and both wait for the next.
    const refundEntries = await listUndeductedRefundEntries(tx, creatorId, week.endsBefore);
    // So do lost fraud disputes' shares taken back (their dispute_recovery entries).
    const recoveries = await listUndeductedDisputeRecoveries(tx, creatorId, week.endsBefore);
    const amountCents = [...entries, ...refundEntries, ...recoveries].reduce((sum, e) => sum + e.amountCents, 0);
    if (amountCents <= 0) {
      await dropHeldPayouts(tx, creatorId, week.weekStart);
      return { kind: 'nothing' };
    }

    const hold = await holdFor(tx, creatorId, creator.country, now, amountCents, creator.deleted);
    if (hold) {
      if (existing) await updatePayout(tx, existing.id, { amountCents, holdReason: hold.reason, updatedAt: now });
      else
        await insertPayout(tx, {
          creatorId,
          weekStart: week.weekStart,
          weekEnd: week.weekEnd,
          amountCents,
          currency: creator.currency,
          status: 'held',
          holdReason: hold.reason,
          createdAt: now,
          updatedAt: now,
        });
      if (creator.email)
        await enqueueEmail(
          tx,
          await payoutHeldEmail(creator.email, {
            creatorId,
            weekStart: week.weekStart,
            amountCents,
            currency: creator.currency,
            reason: hold.reason,
            reasonKey: hold.key,
          }),
        );
      return { kind: 'held' };
    }

    const changes = {
      amountCents,
      currency: creator.currency,
      status: 'processing' as const,
      holdReason: null,
      provider: deps.provider.name,
      updatedAt: now,
    };
    const payout = existing
      ? await updatePayout(tx, existing.id, changes)
      : await insertPayout(tx, {
          id: randomUUID(),
          creatorId,
          weekStart: week.weekStart,
          weekEnd: week.weekEnd,
          createdAt: now,
          ...changes,
        });
    await insertPayoutItems(tx, payout.id, entries);
    await markRefundsDeducted(tx, payout.id, refundEntries);
    await markDisputeRecoveriesDeducted(tx, payout.id, recoveries);
    await insertLedgerEntries(tx, [
      {
        creatorId,
        payoutId: payout.id,
        account: creatorAccount(creatorId),
        type: 'payout',
        amountCents: -amountCents,
        currency: creator.currency,
        createdAt: now,
      },
    ]);
    await carryOverHeldPayouts(tx, creatorId, week.weekStart, payout.id, now);
    return { kind: 'paid', payout };
  });
}

/** A run's figures before it did anything, for the week before the latest Tuesday. */
function emptySummary(week: PayoutWeek): PayoutSummary {
  return { weekStart: week.weekStart, weekEnd: week.weekEnd, paid: 0, paidCents: 0, held: 0, errors: 0 };
}

/**
 * The weekly payout job, for the week before the latest Tuesday as of `now` (UTC). Each creator
 * with unpaid net earnings from supports before that week's end gets one payout for the week
 * (or a held one with its reason). Re-runs, and runs racing another instance, pay nothing twice.
 */
export async function runPayouts(deps: PayoutDeps, now: Date): Promise<PayoutSummary> {
  if (deps.provider.capabilities.connectedAccounts) return holdProviderPayouts(deps, now);
  const week = payoutWeekFor(now);
  const summary = emptySummary(week);
  const log = deps.log ?? console.error;
  // Payouts recorded by a run that died before its transfer: send them first (same keys).
  for (const payout of await listProcessingPayouts(deps.db)) {
    try {
      await sendPayout(deps, payout, now);
    } catch (error) {
      summary.errors++;
      log(`payout ${payout.id} could not be sent: ${(error as Error).stack ?? String(error)}`);
    }
  }
  for (const creatorId of await listCreatorsWithUnpaidEarnings(deps.db, week.endsBefore)) {
    try {
      const outcome = await settleCreator(deps, creatorId, week, now);
      if (outcome.kind === 'held') summary.held++;
      if (outcome.kind === 'paid') {
        await sendPayout(deps, outcome.payout, now);
        summary.paid++;
        summary.paidCents += outcome.payout.amountCents;
      }
    } catch (error) {
      summary.errors++;
      log(`payout of creator ${creatorId} for ${week.weekStart} failed: ${(error as Error).stack ?? String(error)}`);
    }
  }
  return summary;
}

/**
 * With a provider that pays creators out itself (Stripe), the job pays nothing: it holds each connected account's
 * payouts at the provider (a manual schedule) while a hold applies, the same holds as the weekly payouts' (country,
 * deleted account, suspension, review, the first payout's verification period), and releases them to Stripe's
 * Tuesday schedule when none does. Stripe's payouts then reach the ledger and the creator's list through their events
 * (provider-payouts.ts). Each account is one item: one that fails is logged and counted, and tried again next run.
 */
async function holdProviderPayouts(deps: PayoutDeps, now: Date): Promise<PayoutSummary> {
  const week = payoutWeekFor(now);
  const summary = emptySummary(week);
  const log = deps.log ?? console.error;
  for (const account of await listPayoutAccounts(deps.db, deps.provider)) {
    try {
      const creator = await findPayoutCreator(deps.db, account.creatorId);
      if (!creator) continue;
      const balanceCents = await creatorBalanceCents(deps.db, account.creatorId);
      const hold = await holdFor(deps.db, account.creatorId, creator.country, now, balanceCents, creator.deleted);
      await setProviderPayoutHold(deps, account, hold !== null);
      if (hold) summary.held++;
    } catch (error) {
      summary.errors++;
      log(`payout hold of creator ${account.creatorId} could not be set: ${(error as Error).stack ?? String(error)}`);
    }
  }
  return summary;
}

function toPayoutDto(row: PayoutRow): PayoutDto {
  return {
    id: row.id,
    weekStart: row.weekStart,
    weekEnd: row.weekEnd,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    holdReason: row.status === 'held' ? row.holdReason : null,
    paidAt: row.paidAt?.toISOString() ?? null,
    arrivalDate: null,
    failureCode: null,
    failureMessage: null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the next weekly run would pay this creator, from the ledger as it stands at `now`. */
export async function estimateNextPayout(
  db: Db,
  creatorId: string,
  country: string | null,
  now: Date,
  paidBy: PayoutPayer = 'platform',
): Promise<NextPayoutDto> {
  if (paidBy !== 'platform') {
    // Stripe pays the balance available on its Tuesday: the whole balance is the estimate, the holds are ours.
    const tuesday = tuesdayOnOrAfter(now);
    const estimatedAmountCents = Math.max(0, await creatorBalanceCents(db, creatorId));
    const hold = await holdFor(db, creatorId, country, addDays(tuesday, 1), estimatedAmountCents);
    return {
      scheduledFor: isoDay(tuesday),
      weekStart: null,
      weekEnd: null,
      estimatedAmountCents,
      holdReason: hold?.reason ?? null,
    };
  }
  let tuesday = tuesdayOnOrAfter(now);
  let week = weekPaidOn(tuesday);
  const thisWeeks = await findPayout(db, creatorId, week.weekStart);
  if (thisWeeks && thisWeeks.status !== 'held') {
    tuesday = addDays(tuesday, 7);
    week = weekPaidOn(tuesday);
  }
  const before = week.endsBefore < now ? week.endsBefore : now;
  // Negative when refunds outweigh new earnings: then nothing is paid until they are recovered.
  const estimatedAmountCents = Math.max(0, await sumUnpaid(db, creatorId, before));
  // Judged as of the end of that Tuesday: the job runs through the day.
  const hold = await holdFor(db, creatorId, country, addDays(tuesday, 1), estimatedAmountCents);
  return {
    scheduledFor: isoDay(tuesday),
    weekStart: week.weekStart,
    weekEnd: week.weekEnd,
    estimatedAmountCents,
    holdReason: hold?.reason ?? null,
  };
}

/** GET /api/creator/payouts: balance, the next payout's estimate, and the history (newest first). */
export async function getCreatorPayouts(
  db: Db,
  creatorId: string,
  paidBy: PayoutPayer,
  now = new Date(),
): Promise<CreatorPayoutsResponse> {
  const creator = await findPayoutCreator(db, creatorId);
  if (!creator) throw new AppError('not_found', CREATOR_PROFILE_REQUIRED);
  const balanceCents = await creatorBalanceCents(db, creatorId);
  const nextPayout = await estimateNextPayout(db, creatorId, creator.country, now, paidBy);
  // One list: the weekly payouts, or with Stripe, Stripe's payouts to the bank.
  const payouts =
    paidBy !== 'platform'
      ? await listProviderPayoutDtos(db, creatorId, PAYOUT_HISTORY_WEEKS)
      : (await listCreatorPayouts(db, creatorId, PAYOUT_HISTORY_WEEKS)).map(toPayoutDto);
  return {
    currency: creator.currency,
    balanceCents,
    payoutCountry: creator.country,
    payoutCountrySupported: creator.country !== null && SUPPORTED.has(creator.country),
    paidBy,
    nextPayout,
    payouts,
  };
}

/** The columns of the payouts CSV, in order. */
export const PAYOUTS_CSV_COLUMNS = [
  'Created (UTC)',
  'Week start',
  'Week end',
  'Arrival date (UTC)',
  'Amount',
  'Currency',
  'Status',
  'Note',
] as const;

const CSV_STATUS: Record<PayoutDto['status'], string> = {
  held: 'Held',
  processing: 'Processing',
  paid: 'Paid',
  carried_over: 'Paid later',
  in_transit: 'On its way',
  failed: 'Failed',
  canceled: 'Canceled',
};

/**
 * GET /api/creator/payouts/export.csv: the payouts the dashboard lists (the weekly payouts, or Stripe's), newest first,
 * with why one is held or failed; amounts in the currency the bank receives.
 */
export async function exportCreatorPayoutsCsv(
  db: Db,
  creatorId: string,
  paidBy: PayoutPayer,
  now = new Date(),
): Promise<{ filename: string; csv: string }> {
  const { payouts } = await getCreatorPayouts(db, creatorId, paidBy, now);
  const rows = payouts.map((p) => [
    p.createdAt,
    p.weekStart ?? '',
    p.weekEnd ?? '',
    p.arrivalDate?.slice(0, 10) ?? '',
    csvDollars(p.amountCents),
    p.currency.toUpperCase(),
    CSV_STATUS[p.status],
    p.holdReason ?? (p.status === 'failed' ? (p.failureMessage ?? p.failureCode ?? '') : ''),
  ]);
  return { filename: `be-a-bro-payouts-${isoDay(now)}.csv`, csv: csvDocument([PAYOUTS_CSV_COLUMNS, ...rows]) };
}

/** Who pays a provider's creators out: Stripe itself, from each connected account; else the weekly payouts. */
export function payoutPayerOf(provider: PaymentProvider): PayoutPayer {
  return provider.capabilities.connectedAccounts ? 'stripe' : 'platform';
}
