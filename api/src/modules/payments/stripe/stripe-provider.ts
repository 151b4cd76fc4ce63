import Stripe from 'stripe';
import { payoutTermsOf } from '@beabro/shared/data/payout-terms';
import { isCurrency, type Currency } from '@beabro/shared/money/currencies';
import {
  IdempotencyKeyReusedError,
  type BalanceTransaction,
  type BalanceTransactionsRequest,
  type CardFieldConfig,
  type CardSetup,
  type CreateCardSetupRequest,
  type CreatorShareReversalRequest,
  type CreatorShareReversalResult,
  type CreatorTransferRequest,
  type CreatorTransferResult,
  type CreateIntentRequest,
  type IntentStatus,
  type OffSessionChargeRequest,
  type PaymentFailureCode,
  type PaymentIntent,
  type PaymentProvider,
  type ProviderEvent,
  type RefundRequest,
  type RefundResult,
  type TransferRequest,
  type TransferResult,
  type ConnectedAccount,
  type ConnectedAccounts,
  type ProviderCapabilities,
} from '../payment-provider';
import { KEY_METADATA, payoutAccountStatusOf } from './stripe-events';

/*
 * Stripe Connect behind our PaymentProvider interface: destination charges in the creator's currency made on behalf of
 * their connected account (it is the settlement merchant: the payment settles in its country and currency, and Stripe
 * pays it out without a conversion), cards only, whose application fee, in the same currency, is everything but the
 * ledger's creator net (the platform fee and the processing fee the creator bears; Stripe charges its own fee to the
 * platform out of it), cards kept for renewals with setup_future_usage=off_session, renewals confirmed off session,
 * refunds that reverse the transfer and return exactly the ledger's platform fee share of the application fee, and
 * Stripe's signed events verified with the SDK. Selected by PAYMENT_PROVIDER=stripe (../configured-provider.ts).
 */

