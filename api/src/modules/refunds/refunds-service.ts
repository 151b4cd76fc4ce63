import { createHmac, randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  REFUND_MESSAGES,
  type RefundDto,
  type RefundResponse,
  type refundRequestSchema,
} from '@beabro/shared/api-schemas/refunds';
import { calculateRefundSplit } from '@beabro/shared/money/fees';
import type { Db } from '../../db/database';
import { AppError, fieldError } from '../../lib/app-error';
import { retryDelayMs } from '../../lib/retry-delay';
import { enqueueEmail } from '../email/email-outbox';
import { insertLedgerEntries, type LedgerEntryValues, type SupportRow } from '../ledger/ledger-repository';
import { creatorAccount, PLATFORM_ACCOUNT, SUPPORTERS_ACCOUNT } from '../ledger/ledger-service';
import type { ProviderRefundFailureReport } from '../payments/payment-events';
import type { PaymentProvider } from '../payments/payment-provider';
import { failPendingCharges, lockSubscription, updateSubscription } from '../subscriptions/subscriptions-repository';
import { enqueueWebhookEvent } from '../webhooks/webhook-events';
import { webhookSubscription, webhookSupport } from '../webhooks/webhook-payloads';
import {
  refundFailedCreatorEmail,
  refundFailedSupporterEmail,
  refundFailureReasonText,
  refundReceiptEmail,
  type RefundFailureEmailFacts,
} from './refund-emails';
import { findWallStates } from '../supporter-wall/supporter-wall-repository';
import { toReceivedSupportDto } from './received-support';
import {
  completePendingRefund,
  deferCreatorRestore,
  findCreatorEmail,
  findRefundByProviderRefundId,
  listDueCreatorRestores,
  lockRefund,
  updateRefund,
  findRefund,
  lockPendingRefund,
  findRefundByKey,
  findRefundCreatorName,
  findSupport,
  findSupportCharge,
  findSupportByProviderCharge,
  insertRefund,
  listRefundFigures,
  deferRefundRecovery,
  listStalePendingRefunds,
  lockCreatorSupport,
  sumSupportRefunds,
  type RefundRow,
} from './refunds-repository';

export type RefundValues = z.output<typeof refundRequestSchema>;

export interface RefundDeps {
  db: Db;
  provider: PaymentProvider;
  /** Signs request fingerprints. */
  appSecret: string;
  now?: () => Date;
  /** How long a concurrent duplicate waits for the first request (tests shorten it). */
  duplicateWaitMs?: number;
  /** Where the recovery job reports a refund it could not complete (stderr by default). */
  log?: (message: string) => void;
}

/** A pending refund older than this is taken to belong to a process that died mid-refund. */
export const STALE_REFUND_MS = 2 * 60_000;
const DEFAULT_DUPLICATE_WAIT_MS = 5_000;
const POLL_MS = 50;
export const CANCELED_BY_REFUND = 'Cancelled by the creator with a refund';

