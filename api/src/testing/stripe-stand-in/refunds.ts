import type Stripe from 'stripe';
import { fromFixture } from './fixtures';
import { rejectUnknownParams } from './form-params';
import type { PaymentIntentsResource } from './payment-intents';
import { invalidRequest, noSuch } from './stand-in-error';
import { list, randomId, type ApiRequest, type StandInState } from './stand-in-state';

/** Why a bank refuses a refund, as Stripe's `failure_reason` names it. */
export type RefundFailureReason =
  | 'lost_or_stolen_card'
  | 'expired_or_canceled_card'
  | 'charge_for_pending_refund_disputed'
  | 'insufficient_funds'
  | 'declined'
  | 'merchant_request'
  | 'unknown';

/**
 * Refunds of destination charges, as Stripe moves the money: the platform pays the refund (Stripe keeps its fee),
 * `reverse_transfer` takes the transfer back from the connected account pro rata, `refund_application_fee` returns the
 * application fee pro rata to it; an application fee refund (POST /v1/application_fees/:id/refunds) returns any part.
 */
export function refundsResource(state: StandInState, paymentIntents: PaymentIntentsResource) {
  /** Stripe's pro rata share for a partial refund, computed on the running total so a full refund returns it all. */
  function proRata(total: number, refundedBefore: number, refundedAfter: number, chargeAmount: number): number {
    return Math.round((total * refundedAfter) / chargeAmount) - Math.round((total * refundedBefore) / chargeAmount);
  }

  function createRefund({ params, read }: ApiRequest) {
    rejectUnknownParams(params, {
      payment_intent: true,
      charge: true,
      amount: true,
      reason: true,
      metadata: 'map',
      reverse_transfer: true,
      refund_application_fee: true,
      expand: 'list',
    });
    const intentId = read.string('payment_intent');
    let chargeId = read.string('charge');
    if (!intentId && !chargeId) {
      throw invalidRequest(
        'One of the following params should be provided for this request: payment_intent or charge.',
        {
          code: 'parameter_missing',
        },
      );
    }
    if (intentId) {
      const intent = paymentIntents.getPaymentIntent(intentId, 'payment_intent', 400);
      if (intent.status !== 'succeeded' || !intent.latest_charge) {
        throw invalidRequest(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, {
          param: 'payment_intent',
        });
      }
      chargeId = intent.latest_charge as string;
    }
    const charge = state.charges.get(chargeId!);
    if (!charge || charge.status !== 'succeeded') throw noSuch('charge', chargeId!, 'charge');
    if (charge.disputed) {
      throw invalidRequest(`Charge ${charge.id} has been charged back; cannot issue a refund.`, {
        code: 'charge_disputed',
      });
    }
    if (charge.refunded) {
      throw invalidRequest(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    const remaining = charge.amount - charge.amount_refunded;
    const amount = read.integer('amount', { min: 1 }) ?? remaining;
    if (amount > remaining) {
      const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      throw invalidRequest(
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(remaining)})`,
        { param: 'amount' },
      );
    }
    const reverseTransfer = read.boolean('reverse_transfer') ?? false;
    const refundFee = read.boolean('refund_application_fee') ?? false;
    const transfer = charge.transfer ? state.transfers.get(charge.transfer as string) : undefined;
    if (reverseTransfer && !transfer) {
      throw invalidRequest(
        'This charge has no transfer to reverse: reverse_transfer is for destination state.charges.',
        {
          param: 'reverse_transfer',
        },
      );
    }
    const applicationFee = charge.application_fee
      ? state.applicationFees.get(charge.application_fee as string)
      : undefined;
    if (refundFee && !applicationFee) {
      throw invalidRequest('This charge has no application fee to refund.', { param: 'refund_application_fee' });
    }
    const refundId = randomId('re');
    const refund = fromFixture<Stripe.Refund>('refund', {
      id: refundId,
      amount,
      balance_transaction: state.balanceTransaction(-amount, 0, 'refund', refundId, charge.currency).id,
      charge: charge.id,
      created: state.now(),
      currency: charge.currency,
      metadata: read.metadata() ?? {},
      payment_intent: charge.payment_intent,
      payment_method: charge.payment_method,
      reason: read.oneOf('reason', ['duplicate', 'fraudulent', 'requested_by_customer'] as const) ?? null,
      status: 'succeeded',
      customer: charge.customer,
    });
    const before = charge.amount_refunded;
    const after = before + amount;
    if (reverseTransfer && transfer) {
      const reversed = proRata(transfer.amount, before, after, charge.amount);
      const reversalId = randomId('trr');
      const destination = transfer.destination as string;
      state.balanceTransaction(-reversed, 0, 'payment_refund', reversalId, charge.currency, { account: destination });
      const reversal = fromFixture<Stripe.TransferReversal>('transfer_reversal', {
        id: reversalId,
        amount: reversed,
        balance_transaction: state.balanceTransaction(reversed, 0, 'transfer_refund', reversalId, charge.currency).id,
        created: state.now(),
        currency: charge.currency,
        source_refund: refund.id,
        transfer: transfer.id,
        metadata: {},
      });
      transfer.reversals.data.push(reversal);
      const previous = { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed };
      transfer.amount_reversed += reversed;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      refund.transfer_reversal = reversal.id;
      state.emit('transfer.reversed', transfer, { previous });
    }
    if (refundFee && applicationFee) {
      const returned = proRata(applicationFee.amount, before, after, charge.amount);
      if (returned > 0) refundApplicationFee(applicationFee, returned, {});
    }
    state.refunds.set(refund.id, refund);
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded = after;
    charge.refunded = after === charge.amount;
    state.emit('refund.created', refund);
    state.emit('charge.refunded', charge, { previous });
    return refund;
  }

  /**
   * The card's bank refuses a refund Stripe had reported succeeded (Stripe's test card `pm_card_refundFail` does it
   * some time later): the refund turns failed with its reason, the money comes back to the platform's balance, and
   * refund.updated, charge.refund.updated and refund.failed are sent. The charge, the transfer reversal and the application fee refund are
   * left as they were.
   */
  function failRefund(
    refundId: string,
    failureReason: RefundFailureReason = 'expired_or_canceled_card',
  ): Stripe.Refund {
    const refund = state.refunds.get(refundId);
    if (!refund) throw new Error(`The stand-in has no refund ${refundId}`);
    if (refund.status !== 'succeeded' && refund.status !== 'pending') {
      throw new Error(`Refund ${refundId} is ${refund.status}: only a succeeded or pending refund can fail`);
    }
    const previous = { status: refund.status };
    refund.status = 'failed';
    refund.failure_reason = failureReason;
    refund.failure_balance_transaction = state.balanceTransaction(
      refund.amount,
      0,
      'refund_failure',
      refund.id,
      refund.currency,
    ).id;
    state.emit('refund.updated', refund, { previous });
    state.emit('charge.refund.updated', refund, { previous });
    state.emit('refund.failed', refund, { previous });
    return refund;
  }

  /** Gives `amount` of an application fee back to the connected account it was taken from. */
  function refundApplicationFee(
    applicationFee: Stripe.ApplicationFee,
    amount: number,
    metadata: Record<string, string>,
  ): Stripe.FeeRefund {
    const id = randomId('fr');
    const account = applicationFee.account as string;
    state.balanceTransaction(amount, 0, 'application_fee_refund', id, applicationFee.currency, { account });
    const feeRefund = fromFixture<Stripe.FeeRefund>('fee_refund', {
      id,
      amount,
      balance_transaction: state.balanceTransaction(-amount, 0, 'application_fee_refund', id, applicationFee.currency)
        .id,
      created: state.now(),
      currency: applicationFee.currency,
      fee: applicationFee.id,
      metadata,
    });
    applicationFee.refunds.data.push(feeRefund);
    const previous = { amount_refunded: applicationFee.amount_refunded, refunded: applicationFee.refunded };
    applicationFee.amount_refunded += amount;
    applicationFee.refunded = applicationFee.amount_refunded === applicationFee.amount;
    state.emit('application_fee.refunded', applicationFee, { previous });
    return feeRefund;
  }

  /** POST /v1/application_fees/:id/refunds: all that is left by default, never more. */
  function createApplicationFeeRefund({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, { amount: true, metadata: 'map', expand: 'list' });
    const applicationFee = state.applicationFees.get(ids[0]!);
    if (!applicationFee) throw noSuch('application fee', ids[0]!, 'id', 404);
    const remaining = applicationFee.amount - applicationFee.amount_refunded;
    if (remaining === 0) {
      throw invalidRequest(`Application fee ${applicationFee.id} has already been refunded.`, {
        code: 'charge_already_refunded',
      });
    }
    const amount = read.integer('amount', { min: 1 }) ?? remaining;
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount (${amount}) is greater than the unrefunded amount of the application fee (${remaining}).`,
        { param: 'amount' },
      );
    }
    return refundApplicationFee(applicationFee, amount, read.metadata() ?? {});
  }

  /**
   * POST /v1/transfers/:id/reversals: takes `amount` (default what is left) of a transfer back to the platform. As on
   * Stripe, a destination charge's transfer (it has a `source_transaction`) is reversed whatever the connected
   * account's balance, which then goes negative; a transfer made on its own is reversed only when the account's
   * balance covers it. The account's side is a refund of the transfer's payment (`pyr_`, the reversal's
   * `destination_payment_refund`, a `payment_refund` balance transaction there).
   */
  function createTransferReversal({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, { amount: true, metadata: 'map', description: true, expand: 'list' });
    const transfer = state.transfers.get(ids[0]!);
    if (!transfer) throw noSuch('transfer', ids[0]!, 'id', 404);
    const remaining = transfer.amount - transfer.amount_reversed;
    const amount = read.integer('amount', { min: 1 }) ?? remaining;
    if (amount > remaining) {
      throw invalidRequest(
        `You have requested reversal of ${amount} but transfer ${transfer.id} only has ${remaining} left that can be reversed.`,
        { param: 'amount' },
      );
    }
    const destination = transfer.destination as string;
    if (!transfer.source_transaction && state.balanceTotal(destination, transfer.currency) < amount) {
      throw invalidRequest(
        `Insufficient funds in the destination account ${destination} to reverse ${amount} of transfer ${transfer.id}.`,
        { code: 'balance_insufficient' },
      );
    }
    const reversalId = randomId('trr');
    const paymentRefundId = randomId('pyr');
    state.balanceTransaction(-amount, 0, 'payment_refund', paymentRefundId, transfer.currency, {
      account: destination,
    });
    const reversal = fromFixture<Stripe.TransferReversal>('transfer_reversal', {
      id: reversalId,
      amount,
      balance_transaction: state.balanceTransaction(amount, 0, 'transfer_refund', reversalId, transfer.currency).id,
      created: state.now(),
      currency: transfer.currency,
      destination_payment_refund: paymentRefundId,
      source_refund: null,
      transfer: transfer.id,
      metadata: read.metadata() ?? {},
    });
    transfer.reversals.data.push(reversal);
    const previous = { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed };
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    state.emit('transfer.reversed', transfer, { previous });
    return reversal;
  }

  /** GET /v1/transfers/:id/reversals: newest first, `limit` (default 10, at most 100). */
  function listTransferReversals({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, { limit: true, expand: 'list' });
    const transfer = state.transfers.get(ids[0]!);
    if (!transfer) throw noSuch('transfer', ids[0]!, 'id', 404);
    const limit = Math.min(read.integer('limit', { min: 1 }) ?? 10, 100);
    const found = [...transfer.reversals.data].reverse();
    return { ...list(found.slice(0, limit), `/v1/transfers/${transfer.id}/reversals`), has_more: found.length > limit };
  }

  /** GET /v1/refunds: newest first, by `charge` or `payment_intent`, `limit` (default 10, at most 100). */
  function listRefunds({ params, read }: ApiRequest) {
    rejectUnknownParams(params, { charge: true, payment_intent: true, limit: true, expand: 'list' });
    const chargeId = read.string('charge');
    const intentId = read.string('payment_intent');
    const limit = Math.min(read.integer('limit', { min: 1 }) ?? 10, 100);
    const found = [...state.refunds.values()]
      .filter(
        (refund) => (!chargeId || refund.charge === chargeId) && (!intentId || refund.payment_intent === intentId),
      )
      .reverse();
    return { ...list(found.slice(0, limit), '/v1/refunds'), has_more: found.length > limit };
  }

  /** GET /v1/application_fees/:id/refunds: newest first, `limit` (default 10, at most 100). */
  function listApplicationFeeRefunds({ params, read, ids }: ApiRequest) {
    rejectUnknownParams(params, { limit: true, expand: 'list' });
    const applicationFee = state.applicationFees.get(ids[0]!);
    if (!applicationFee) throw noSuch('application fee', ids[0]!, 'id', 404);
    const limit = Math.min(read.integer('limit', { min: 1 }) ?? 10, 100);
    const found = [...applicationFee.refunds.data].reverse();
    return {
      ...list(found.slice(0, limit), `/v1/application_fees/${applicationFee.id}/refunds`),
      has_more: found.length > limit,
    };
  }

  return {
    proRata,
    createRefund,
    failRefund,
    createApplicationFeeRefund,
    createTransferReversal,
    listTransferReversals,
    listRefunds,
    listApplicationFeeRefunds,
  };
}