/** Stripe.js, from Stripe only (never bundled or proxied, as Stripe requires): the Payment Element is its card field. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

export interface StripeProviderOptions {
  secretKey: string;
  /** The browser's key (`pk_...`): Stripe.js mounts the Payment Element with it. */
  publishableKey?: string;
  /** Signing secret of the platform webhook endpoint (`whsec_...`). */
  webhookSecret: string;
  /** Signing secret of the Connect endpoint (connected accounts' events), when one is configured. */
  connectWebhookSecret?: string;
  /**
   * The page of ours that mounts Stripe's Payment Element with the intent's client secret: Stripe has no frame of its
   * own to point at, the card field is Stripe.js inside our page.
   */
  cardFrameUrl: string;
  /** Where the SDK sends requests, for the local stand-in (never set in production). */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** How long a signed event stays acceptable (Stripe's default tolerance). */
const signatureToleranceSeconds = 300;
/** The charge with its balance transaction: its `fee` is what Stripe charged the platform for it. */
const expand = ['customer', 'payment_method', 'latest_charge.balance_transaction'];
/**
 * Cards only (Apple Pay and Google Pay are cards): no redirect, so neither the Payment Element nor an off-session
 * confirm needs a return_url, and whatever the Dashboard enables (Link, bank debits...) is never offered. API version
 * 2026-10-28 takes `allowed_payment_method_types` (`payment_method_types` is read-only there, and exclusive of
 * `automatic_payment_methods`).
 */
const cardOnly: ['card'] = ['card'];
/**
 * Stripe keeps an idempotency key's result for at least 24 hours, then may forget it, and a re-send with the key would
 * then move money a second time. So every intent and refund carries its key in metadata (KEY_METADATA), and a re-send
 * of a request first sent longer ago than KEY_LOOKUP_AFTER_MS looks the first result up by it (search lags writes by
 * about a minute; an hour is far past that and far inside Stripe's 24 hours, where the key itself still answers).
 */
export const KEY_LOOKUP_AFTER_MS = 60 * 60 * 1000;

/** Stripe's search query language: a value in single quotes, with quotes and backslashes escaped. */
function searchValue(text: string): string {
  return `'${text.replace(/[\\']/g, (character) => `\\${character}`)}'`;
}

function isOldResend(firstSentAt: Date | undefined): boolean {
  return firstSentAt !== undefined && Date.now() - firstSentAt.getTime() > KEY_LOOKUP_AFTER_MS;
}

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** Stripe's statuses in our smaller set: an intent with a card not yet confirmed still waits for the supporter. */
function statusOf(intent: Stripe.PaymentIntent): IntentStatus {
  switch (intent.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
    case 'requires_capture':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'canceled';
    default:
      return 'requires_payment_method';
  }
}

function statusOfSetup(setup: Stripe.SetupIntent): IntentStatus {
  switch (setup.status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'requires_action':
      return 'requires_action';
    case 'canceled':
      return 'canceled';
    default:
      return 'requires_payment_method';
  }
}

/** Stripe's reason in the codes the checkout and renewals know. */
function failureCodeOf(
  error: Stripe.PaymentIntent.LastPaymentError | Stripe.SetupIntent.LastSetupError,
): PaymentFailureCode {
  if (error.code === 'authentication_required' || error.decline_code === 'authentication_required') {
    return 'authentication_required';
  }
  if (error.code === 'payment_intent_authentication_failure' || error.code === 'setup_intent_authentication_failure')
    return 'authentication_failed';
  if (error.code === 'expired_card') return 'expired_card';
  if (error.decline_code === 'insufficient_funds') return 'insufficient_funds';
  return 'card_declined';
}

/** `link` -> "Link", `us_bank_account` -> "Us bank account": a name for a payment method that is not a card. */
function methodTypeName(type: string): string {
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function connectedAccountOf(account: Stripe.Account): ConnectedAccount {
  return { id: account.id, country: account.country ?? null, status: payoutAccountStatusOf(account) };
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Stripe's currency code as one of ours. Everything the app makes is in a creator's currency, so another (an object
 * made in Stripe's dashboard in euros, say) cannot be recorded: it throws, naming the object.
 */
function currencyOf(code: string, objectId: string): Currency {
  const currency = code.toLowerCase();
  if (!isCurrency(currency)) throw new Error(`Stripe's ${objectId} is in ${code}, a currency Be a Bro does not take`);
  return currency;
}

/** Stripe.js's Payment Element for cards; creators paid through Express accounts made in Stripe's onboarding. */
export const STRIPE_CAPABILITIES: ProviderCapabilities = { cardField: 'stripe-elements', connectedAccounts: true };

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';
  readonly capabilities = STRIPE_CAPABILITIES;
  readonly testMode: boolean;
  readonly cardField: CardFieldConfig;
  /** Creators' Express accounts, in our terms (the methods below return Stripe's own objects). */
  readonly connectedAccounts: ConnectedAccounts = {
    create: async (request) => connectedAccountOf(await this.createConnectedAccount(request)),
    retrieve: async (accountId) => connectedAccountOf(await this.retrieveAccount(accountId)),
    onboardingLink: (accountId, urls) => this.createOnboardingLink(accountId, urls),
    holdPayouts: (accountId, held) => this.holdPayouts(accountId, held),
    // The payout's balance transaction is in the balance's currency, the account's own (the creator's currency): a payout
    // to a bank in another currency reports the amount it took off that balance.
    payoutDebitCents: async (accountId, balanceTransactionId) => {
      const transaction = await this.stripe.balanceTransactions.retrieve(balanceTransactionId, undefined, {
        stripeAccount: accountId,
      });
      return -transaction.amount;
    },
  };
  private readonly stripe: Stripe;
  /**
   * Whether each connected account met so far can be the settlement merchant of its charges (`on_behalf_of`): every
   * account under the full service agreement can; one under the recipient agreement (Australian creators paid in US
   * dollars through Stripe's cross-border payouts) cannot. Stripe never changes an account's agreement once accepted,
   * so it is asked once.
   */
  private readonly settlesItsCharges = new Map<string, boolean>();

  constructor(private readonly options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, { ...(options.api ?? {}), maxNetworkRetries: 2 });
    this.testMode = !options.secretKey.startsWith('sk_live_') && !options.secretKey.startsWith('rk_live_');
    this.cardField = {
      frameUrl: options.cardFrameUrl,
      ...(options.publishableKey ? { publishableKey: options.publishableKey } : {}),
    };
  }

  async createIntent(request: CreateIntentRequest): Promise<PaymentIntent> {
    const sent = await this.intentSentBefore(request);
    if (sent) return sent;
    return this.idempotent(request.idempotencyKey, async () => {
      // A customer per payment holds the supporter's email, and the card when it is kept for renewals.
      const customer = await this.stripe.customers.create(
        { email: request.customer },
        { idempotencyKey: `${request.idempotencyKey}/customer` },
      );
      const intent = await this.stripe.paymentIntents.create(
        {
          ...(await this.intentParams(request, customer.id)),
          ...(request.keepCard ? { setup_future_usage: 'off_session' as const } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return this.toIntent(intent);
    });
  }

  /**
   * The intent as Stripe has it; null when Stripe knows none, or when it is in a currency Be a Bro does not take (one
   * made in Stripe's dashboard: none of the app's intents is, so it is none of ours).
   */
  async retrieveIntent(intentId: string): Promise<PaymentIntent | null> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(intentId, { expand });
      return isCurrency(intent.currency) ? this.toIntent(intent) : null;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw error;
    }
  }

  async cancelIntent(intentId: string): Promise<PaymentIntent | null> {
    const current = await this.retrieveIntent(intentId);
    if (!current || current.status === 'succeeded' || current.status === 'canceled') return current;
    try {
      return this.toIntent(
        await this.stripe.paymentIntents.cancel(intentId, { cancellation_reason: 'abandoned', expand }),
      );
    } catch (error) {
      // Paid (or canceled) between the read and the cancel: the intent as it is now is the answer.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'payment_intent_unexpected_state'
      ) {
        return this.retrieveIntent(intentId);
      }
      throw error;
    }
  }

  async chargeOffSession(request: OffSessionChargeRequest): Promise<PaymentIntent> {
    const sent = await this.intentSentBefore(request);
    if (sent) return sent;
    return this.idempotent(request.idempotencyKey, async () => {
      const customer = await this.customerOf(request.paymentMethodId);
      try {
        const intent = await this.stripe.paymentIntents.create(
          {
            ...(await this.intentParams(request, customer)),
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        return this.toIntent(intent);
      } catch (error) {
        // A decline or "authentication required" is an answer, not a failure of ours: the intent carries the reason.
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          return this.toIntent(await this.stripe.paymentIntents.retrieve(error.payment_intent.id, { expand }));
        }
        throw error;
      }
    });
  }

  async chargeOnSession(request: OffSessionChargeRequest): Promise<PaymentIntent> {
    const sent = await this.intentSentBefore(request);
    if (sent) return sent;
    return this.idempotent(request.idempotencyKey, async () => {
      const customer = await this.customerOf(request.paymentMethodId);
      try {
        // Confirmed on the server with the kept card, the supporter on the page: a bank that wants 3-D Secure leaves it
        // requires_action (use_stripe_sdk), which Stripe.js's handleNextAction answers in the page.
        const intent = await this.stripe.paymentIntents.create(
          { ...(await this.intentParams(request, customer)), payment_method: request.paymentMethodId, confirm: true },
          { idempotencyKey: request.idempotencyKey },
        );
        return this.toIntent(intent);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError && error.payment_intent) {
          return this.toIntent(await this.stripe.paymentIntents.retrieve(error.payment_intent.id, { expand }));
        }
        throw error;
      }
    });
  }

  /**
   * A SetupIntent on the customer the replaced card is kept with, for off-session use: the Payment Element in setup
   * mode confirms it in the page (3-D Secure included) and Stripe attaches the new card to that customer.
   */
  async createCardSetup(request: CreateCardSetupRequest): Promise<CardSetup> {
    return this.idempotent(request.idempotencyKey, async () => {
      const customer = await this.customerOf(request.replacesPaymentMethodId);
      const setup = await this.stripe.setupIntents.create(
        {
          customer,
          usage: 'off_session',
          metadata: request.metadata,
          allowed_payment_method_types: cardOnly,
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return this.toSetup(setup);
    });
  }

  async retrieveCardSetup(setupId: string): Promise<CardSetup | null> {
    try {
      return this.toSetup(await this.stripe.setupIntents.retrieve(setupId, { expand: ['payment_method'] }));
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') return null;
      throw error;
    }
  }

  /**
   * Detaches the payment method from its customer (POST /v1/payment_methods/:id/detach): Stripe refuses it from then
   * on. One Stripe no longer knows, or that is on no customer any more (detached before), is already done.
   */
  async detachCard(paymentMethodId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      if (error.code === 'resource_missing') return;
      const method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
      if (method.customer) throw error;
    }
  }

  /**
   * With destination charges each payment's share already went to the creator's connected account with the charge
   * (its transfer), and Stripe pays the account out to the bank on its weekly schedule (payout.paid / payout.failed):
   * moving the week's money again from the platform would pay the creator twice. So the weekly payout only closes the
   * week in our books, once the account is checked to be the creator's connected account and still able to receive
   * transfers; a destination that is not a connected account (`creator:<id>`, the sandbox's) is refused.
   */
  async transfer(request: TransferRequest): Promise<TransferResult> {
    if (!request.destination.startsWith('acct_'))
      throw new Error(
        `Stripe pays creators through their connected accounts; ${request.destination} is not one (${request.idempotencyKey})`,
      );
    const account = await this.stripe.accounts.retrieve(request.destination);
    if (account.capabilities?.transfers !== 'active')
      throw new Error(
        `Connected account ${account.id} cannot receive transfers; the payout waits (${request.idempotencyKey})`,
      );
    return { transferId: `destination_charges:${account.id}` };
  }

  /**
   * The refund reverses the whole refunded amount from the creator's connected account (`reverse_transfer`: the
   * transfer was the whole charge) and keeps the application fee; then exactly the ledger's platform fee returned is
   * refunded of the application fee back to the account, so the account loses what the ledger takes off the creator
   * (the processing fee stays with them). A failure between the two throws: the refund stays pending and the retry
   * replays the first step by its key and finishes the second.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const oldResend = isOldResend(request.firstSentAt);
    let refund: Stripe.Refund | null = oldResend ? await this.refundSentBefore(request) : null;
    try {
      refund ??= await this.stripe.refunds.create(
        {
          charge: request.chargeId,
          amount: request.amountCents,
          reverse_transfer: true,
          refund_application_fee: false,
          metadata: { description: request.description, [KEY_METADATA]: request.idempotencyKey },
          expand: ['charge'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeIdempotencyError)
        throw new IdempotencyKeyReusedError(request.idempotencyKey);
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      if (error.code === 'resource_missing')
        return { status: 'failed', code: 'charge_not_found', message: error.message };
      if (error.code === 'charge_disputed') {
        return {
          status: 'failed',
          code: 'charge_disputed',
          message: `The supporter disputed this payment with their bank, so it cannot be refunded (${error.message})`,
        };
      }
      if (error.param === 'amount' || error.code === 'charge_already_refunded') {
        return { status: 'failed', code: 'amount_too_large', message: error.message };
      }
      throw error;
    }
    if (request.applicationFeeRefundCents > 0) {
      const charge =
        typeof refund.charge === 'string' ? await this.stripe.charges.retrieve(refund.charge) : refund.charge;
      const fee = idOf(charge?.application_fee ?? null);
      if (!fee) throw new Error(`Charge ${request.chargeId} has no application fee to return part of`);
      const refundId = refund.id;
      const returned =
        oldResend &&
        (await this.stripe.applicationFees.listRefunds(fee, { limit: 100 }).autoPagingToArray({ limit: 10_000 })).some(
          (feeRefund) => feeRefund.metadata?.refund === refundId,
        );
      if (!returned)
        await this.idempotent(`${request.idempotencyKey}/application-fee`, () =>
          this.stripe.applicationFees.createRefund(
            fee,
            { amount: request.applicationFeeRefundCents, metadata: { refund: refundId } },
            { idempotencyKey: `${request.idempotencyKey}/application-fee` },
          ),
        );
    }
    return { status: 'succeeded', refundId: refund.id };
  }

  /** A re-send past KEY_LOOKUP_AFTER_MS: the intent the first send made, found by its key, or null (none was made). */
  private async intentSentBefore(
    request: CreateIntentRequest | OffSessionChargeRequest,
  ): Promise<PaymentIntent | null> {
    if (!isOldResend(request.firstSentAt)) return null;
    const found = await this.stripe.paymentIntents.search({
      query: `metadata[${searchValue(KEY_METADATA)}]:${searchValue(request.idempotencyKey)}`,
      limit: 1,
    });
    const first = found.data[0];
    return first ? this.toIntent(await this.stripe.paymentIntents.retrieve(first.id, { expand })) : null;
  }

  /** A re-send past KEY_LOOKUP_AFTER_MS: the charge's refund the first send made, found by its key, or null. */
  private async refundSentBefore(request: RefundRequest): Promise<Stripe.Refund | null> {
    const refunds = await this.stripe.refunds
      .list({ charge: request.chargeId, limit: 100 })
      .autoPagingToArray({ limit: 10_000 });
    const found = refunds.find((refund) => refund.metadata?.[KEY_METADATA] === request.idempotencyKey);
    return found ? this.stripe.refunds.retrieve(found.id, { expand: ['charge'] }) : null;
  }

  verifySignedEvent(rawBody: string, signatureHeader: string | undefined): ProviderEvent | null {
    if (!signatureHeader) return null;
    const secrets = [this.options.webhookSecret, this.options.connectWebhookSecret].filter((secret): secret is string =>
      Boolean(secret),
    );
    for (const secret of secrets) {
      try {
        const event = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, signatureToleranceSeconds);
        const object = event.data.object as { object?: string; id?: string; payment_intent?: unknown };
        const intentId =
          object.object === 'payment_intent'
            ? (object.id ?? null)
            : typeof object.payment_intent === 'string'
              ? object.payment_intent
              : null;
        return { id: event.id, type: event.type, intentId };
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
      }
    }
    return null;
  }

  /**
   * A refund made in Stripe's dashboard reverses the transfer and refunds the application fee by its own rules (the
   * fee pro rata, processing fee included, or not at all): the account then lost more or less than the ledger took
   * off the creator. The difference is moved: a transfer reversal when the account kept too much, an application fee
   * refund when it lost too much. Keyed by the charge's refunded total, so a repeat moves nothing twice. Refund in
   * the dashboard with "Reverse the transfer" and without "Refund the application fee": the account then lost the
   * whole refund, and the platform fee's share is given back to it, always possible (docs/going-live.md).
   */
  async settleRefundedCharge(request: {
    chargeId: string;
    refundedCents: number;
    creatorDebitCents: number;
  }): Promise<void> {
    const charge = await this.stripe.charges.retrieve(request.chargeId, { expand: ['transfer', 'application_fee'] });
    const transfer = typeof charge.transfer === 'object' ? charge.transfer : null;
    const fee = typeof charge.application_fee === 'object' ? charge.application_fee : null;
    // A refund whose event has not arrived yet: the ledger is not complete, the event that completes it squares.
    if (!transfer || charge.amount_refunded !== request.refundedCents) return;
    const accountLost = transfer.amount_reversed - (fee?.amount_refunded ?? 0);
    const correction = request.creatorDebitCents - accountLost;
    const key = `settle-refunds:${charge.id}:${charge.amount_refunded}:${request.creatorDebitCents}`;
    // No more than the transfer has left: after a full refund with the whole application fee refunded, what the account
    // kept beyond the ledger cannot be taken back here and the reconciliation reports it.
    const reversible = Math.min(correction, transfer.amount - transfer.amount_reversed);
    if (reversible > 0) {
      await this.stripe.transfers.createReversal(
        transfer.id,
        { amount: reversible, metadata: { charge: charge.id } },
        { idempotencyKey: key },
      );
    } else if (correction < 0 && fee) {
      await this.stripe.applicationFees.createRefund(
        fee.id,
        { amount: -correction, metadata: { charge: charge.id } },
        { idempotencyKey: key },
      );
    }
  }

  /**
   * A transfer from the platform's balance to the account the charge paid (its destination), keyed by the request's
   * key; a retry past KEY_LOOKUP_AFTER_MS first looks for the transfer the first try made (by the key in its metadata).
   */
  async transferToCreator(request: CreatorTransferRequest): Promise<CreatorTransferResult> {
    const charge = await this.stripe.charges.retrieve(request.chargeId, { expand: ['transfer'] });
    const destination =
      idOf(charge.transfer_data?.destination ?? null) ??
      (typeof charge.transfer === 'object' && charge.transfer ? idOf(charge.transfer.destination) : null);
    if (!destination) throw new Error(`Charge ${request.chargeId} paid no connected account to transfer to`);
    let transfer: Stripe.Transfer | undefined;
    if (isOldResend(request.firstSentAt)) {
      const earlier = await this.stripe.transfers
        .list({ destination, limit: 100 })
        .autoPagingToArray({ limit: 10_000 });
      transfer = earlier.find((found) => found.metadata?.[KEY_METADATA] === request.idempotencyKey);
    }
    transfer ??= await this.idempotent(request.idempotencyKey, () =>
      this.stripe.transfers.create(
        {
          amount: request.amountCents,
          currency: charge.currency,
          destination,
          metadata: { ...request.metadata, [KEY_METADATA]: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    return { transferId: transfer.id, paymentId: idOf(transfer.destination_payment ?? null) };
  }

  /**
   * A reversal of the charge's transfer (destination charges: `charge.transfer`, the whole charge) of the amount asked,
   * no more than the transfer has left. Stripe reverses a destination charge's transfer whatever the account's balance:
   * a balance too small goes negative, and Stripe recovers it from the account's next payments. The reversal carries
   * its key in metadata and is looked for among the transfer's reversals first, so a retry after a success that was
   * not recorded returns it rather than reversing again (nor asks again for a smaller amount under the same key).
   */
  async reverseCreatorShare(request: CreatorShareReversalRequest): Promise<CreatorShareReversalResult> {
    const charge = await this.stripe.charges.retrieve(request.chargeId, { expand: ['transfer'] });
    const transfer = typeof charge.transfer === 'object' ? charge.transfer : null;
    if (!transfer) throw new Error(`Charge ${request.chargeId} has no transfer to reverse`);
    const earlier = await this.stripe.transfers
      .listReversals(transfer.id, { limit: 100 })
      .autoPagingToArray({ limit: 10_000 });
    let reversal = earlier.find((found) => found.metadata?.[KEY_METADATA] === request.idempotencyKey);
    if (!reversal) {
      const amount = Math.min(request.amountCents, transfer.amount - transfer.amount_reversed);
      if (amount <= 0) return { amountCents: 0, reversalId: null, paymentRefundId: null };
      reversal = await this.idempotent(request.idempotencyKey, () =>
        this.stripe.transfers.createReversal(
          transfer.id,
          { amount, metadata: { ...request.metadata, [KEY_METADATA]: request.idempotencyKey } },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
    }
    return {
      amountCents: reversal.amount,
      reversalId: reversal.id,
      paymentRefundId: idOf(reversal.destination_payment_refund ?? null),
    };
  }

  /**
   * `GET /v1/balance_transactions` of the platform, or of a connected account (`Stripe-Account` header), created in
   * [from, to): newest first from Stripe, page by page (`starting_after`), returned oldest first.
   */
  async listBalanceTransactions(request: BalanceTransactionsRequest): Promise<BalanceTransaction[]> {
    const found: BalanceTransaction[] = [];
    const created = {
      gte: Math.floor(request.from.getTime() / 1000),
      lt: Math.ceil(request.to.getTime() / 1000),
    };
    const options = request.accountId ? { stripeAccount: request.accountId } : {};
    let startingAfter: string | undefined;
    for (;;) {
      const page = await this.stripe.balanceTransactions.list(
        { limit: 100, created, ...(startingAfter ? { starting_after: startingAfter } : {}) },
        options,
      );
      for (const txn of page.data) {
        found.push({
          id: txn.id,
          type: txn.type,
          currency: currencyOf(txn.currency, txn.id),
          amountCents: txn.amount,
          feeCents: txn.fee,
          netCents: txn.net,
          createdAt: new Date(txn.created * 1000),
          sourceId: typeof txn.source === 'string' ? txn.source : (txn.source?.id ?? null),
        });
      }
      const last = page.data.at(-1);
      if (!page.has_more || !last) break;
      startingAfter = last.id;
    }
    return found.reverse();
  }

  /**
   * A creator's Express connected account with the controller properties Stripe recommends for a platform that pays
   * Stripe's fees and bears losses, under the service agreement PAYOUT_TERMS gives their country (the full one, with
   * card payments and transfers, in every payout country: their charges are made on behalf of it) and in their
   * country's currency (`default_currency`: what their supports settle and are paid out in). Stripe pays the account
   * out weekly on Tuesdays once released. One account per creator whatever the retries (idempotency key).
   */
  async createConnectedAccount(input: { creatorId: string; email: string; country: string }): Promise<Stripe.Account> {
    const terms = payoutTermsOf(input.country);
    if (!terms) throw new Error(`no payout terms for country ${input.country}`);
    const recipient = terms.serviceAgreement === 'recipient';
    return this.stripe.accounts.create(
      {
        country: input.country,
        // The creator's currency: their supports settle in it and their bank payouts are made in it.
        default_currency: terms.payoutCurrency,
        email: input.email,
        controller: {
          fees: { payer: 'application' },
          losses: { payments: 'application' },
          stripe_dashboard: { type: 'express' },
        },
        capabilities: recipient
          ? { transfers: { requested: true } }
          : { card_payments: { requested: true }, transfers: { requested: true } },
        ...(recipient ? { tos_acceptance: { service_agreement: 'recipient' as const } } : {}),
        // Held until the payouts job finds no hold (the first payout's verification period among them): Stripe
        // pays a manual account out only when asked, and the job asks for nothing (holdPayouts below).
        settings: { payouts: { schedule: { interval: 'manual' } } },
        metadata: { creatorId: input.creatorId },
      },
      { idempotencyKey: `connect-account:${input.creatorId}:${input.country}` },
    );
  }

  /** A single-use link to Stripe's onboarding for the account (it expires in minutes: made when the creator asks). */
  async createOnboardingLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<string> {
    const link = await this.stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      refresh_url: urls.refreshUrl,
      return_url: urls.returnUrl,
    });
    return link.url;
  }

  /**
   * A held account's payout schedule is manual: Stripe pays nothing to the bank and the balance stays on the account.
   * Released, it is weekly on Tuesdays, Stripe paying the balance available then. Setting it is idempotent.
   */
  async holdPayouts(accountId: string, held: boolean): Promise<void> {
    await this.stripe.accounts.update(accountId, {
      settings: {
        payouts: { schedule: held ? { interval: 'manual' } : { interval: 'weekly', weekly_anchor: 'tuesday' } },
      },
    });
  }

  async retrieveAccount(accountId: string): Promise<Stripe.Account> {
    return this.stripe.accounts.retrieve(accountId);
  }

  /**
   * Stripe's event when the header is Stripe's signature of this exact body by the given endpoint's secret (the
   * platform's, or the Connect endpoint's for connected accounts' events), within the tolerance; else null.
   */
  constructEvent(
    rawBody: string,
    signatureHeader: string | undefined,
    endpoint: 'platform' | 'connect',
  ): Stripe.Event | null {
    const secret = endpoint === 'platform' ? this.options.webhookSecret : this.options.connectWebhookSecret;
    if (!signatureHeader || !secret) return null;
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, signatureToleranceSeconds);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
      throw error;
    }
  }

  /** The customer a kept card belongs to (renewals and setups use it). */
  private async customerOf(paymentMethodId: string): Promise<string> {
    const method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
    const customer = idOf(method.customer);
    if (!customer) throw new Error(`Payment method ${paymentMethodId} is not kept on a Stripe customer`);
    return customer;
  }

  private async toSetup(setup: Stripe.SetupIntent): Promise<CardSetup> {
    let method = setup.payment_method ?? null;
    if (typeof method === 'string') method = await this.stripe.paymentMethods.retrieve(method);
    const failure = setup.last_setup_error;
    const status = statusOfSetup(setup);
    return {
      id: setup.id,
      clientSecret: setup.client_secret ?? '',
      status,
      metadata: setup.metadata ?? {},
      paymentMethod:
        status === 'succeeded' && method?.card
          ? { id: method.id, brand: brandNames[method.card.brand] ?? 'Card', last4: method.card.last4 }
          : null,
      lastError:
        failure && status !== 'succeeded' ? { code: failureCodeOf(failure), message: failure.message ?? '' } : null,
    };
  }

  /**
   * A destination charge in the request's currency (the creator's) with the application fee in it too, made on behalf
   * of the creator's account: it settles in the account's country and currency (no conversion when they are the
   * charge's), which Stripe's cross-border rules require of an account abroad. An account under the recipient
   * agreement cannot be the settlement merchant: its charges stay the platform's, as Stripe's cross-border payouts
   * take them.
   */
  private async intentParams(request: Omit<CreateIntentRequest, 'keepCard'>, customer: string) {
    const onBehalfOf = (await this.settlesCharges(request.destination)) ? { on_behalf_of: request.destination } : {};
    return {
      amount: request.amountCents,
      currency: request.currency,
      customer,
      description: request.description,
      metadata: { ...request.metadata, [KEY_METADATA]: request.idempotencyKey },
      application_fee_amount: request.applicationFeeCents,
      transfer_data: { destination: request.destination },
      ...onBehalfOf,
      allowed_payment_method_types: cardOnly,
      expand,
    };
  }

  /** Whether the account can be its charges' settlement merchant: it is not under the recipient agreement. */
  private async settlesCharges(accountId: string): Promise<boolean> {
    let settles = this.settlesItsCharges.get(accountId);
    if (settles === undefined) {
      const account = await this.stripe.accounts.retrieve(accountId);
      settles = (account.tos_acceptance?.service_agreement ?? 'full') !== 'recipient';
      this.settlesItsCharges.set(accountId, settles);
    }
    return settles;
  }

  /** Stripe answers a reused key with other parameters by an idempotency error: a bug in the caller. */
  private async idempotent<T>(key: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeIdempotencyError) throw new IdempotencyKeyReusedError(key);
      throw error;
    }
  }

  private async toIntent(intent: Stripe.PaymentIntent): Promise<PaymentIntent> {
    const customer =
      typeof intent.customer === 'string' ? await this.stripe.customers.retrieve(intent.customer) : intent.customer;
    const email = customer && !('deleted' in customer && customer.deleted) ? (customer as Stripe.Customer).email : null;
    const failure = intent.last_payment_error;
    let method = intent.payment_method ?? failure?.payment_method ?? null;
    if (typeof method === 'string') method = await this.stripe.paymentMethods.retrieve(method);
    const charge = intent.status === 'succeeded' ? idOf(intent.latest_charge) : null;
    const latest =
      intent.status === 'succeeded' && typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
    const transaction = latest?.balance_transaction;
    // Stripe's fee in the charge's currency; a balance transaction in another (a platform balance in another currency:
    // Stripe converted it) says nothing exact in the charge's, so the fee is then unknown.
    const providerFeeCents =
      transaction && typeof transaction === 'object' && transaction.currency === intent.currency
        ? transaction.fee
        : null;
    return {
      id: intent.id,
      clientSecret: intent.client_secret ?? '',
      status: statusOf(intent),
      amountCents: intent.amount,
      currency: currencyOf(intent.currency, intent.id),
      customer: email ?? '',
      keepCard: intent.setup_future_usage === 'off_session',
      applicationFeeCents: intent.application_fee_amount ?? 0,
      destination: idOf(intent.transfer_data?.destination) ?? '',
      metadata: intent.metadata,
      chargeId: charge,
      providerFeeCents,
      paymentMethod: method
        ? {
            // Only a payment method kept on a customer can be charged again: that is the token renewals use.
            id: method.customer ? method.id : null,
            // Intents take cards only; anything else that succeeded is still recorded, by its type.
            brand: method.card ? (brandNames[method.card.brand] ?? 'Card') : methodTypeName(method.type),
            last4: method.card?.last4 ?? '0000',
            fingerprint: method.card?.fingerprint ?? null,
          }
        : null,
      lastError:
        failure && intent.status !== 'succeeded'
          ? { code: failureCodeOf(failure), message: failure.message ?? '' }
          : null,
    };
  }
}