/** The provider's key for a refund: one provider refund per refund row, however often it is retried. */
const REFUND_KEY_PREFIX = 'refund:';
const providerRefundKey = (refundId: string) => `${REFUND_KEY_PREFIX}${refundId}`;
/** The provider's key for the transfer giving a failed refund's creator share back: one per refund, ever. */
const creatorRestoreKey = (refundId: string) => `refund-failure:${refundId}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function fingerprint(secret: string, supportId: string, input: RefundValues): string {
  const material = [supportId, input.amountCents, input.reason, input.note, input.cancelSubscription];
  return createHmac('sha256', secret).update(JSON.stringify(material)).digest('base64url');
}

/**
 * The three reversing entries of a refund, on its date: gross back to the supporter, the platform fee returned, the
 * rest off the creator's account. With `reversal`, the same three with the opposite sign (a refund the provider failed
 * after it succeeded), on the failure's date.
 */
export function refundLedgerEntries(
  refund: Pick<
    RefundRow,
    'id' | 'supportId' | 'creatorId' | 'amountCents' | 'currency' | 'platformFeeReturnedCents' | 'creatorDebitCents'
  >,
  at: Date,
  reversal = false,
): LedgerEntryValues[] {
  if (refund.platformFeeReturnedCents + refund.creatorDebitCents !== refund.amountCents) {
    throw new Error(
      `refund ${refund.id}: platform ${refund.platformFeeReturnedCents} + creator ${refund.creatorDebitCents} do not add up to ${refund.amountCents}`,
    );
  }
  const entry = (account: string, type: LedgerEntryValues['type'], amount: number): LedgerEntryValues => ({
    creatorId: refund.creatorId,
    supportId: refund.supportId,
    refundId: refund.id,
    account,
    type,
    amountCents: reversal ? amount : -amount,
    currency: refund.currency,
    reversal,
    createdAt: at,
  });
  return [
    entry(SUPPORTERS_ACCOUNT, 'gross', refund.amountCents),
    entry(PLATFORM_ACCOUNT, 'platform_fee', refund.platformFeeReturnedCents),
    entry(creatorAccount(refund.creatorId), 'creator_net', refund.creatorDebitCents),
  ];
}

function toRefundDto(row: RefundRow, subscriptionCanceled: boolean): RefundDto {
  return {
    id: row.id,
    supportId: row.supportId,
    amountCents: row.amountCents,
    currency: row.currency,
    platformFeeReturnedCents: row.platformFeeReturnedCents,
    creatorDebitCents: row.creatorDebitCents,
    reason: row.reason,
    note: row.note,
    subscriptionCanceled,
    createdAt: (row.completedAt ?? row.createdAt).toISOString(),
  };
}

async function respond(db: Db, refund: RefundRow, replayed: boolean): Promise<RefundResponse> {
  const support = await findSupport(db, refund.supportId);
  if (!support) throw new Error(`support ${refund.supportId} of refund ${refund.id} vanished`);
  const figures = await listRefundFigures(db, [support.id]);
  const wall = await findWallStates(db, support.creatorId, [support.supporterId]);
  return {
    refund: toRefundDto(refund, refund.cancelSubscription && support.subscriptionId !== null),
    support: toReceivedSupportDto(support, figures.get(support.id), wall.get(support.supporterId) ?? null),
    replayed,
  };
}

/**
 * The one place a refund is written, in one transaction: the refund completed with its fee split, its
 * reversing ledger entries, the monthly support ended when asked (with its subscription.canceled
 * webhook), the supporter's receipt and the support.refunded webhook. Undefined when another
 * request or the recovery job completed it first.
 */
async function recordRefund(
  deps: RefundDeps,
  pending: RefundRow,
  providerRefundId: string,
  at: Date,
): Promise<RefundRow | undefined> {
  return deps.db.transaction(async (tx) => {
    const support = await lockCreatorSupport(tx, pending.creatorId, pending.supportId);
    if (!support) throw new Error(`support ${pending.supportId} of refund ${pending.id} vanished`);
    // Completed by another process (the recovery job, a stale repeat) while we waited: its figures
    // already include this refund, so splitting it again would count it twice.
    if (!(await lockPendingRefund(tx, pending.id))) return undefined;
    const soFar = await sumSupportRefunds(tx, support.id);
    const split = calculateRefundSplit(support, soFar, pending.amountCents);
    const refund = await completePendingRefund(tx, pending.id, {
      status: 'succeeded',
      providerRefundId,
      platformFeeReturnedCents: split.platformFeeReturnedCents,
      creatorDebitCents: split.creatorDebitCents,
      completedAt: at,
    });
    if (!refund) return undefined;
    await insertLedgerEntries(tx, refundLedgerEntries(refund, at));

    let subscriptionCanceled = false;
    if (refund.cancelSubscription && support.subscriptionId) {
      const subscription = await lockSubscription(tx, support.subscriptionId);
      if (
        subscription &&
        (subscription.status === 'active' || subscription.status === 'past_due' || subscription.status === 'paused')
      ) {
        // Ended now, not at the period's end: the month it paid for was given back.
        const canceled = await updateSubscription(tx, subscription.id, {
          status: 'canceled',
          cancelAtPeriodEnd: true,
          canceledAt: subscription.canceledAt ?? at,
          endedAt: at,
          nextRetryAt: null,
          updatedAt: at,
        });
        await failPendingCharges(tx, subscription.id, CANCELED_BY_REFUND, at);
        subscriptionCanceled = true;
        await enqueueWebhookEvent(tx, {
          creatorId: support.creatorId,
          type: 'subscription.canceled',
          key: canceled.id,
          createdAt: at,
          data: {
            subscription: webhookSubscription(canceled),
            reason: 'refunded',
            canceledAt: at.toISOString(),
            endsAt: at.toISOString(),
          },
        });
      }
    }
    await enqueueWebhookEvent(tx, {
      creatorId: support.creatorId,
      type: 'support.refunded',
      key: refund.id,
      createdAt: at,
      data: {
        support: webhookSupport(support),
        refund: { amountCents: refund.amountCents, currency: refund.currency, refundedAt: at.toISOString() },
      },
    });

    if (support.supporterEmail) {
      const charge = await findSupportCharge(tx, support.id);
      await enqueueEmail(
        tx,
        await refundReceiptEmail(support.supporterEmail, {
          refundId: refund.id,
          supportId: support.id,
          creatorDisplayName: await findRefundCreatorName(tx, support.creatorId),
          amountCents: refund.amountCents,
          currency: refund.currency,
          supportAmountCents: support.amountCents,
          refundedTotalCents: soFar.refundedCents + refund.amountCents,
          supportCreatedAt: support.createdAt,
          refundedAt: at,
          cardBrand: charge?.cardBrand ?? null,
          cardLast4: charge?.cardLast4 ?? null,
          note: refund.note,
          subscriptionCanceled,
          testMode: deps.provider.testMode,
        }),
      );
    }
    return refund;
  });
}

/**
 * Sends a pending refund to the provider (idempotent by the refund's id) and records the outcome: the
 * refund with its ledger entries, or the provider's refusal. Safe to run twice at once: whichever
 * finishes first wins, and a refund the provider made is always recorded.
 */
async function carryOutRefund(deps: RefundDeps, pending: RefundRow): Promise<RefundRow> {
  const at = deps.now?.() ?? new Date();
  const charge = await findSupportCharge(deps.db, pending.supportId);
  const result = charge
    ? await deps.provider.refund({
        chargeId: charge.chargeId,
        amountCents: pending.amountCents,
        applicationFeeRefundCents: await platformFeeToReturn(deps.db, pending),
        idempotencyKey: providerRefundKey(pending.id),
        description: `refund of support ${pending.supportId}`,
        // A pending refund is sent when made and re-sent by the recovery job: past a day a key may be forgotten.
        firstSentAt: pending.createdAt,
      })
    : ({ status: 'failed', code: 'charge_not_found', message: REFUND_MESSAGES.notRefundable } as const);
  if (result.status === 'failed') {
    return (
      (await completePendingRefund(deps.db, pending.id, {
        status: 'failed',
        failureMessage: result.message,
        completedAt: at,
      })) ?? (await reread(deps.db, pending.id))
    );
  }
  return (await recordRefund(deps, pending, result.refundId, at)) ?? (await reread(deps.db, pending.id));
}

/**
 * The platform fee this refund returns, split as recordRefund will (the running total of the refunds completed
 * before it): the provider gives that much of its application fee back, so the creator's account at the provider
 * loses exactly what the ledger takes off them. A second refund of the same support completing in between can move
 * the ledger's split by a cent (docs/money.md, Refunds).
 */
async function platformFeeToReturn(db: Db, pending: RefundRow): Promise<number> {
  // Recorded by another process meanwhile (the recovery job): its split is the one to repeat.
  const current = await findRefund(db, pending.id);
  if (current?.status === 'succeeded') return current.platformFeeReturnedCents;
  const support = await findSupport(db, pending.supportId);
  if (!support) throw new Error(`support ${pending.supportId} of refund ${pending.id} vanished`);
  const completed = await sumSupportRefunds(db, support.id);
  // Recorded between the two reads: the sum counts it already, so its own split is the answer (read after the sum,
  // this sees any recording the sum saw).
  const recorded = await findRefund(db, pending.id);
  if (recorded?.status === 'succeeded') return recorded.platformFeeReturnedCents;
  return calculateRefundSplit(support, completed, pending.amountCents).platformFeeReturnedCents;
}

async function reread(db: Db, id: string): Promise<RefundRow> {
  const row = await findRefund(db, id);
  if (!row) throw new Error(`refund ${id} vanished`);
  return row;
}

function outcome(refund: RefundRow): void {
  if (refund.status === 'failed') throw new AppError('conflict', refund.failureMessage ?? REFUND_MESSAGES.interrupted);
}

/** The answer to a repeated key: the first request's, once it has one. */
async function answerRepeat(deps: RefundDeps, first: RefundRow, expectedFingerprint: string): Promise<RefundResponse> {
  if (first.requestFingerprint !== expectedFingerprint) throw new AppError('conflict', REFUND_MESSAGES.keyReused);
  const waitUntil = Date.now() + (deps.duplicateWaitMs ?? DEFAULT_DUPLICATE_WAIT_MS);
  let refund = first;
  while (refund.status === 'pending') {
    const now = deps.now?.() ?? new Date();
    if (now.getTime() - refund.createdAt.getTime() > STALE_REFUND_MS) {
      refund = await carryOutRefund(deps, refund);
    } else if (Date.now() >= waitUntil) {
      throw new AppError('conflict', REFUND_MESSAGES.inProgress);
    } else {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      refund = await reread(deps.db, refund.id);
    }
  }
  outcome(refund);
  return respond(deps.db, refund, true);
}

type Reservation = { kind: 'new'; refund: RefundRow } | { kind: 'repeat'; refund: RefundRow };

/**
 * Checks the refund against what is left of the support and reserves it (a pending refund row), in a
 * transaction holding the support's row: concurrent refunds of one support never add up to more than it.
 */
async function reserveRefund(
  deps: RefundDeps,
  creatorId: string,
  supportId: string,
  input: RefundValues,
  idempotencyKey: string,
  requestFingerprint: string,
  now: Date,
): Promise<Reservation> {
  return deps.db.transaction(async (tx): Promise<Reservation> => {
    const support: SupportRow | undefined = await lockCreatorSupport(tx, creatorId, supportId);
    const earlier = await findRefundByKey(tx, creatorId, idempotencyKey);
    if (earlier) return { kind: 'repeat', refund: earlier };
    if (!support) throw new AppError('not_found', REFUND_MESSAGES.notFound);
    const charge = await findSupportCharge(tx, support.id);
    if (!charge || charge.provider !== deps.provider.name)
      throw new AppError('validation', REFUND_MESSAGES.notRefundable);
    const { reservedCents } = await sumSupportRefunds(tx, support.id);
    const refundableCents = support.amountCents - reservedCents;
    if (refundableCents <= 0) throw fieldError('amountCents', REFUND_MESSAGES.fullyRefunded);
    if (input.amountCents > refundableCents)
      throw fieldError('amountCents', REFUND_MESSAGES.tooMuch(refundableCents, support.currency));
    if (input.cancelSubscription) {
      const subscription = support.subscriptionId ? await lockSubscription(tx, support.subscriptionId) : undefined;
      const running =
        subscription &&
        (((subscription.status === 'active' || subscription.status === 'paused') && !subscription.cancelAtPeriodEnd) ||
          subscription.status === 'past_due');
      if (!running) throw fieldError('cancelSubscription', REFUND_MESSAGES.noSubscription);
    }
    const refund = await insertRefund(tx, {
      id: randomUUID(),
      supportId: support.id,
      creatorId,
      idempotencyKey,
      requestFingerprint,
      amountCents: input.amountCents,
      currency: support.currency,
      reason: input.reason,
      note: input.note,
      cancelSubscription: input.cancelSubscription,
      status: 'pending',
      provider: deps.provider.name,
      createdAt: now,
    });
    if (!refund) throw new Error(`refund key ${idempotencyKey} conflicted while its creator's support was locked`);
    return { kind: 'new', refund };
  });
}

