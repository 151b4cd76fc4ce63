import type Stripe from 'stripe';
import {
  EARLY_FRAUD_WARNING_EVENT,
  type DisputeReport,
  type PaymentEvent,
  type PayoutAccountStatus,
} from '../payment-events';

/** The metadata field every intent and refund carries our idempotency key in (see KEY_LOOKUP_AFTER_MS). */
export const KEY_METADATA = 'beabro_idempotency_key';

/** The payment intent events: recorded through the same path as the sandbox's (the intent is read back from Stripe). */
const INTENT_EVENTS = new Set([
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.processing',
  'payment_intent.requires_action',
  'payment_intent.canceled',
]);

/** Every event about a dispute carries the whole dispute: each one brings our record up to date. */
const DISPUTE_EVENTS = new Set([
  'charge.dispute.created',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
  'charge.dispute.updated',
  'charge.dispute.closed',
]);

/** What Stripe withdrew for the dispute (amount and dispute fee) and gave back, from its balance transactions. */
export function disputeReportOf(dispute: Stripe.Dispute): DisputeReport {
  let withdrawnCents = 0;
  let feeCents = 0;
  let reinstatedCents = 0;
  for (const transaction of dispute.balance_transactions) {
    if (transaction.amount < 0) withdrawnCents -= transaction.amount;
    else reinstatedCents += transaction.amount;
    feeCents += transaction.fee;
  }
  return {
    id: dispute.id,
    chargeId: typeof dispute.charge === 'string' ? dispute.charge : dispute.charge.id,
    amountCents: dispute.amount,
    reason: dispute.reason,
    status: dispute.status,
    withdrawnCents,
    feeCents,
    reinstatedCents,
    openedAt: new Date(dispute.created * 1000),
    dueBy: dispute.evidence_details?.due_by ? new Date(dispute.evidence_details.due_by * 1000) : null,
  };
}

/** What each payout event says of the payout: created (the money left the balance), paid, failed, canceled. */
const PAYOUT_EVENT_STATUS = {
  'payout.created': 'in_transit',
  'payout.paid': 'paid',
  'payout.failed': 'failed',
  'payout.canceled': 'canceled',
} as const;

/** A connected account as we keep it: what it may do, and what Stripe still asks for. */
export function payoutAccountStatusOf(account: Stripe.Account): PayoutAccountStatus {
  const requirements = account.requirements;
  return {
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    transfersActive: account.capabilities?.transfers === 'active',
    requirementsDue: [...new Set([...(requirements?.past_due ?? []), ...(requirements?.currently_due ?? [])])],
    disabledReason: requirements?.disabled_reason ?? null,
  };
}

/**
 * A verified Stripe event in our terms (the dispatcher in payment-events.ts handles it once by its id): payment
 * intents through the same recording path as the sandbox's, charge.refunded as a refund when made outside our app
 * (Stripe's dashboard), refund.failed and charge.refund.updated (status failed) as a refund failed after it
 * succeeded, charge.dispute.* into the dispute and the platform's ledger entries, account.updated into the
 * creator's payout account, payout.created, payout.paid, payout.failed and payout.canceled into the creator's payouts and ledger,
 * setup_intent.succeeded of a card change into the support's card (the setup read back from Stripe). Other types
 * (setup_intent.created, .requires_action, .setup_failed, .canceled among them) are acknowledged.
 */
export function paymentEventOf(event: Stripe.Event): PaymentEvent {
  const envelope = { id: event.id, type: event.type };
  // Stripe's `created` (seconds): the order the events happened in, whatever the order they arrive in.
  const createdAt = new Date(event.created * 1000);
  if (INTENT_EVENTS.has(event.type)) {
    const intent = event.data.object as Stripe.PaymentIntent;
    return { ...envelope, kind: 'intent', intentId: intent.id };
  }
  if (DISPUTE_EVENTS.has(event.type)) {
    return {
      ...envelope,
      kind: 'dispute',
      createdAt,
      dispute: disputeReportOf(event.data.object as Stripe.Dispute),
    };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    return {
      ...envelope,
      kind: 'refund',
      refund: { chargeId: charge.id, amountRefundedCents: charge.amount_refunded },
    };
  }
  // Both say the same about one refund (refund.failed, and the older charge.refund.updated): the first one applies it.
  if (
    event.type === 'refund.failed' ||
    (event.type === 'charge.refund.updated' && event.data.object.status === 'failed')
  ) {
    const refund = event.data.object;
    const chargeId = typeof refund.charge === 'string' ? refund.charge : (refund.charge?.id ?? null);
    if (chargeId)
      return {
        ...envelope,
        kind: 'refund_failure',
        failure: {
          refundId: refund.id,
          chargeId,
          amountCents: refund.amount,
          failureReason: refund.failure_reason ?? 'unknown',
          idempotencyKey: refund.metadata?.[KEY_METADATA] ?? null,
        },
      };
  }
  if (event.type === EARLY_FRAUD_WARNING_EVENT) {
    const warning = event.data.object as Stripe.Radar.EarlyFraudWarning;
    return {
      ...envelope,
      kind: 'fraud_warning',
      warning: {
        id: warning.id,
        chargeId: typeof warning.charge === 'string' ? warning.charge : warning.charge.id,
        fraudType: warning.fraud_type,
        intentId:
          typeof warning.payment_intent === 'string' ? warning.payment_intent : (warning.payment_intent?.id ?? null),
      },
    };
  }
  if (event.type === 'account.updated') {
    const account = event.data.object;
    return { ...envelope, kind: 'account', createdAt, accountId: account.id, status: payoutAccountStatusOf(account) };
  }
  if (
    (event.type === 'payout.created' ||
      event.type === 'payout.paid' ||
      event.type === 'payout.failed' ||
      event.type === 'payout.canceled') &&
    event.account
  ) {
    const payout = event.data.object;
    return {
      ...envelope,
      kind: 'payout',
      createdAt,
      payout: {
        id: payout.id,
        accountId: event.account,
        amountCents: payout.amount,
        currency: payout.currency,
        status: PAYOUT_EVENT_STATUS[event.type],
        arrivalDate: payout.arrival_date ? new Date(payout.arrival_date * 1000) : null,
        balanceTransactionId:
          typeof payout.balance_transaction === 'string'
            ? payout.balance_transaction
            : (payout.balance_transaction?.id ?? null),
        failureCode: payout.failure_code ?? null,
        failureMessage: payout.failure_message ?? null,
        createdAt: new Date(payout.created * 1000),
      },
    };
  }
  // Only a success changes anything (the card is kept); the setup's own metadata says whether it is ours.
  if (event.type === 'setup_intent.succeeded') {
    const setup = event.data.object;
    if (setup.metadata?.purpose === 'card_change') return { ...envelope, kind: 'card_setup', setupId: setup.id };
  }
  return { ...envelope, kind: 'other' };
}
