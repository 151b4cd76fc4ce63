import type Stripe from 'stripe';
import { fromFixture } from './fixtures';
import { rejectUnknownParams } from './form-params';
import { readCurrency } from './currencies';
import { invalidRequest, noSuch } from './stand-in-error';
import { list, randomId, type ApiRequest, type StandInState } from './stand-in-state';

/**
 * Transfers the platform makes itself (separate from a destination charge's own transfer): the amount leaves the
 * platform's balance (a `transfer` balance transaction) and arrives on the connected account as a payment (`py_`,
 * named by the transfer's `destination_payment`, a `payment` balance transaction there), as on Stripe.
 */
export function transfersResource(state: StandInState) {
  /**
   * POST /v1/transfers: `amount`, `currency`, `destination` required; the platform's balance in that currency must
   * cover it.
   */
  function createTransfer({ params, read }: ApiRequest) {
    rejectUnknownParams(params, {
      amount: true,
      currency: true,
      destination: true,
      description: true,
      metadata: 'map',
      transfer_group: true,
      expand: 'list',
    });
    const amount = read.integer('amount', { min: 1 });
    const currencyParam = read.string('currency');
    const destination = read.string('destination');
    if (amount === undefined) throw invalidRequest('Missing required param: amount.', { param: 'amount' });
    if (!currencyParam) throw invalidRequest('Missing required param: currency.', { param: 'currency' });
    const currency = readCurrency(currencyParam);
    if (!destination) throw invalidRequest('Missing required param: destination.', { param: 'destination' });
    const account = state.accounts.get(destination);
    if (!account) throw noSuch('destination', destination, 'destination');
    if (account.capabilities?.transfers !== 'active') {
      throw invalidRequest(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { param: 'destination' },
      );
    }
    // From the platform's balance in the transfer's currency (a balance is one per currency).
    if (state.balanceTotal(null, currency) < amount) {
      throw invalidRequest(
        'You have insufficient funds in your Stripe account. One likely reason you have insufficient funds is that your funds are automatically being paid out; try enabling manual payouts.',
        { code: 'balance_insufficient' },
      );
    }
    const transferId = randomId('tr');
    const paymentId = randomId('py');
    const transfer = fromFixture<Stripe.Transfer>('transfer', {
      id: transferId,
      amount,
      amount_reversed: 0,
      balance_transaction: state.balanceTransaction(-amount, 0, 'transfer', transferId, currency).id,
      created: state.now(),
      currency,
      description: read.string('description') ?? null,
      destination,
      destination_payment: paymentId,
      source_transaction: null,
      reversed: false,
      transfer_group: read.string('transfer_group') ?? null,
      metadata: read.metadata() ?? {},
    });
    transfer.reversals = list([], `/v1/transfers/${transfer.id}/reversals`);
    state.transfers.set(transfer.id, transfer);
    state.balanceTransaction(amount, 0, 'payment', paymentId, currency, { account: destination });
    state.emit('transfer.created', transfer);
    return transfer;
  }

  /** GET /v1/transfers: newest first, by `destination`, `limit` (default 10, at most 100). */
  function listTransfers({ params, read }: ApiRequest) {
    rejectUnknownParams(params, { destination: true, limit: true, expand: 'list' });
    const destination = read.string('destination');
    const limit = Math.min(read.integer('limit', { min: 1 }) ?? 10, 100);
    const found = [...state.transfers.values()]
      .filter((transfer) => !destination || transfer.destination === destination)
      .reverse();
    return { ...list(found.slice(0, limit), '/v1/transfers'), has_more: found.length > limit };
  }

  return { createTransfer, listTransfers };
}