/**
 * POST /api/creator/supports/:supportId/refunds. Only the creator who received the support; at most
 * what is left of it. Reserved before the provider is called, then recorded with its ledger entries
 * in one transaction. A repeat of the Idempotency-Key gets the first answer.
 */
export async function refundSupport(
  deps: RefundDeps,
  creatorId: string,
  supportId: string,
  input: RefundValues,
  idempotencyKey: string,
): Promise<RefundResponse> {
  const now = deps.now?.() ?? new Date();
  const requestFingerprint = fingerprint(deps.appSecret, supportId, input);
  let reservation: Reservation;
  try {
    reservation = await reserveRefund(deps, creatorId, supportId, input, idempotencyKey, requestFingerprint, now);
  } catch (error) {
    // Two first requests with one key at once: the loser answers as a repeat.
    const earlier = error instanceof AppError ? undefined : await findRefundByKey(deps.db, creatorId, idempotencyKey);
    if (!earlier) throw error;
    reservation = { kind: 'repeat', refund: earlier };
  }
  if (reservation.kind === 'repeat') return answerRepeat(deps, reservation.refund, requestFingerprint);
  const refund = await carryOutRefund(deps, reservation.refund);
  outcome(refund);
  return respond(deps.db, refund, false);
}

/**
 * Recovery job: completes refunds left pending by a process that died (asks the provider again under the same key).
 * Each on its own: one that throws is logged, counted in `errors` and left for a later run after a growing wait
 * (retryDelayMs), and the others go on.
 */
export async function recoverInterruptedRefunds(deps: RefundDeps): Promise<{ recovered: number; errors: number }> {
  const now = deps.now?.() ?? new Date();
  const stale = await listStalePendingRefunds(deps.db, new Date(now.getTime() - STALE_REFUND_MS), now, 200);
  const log = deps.log ?? console.error;
  let recovered = 0;
  let errors = 0;
  for (const refund of stale) {
    try {
      await carryOutRefund(deps, refund);
      recovered++;
    } catch (error) {
      errors++;
      log(`refund ${refund.id} could not be recovered: ${(error as Error).stack ?? String(error)}`);
      await deferRefundRecovery(deps.db, refund.id, (tries) => new Date(now.getTime() + retryDelayMs(tries))).catch(
        (deferError: unknown) => log(`refund ${refund.id}: its next recovery could not be set: ${String(deferError)}`),
      );
    }
  }
  return { recovered, errors };
}

/**
 * What the provider reports refunded on a charge (Stripe's charge.refunded) beyond the refunds we reserved was made
 * outside our app (in Stripe's dashboard): it is recorded now as a refund of the support, with its ledger entries,
 * emails and webhooks. A refund of ours is reserved before the provider is called, so its own charge.refunded finds
 * nothing left to record; a redelivered event neither. Null when there was nothing to record.
 */
export async function recordProviderReportedRefund(
  deps: RefundDeps,
  report: { chargeId: string; amountRefundedCents: number },
): Promise<RefundRow | null> {
  const at = deps.now?.() ?? new Date();
  const paid = await findSupportByProviderCharge(deps.db, deps.provider.name, report.chargeId);
  if (!paid) return null;
  const pending = await deps.db.transaction(async (tx) => {
    const support = await lockCreatorSupport(tx, paid.creatorId, paid.supportId);
    if (!support) return null;
    const { reservedCents } = await sumSupportRefunds(tx, support.id);
    const outside = Math.min(report.amountRefundedCents, support.amountCents) - reservedCents;
    if (outside <= 0) return null;
    const idempotencyKey = `provider:${report.chargeId}:${report.amountRefundedCents}`;
    return (
      (await insertRefund(tx, {
        id: randomUUID(),
        supportId: support.id,
        creatorId: support.creatorId,
        idempotencyKey,
        requestFingerprint: createHmac('sha256', deps.appSecret).update(idempotencyKey).digest('base64url'),
        amountCents: outside,
        currency: support.currency,
        reason: 'other',
        note: '',
        cancelSubscription: false,
        status: 'pending',
        provider: deps.provider.name,
        createdAt: at,
      })) ?? null
    );
  });
  const recorded = pending ? ((await recordRefund(deps, pending, report.chargeId, at)) ?? null) : null;
  // The provider's balances follow the ledger (docs/money.md#refunds): once no refund of the support is in flight
  // (ours settle themselves), what a dashboard refund moved differently is squared; repeated events move nothing.
  // A refund that failed later is still on the provider's charge with its reversal, and its creator share is given
  // back by a transfer of its own (recordProviderRefundFailure): it counts here as refunded.
  const totals = await sumSupportRefunds(deps.db, paid.supportId);
  const chargeRefundedCents = totals.refundedCents + totals.failedLaterCents;
  if (totals.reservedCents === chargeRefundedCents && chargeRefundedCents > 0) {
    await deps.provider.settleRefundedCharge({
      chargeId: report.chargeId,
      refundedCents: chargeRefundedCents,
      creatorDebitCents: totals.refundedCents - totals.platformFeeReturnedCents + totals.failedLaterCreatorDebitCents,
    });
  }
  return recorded;
}

/**
 * The provider reports a refund failed after it succeeded (the card's bank refused it; Stripe's refund.failed and
 * charge.refund.updated, both handled here, the first one applying it). The refund is found by the key we sent it
 * with (in the provider's copy), else by the provider's refund id. One still pending here (the report overtook our
 * own recording of it, or the process died) is completed first, asking the provider again under its key, as the
 * recovery job would. Then in one transaction: the refund marked failed, its three ledger entries given back
 * (reversal entries on the failure's date, so the support counts as not refunded), the supporter and the creator
 * emailed. Then the creator's account at the provider is given back what the refund took off it (transferToCreator,
 * keyed by the refund; a failure is left pending for the recover-payments job). A refund that is not ours (made in
 * the provider's dashboard, or unknown) is logged and nothing is recorded; a repeat finds it failed already.
 */
export async function recordProviderRefundFailure(
  deps: RefundDeps,
  report: ProviderRefundFailureReport,
  at: Date = deps.now?.() ?? new Date(),
): Promise<'applied' | 'already' | 'not_ours'> {
  const log = deps.log ?? console.error;
  const ourId = report.idempotencyKey?.startsWith(REFUND_KEY_PREFIX)
    ? report.idempotencyKey.slice(REFUND_KEY_PREFIX.length)
    : null;
  let refund =
    (ourId && UUID.test(ourId) ? await findRefund(deps.db, ourId) : undefined) ??
    (await findRefundByProviderRefundId(deps.db, deps.provider.name, report.refundId));
  if (!refund || refund.provider !== deps.provider.name) {
    log(
      `refund ${report.refundId} of charge ${report.chargeId} failed at the provider (${report.failureReason}) but is not a refund made in the app: nothing recorded; settle it by hand`,
    );
    return 'not_ours';
  }
  if (refund.status === 'pending') refund = await carryOutRefund(deps, refund);
  const failed = await deps.db.transaction(async (tx) => {
    const support = await lockCreatorSupport(tx, refund.creatorId, refund.supportId);
    if (!support) throw new Error(`support ${refund.supportId} of refund ${refund.id} vanished`);
    const row = await lockRefund(tx, refund.id);
    // Failed already (a repeat, or the other of the provider's two events), or refused when it was asked.
    if (row?.status !== 'succeeded') return undefined;
    const updated = await updateRefund(tx, row.id, {
      status: 'failed',
      failureMessage: refundFailureReasonText(report.failureReason),
      providerFailedAt: at,
      creatorRestore: deps.provider.capabilities.connectedAccounts && row.creatorDebitCents > 0 ? 'pending' : null,
    });
    if (!updated) throw new Error(`refund ${row.id} vanished while locked`);
    await insertLedgerEntries(tx, refundLedgerEntries(row, at, true));
    const charge = await findSupportCharge(tx, support.id);
    const facts: RefundFailureEmailFacts = {
      refundId: row.id,
      supportId: support.id,
      creatorDisplayName: await findRefundCreatorName(tx, support.creatorId),
      amountCents: row.amountCents,
      currency: row.currency,
      supportCreatedAt: support.createdAt,
      cardBrand: charge?.cardBrand ?? null,
      cardLast4: charge?.cardLast4 ?? null,
      failureReason: report.failureReason,
      creatorDebitCents: row.creatorDebitCents,
      testMode: deps.provider.testMode,
    };
    if (support.supporterEmail) await enqueueEmail(tx, await refundFailedSupporterEmail(support.supporterEmail, facts));
    const creatorEmail = await findCreatorEmail(tx, support.creatorId);
    if (creatorEmail) await enqueueEmail(tx, await refundFailedCreatorEmail(creatorEmail, facts));
    return updated;
  });
  if (!failed) return 'already';
  if (failed.creatorRestore === 'pending') {
    await restoreCreatorShare(deps, failed).catch(async (error: unknown) => {
      log(`refund ${failed.id}: the creator's share could not be given back yet: ${String(error)}`);
      await deferCreatorRestore(deps.db, failed.id, (tries) => new Date(at.getTime() + retryDelayMs(tries)));
    });
  }
  return 'applied';
}

/** The transfer giving a failed refund's creator share back at the provider, then the refund's restore marked done. */
async function restoreCreatorShare(deps: RefundDeps, refund: RefundRow): Promise<void> {
  const charge = await findSupportCharge(deps.db, refund.supportId);
  if (!charge) throw new Error(`support ${refund.supportId} of refund ${refund.id} has no charge`);
  const transfer = await deps.provider.transferToCreator({
    chargeId: charge.chargeId,
    amountCents: refund.creatorDebitCents,
    idempotencyKey: creatorRestoreKey(refund.id),
    metadata: { refund: refund.id, support: refund.supportId },
    ...(refund.providerFailedAt ? { firstSentAt: refund.providerFailedAt } : {}),
  });
  await updateRefund(deps.db, refund.id, {
    creatorRestore: 'done',
    creatorRestoreTransferId: transfer?.transferId ?? null,
    creatorRestorePaymentId: transfer?.paymentId ?? null,
    nextRestoreAt: null,
  });
}

/**
 * Recovery job: gives back the creator's share of failed refunds whose transfer threw (the provider was down, the
 * platform's balance short). Each on its own, keyed by the refund as before: one that throws again is logged, counted
 * in `errors` and retried after a growing wait (retryDelayMs).
 */
export async function retryCreatorRestores(deps: RefundDeps): Promise<{ restored: number; errors: number }> {
  const now = deps.now?.() ?? new Date();
  const log = deps.log ?? console.error;
  let restored = 0;
  let errors = 0;
  for (const refund of await listDueCreatorRestores(deps.db, now, 200)) {
    try {
      await restoreCreatorShare(deps, refund);
      restored++;
    } catch (error) {
      errors++;
      log(
        `refund ${refund.id}: the creator's share could not be given back: ${(error as Error).stack ?? String(error)}`,
      );
      await deferCreatorRestore(deps.db, refund.id, (tries) => new Date(now.getTime() + retryDelayMs(tries))).catch(
        (deferError: unknown) => log(`refund ${refund.id}: its next restore could not be set: ${String(deferError)}`),
      );
    }
  }
  return { restored, errors };
}
