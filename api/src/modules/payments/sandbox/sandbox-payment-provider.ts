import type { Currency } from '@beabro/shared/money/currencies';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SANDBOX_CARD_FRAME_PATH } from '@beabro/shared/api-schemas/checkout';
import { calculateFees } from '@beabro/shared/money/fees';
import type { Db } from '../../../db/database';
import {
  IdempotencyKeyReusedError,
  type CardSetup,
  type CreateIntentRequest,
  type DisputeReport,
  type IntentStatus,
  type PaymentFailureCode,
  type PaymentIntent,
  type PaymentProvider,
  type OffSessionChargeRequest,
  type ProviderEvent,
  type RefundRequest,
  type RefundResult,
  type TransferRequest,
  type ProviderCapabilities,
} from '../payment-provider';
import { cardBrand, cardDigits, validateCard, type CardDetails } from './sandbox-card-validation';
import {
  failSandboxRefund,
  findSandboxIntent,
  findSandboxIntentIdOfCharge,
  findSandboxIntentWithMethod,
  lockSandboxIntentWithMethod,
  findSandboxPaymentMethod,
  findSandboxRefund,
  findSandboxSetup,
  insertSandboxCharge,
  insertSandboxEvent,
  insertSandboxIntent,
  insertSandboxPaymentMethod,
  insertSandboxRefund,
  insertSandboxSetup,
  insertSandboxTransfer,
  listSandboxMovements,
  listUndeliveredRefundFailures,
  lockSandboxCharge,
  markSandboxEventDelivered,
  markSandboxPaymentMethodDetached,
  sumSandboxRefunds,
  updateSandboxIntent,
  findSandboxIntentWithChosenMethod,
  paySandboxIntent,
  updateSandboxSetup,
  type SandboxChargeRow,
  type SandboxIntentRow,
  type SandboxPaymentMethodRow,
  type SandboxRefundRow,
  type SandboxSetupRow,
} from './sandbox-repository';
import { EARLY_FRAUD_WARNING_EVENT, REFUND_FAILED_EVENT } from '../payment-events';
import {
  DECLINE_MESSAGES,
  SANDBOX_MESSAGES,
  SANDBOX_REFUND_FAILURE_REASON,
  sandboxBehaviourOf,
} from './sandbox-test-cards';

export const SANDBOX_PROVIDER_NAME = 'sandbox';
/** The header the sandbox signs its events with (Stripe-like: `t=<unix seconds>,v1=<hex HMAC-SHA256>`). */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** Where the sandbox's own routes are served (sandbox-pay-routes.ts; its card frame is SANDBOX_CARD_FRAME_PATH). */
export const SANDBOX_PAY_PREFIX = '/sandbox-pay';
/** An event signed longer ago than this is refused (a replayed capture). */
const SIGNATURE_TOLERANCE_SECONDS = 300;
/** The metadata field a sandbox refund carries our idempotency key in (as Stripe's refunds do). */
const REFUND_KEY_METADATA = 'beabro_idempotency_key';
/** The most events one run of deliverPendingEvents sends (the rest wait for the next run). */
const PENDING_EVENTS_PER_RUN = 100;

/** The sandbox's event signing secret, derived from the app secret (a real provider gives one per endpoint). */
export function sandboxSigningSecret(appSecret: string): string {
  return createHmac('sha256', appSecret).update('sandbox-payment-events').digest('hex');
}

export interface SandboxOptions {
  now?: () => Date;
  signingSecret: string;
  /** Sends a signed event to the platform's event endpoint; true when it was accepted. Absent: events are only stored. */
  deliverEvent?: (body: string, signatureHeader: string) => Promise<boolean>;
  log?: (message: string) => void;
}

export type TokenizeResult =
  | { ok: true; paymentMethod: { id: string; brand: string; last4: string } }
  | { ok: false; fieldErrors: Record<string, string> };

/** The sandbox as a provider, plus what its own card frame calls (a real provider does these on its servers). */
export interface SandboxPaymentProvider extends PaymentProvider {
  /** Turns a typed card into a payment method token (the card itself is kept nowhere). */
  tokenizeCard(card: CardDetails): Promise<TokenizeResult>;
  /** Confirms an intent with a payment method; null when the id or client secret is wrong. */
  /**
   * `check`, when given, runs before any card is charged with the card's fingerprint (null for an unknown card): the
   * card-testing defence of the confirm route, which refuses by throwing.
   */
  confirmIntent(
    intentId: string,
    clientSecret: string,
    paymentMethodId: string,
    check?: (fingerprint: string | null) => Promise<void>,
  ): Promise<PaymentIntent | null>;
  /** Saves a tokenized card through a setup (null when the id or client secret is wrong); a 3-D Secure card asks first. */
  confirmSetup(setupId: string, clientSecret: string, paymentMethodId: string): Promise<CardSetup | null>;
  /** The supporter's answer to the bank's challenge while saving a card. */
  authenticateSetup(setupId: string, clientSecret: string, approve: boolean): Promise<CardSetup | null>;
  /** The supporter's answer to the bank's challenge (3-D Secure). */
  authenticateIntent(intentId: string, clientSecret: string, approve: boolean): Promise<PaymentIntent | null>;
  /** The signature header for a body at a time (tests use it to forge and replay). */
  signEvent(body: string, at: Date): string;
  /**
   * The sandbox's events that come later rather than right after a change: the refunds of the refund-fails test card
   * are marked failed and their refund.failed sent. Run by the server's loop (payment-provider-routes.ts); an event not
   * accepted is sent again next run. Without `deliverEvent` nothing is sent or changed.
   */
  deliverPendingEvents(): Promise<{ delivered: number; errors: number }>;
}

type IntentWithMethod = { intent: SandboxIntentRow; method: SandboxPaymentMethodRow | undefined };
type MethodLookup = (db: Db, token: string) => Promise<SandboxPaymentMethodRow | undefined>;

function toIntent({ intent, method }: IntentWithMethod): PaymentIntent {
  return {
    id: intent.id,
    clientSecret: intent.clientSecret,
    status: intent.status,
    amountCents: intent.amountCents,
    currency: intent.currency,
    customer: intent.customer,
    keepCard: intent.keepCard,
    applicationFeeCents: intent.applicationFeeCents,
    destination: intent.destination,
    metadata: intent.metadata,
    chargeId: intent.chargeId,
    // The sandbox moves no money and charges no fee of its own.
    providerFeeCents: null,
    paymentMethod: method
      ? {
          id: intent.keepCard || intent.offSession ? method.token : null,
          brand: method.brand,
          last4: method.last4,
          fingerprint: method.fingerprint,
        }
      : null,
    lastError:
      intent.failureCode && intent.failureMessage
        ? { code: intent.failureCode as PaymentFailureCode, message: intent.failureMessage }
        : null,
  };
}

async function toSetup(db: Db, setup: SandboxSetupRow): Promise<CardSetup> {
  const method = setup.paymentMethodToken ? await findSandboxPaymentMethod(db, setup.paymentMethodToken) : undefined;
  return {
    id: setup.id,
    clientSecret: setup.clientSecret,
    status: setup.status,
    metadata: setup.metadata,
    // Only a card the setup saved is a token renewals may charge.
    paymentMethod:
      method && setup.status === 'succeeded' ? { id: method.token, brand: method.brand, last4: method.last4 } : null,
    lastError:
      setup.failureCode && setup.failureMessage
        ? { code: setup.failureCode as PaymentFailureCode, message: setup.failureMessage }
        : null,
  };
}

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const randomId = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

/** The refund of a signed refund.failed event, in our terms. */
function refundFailureOf(
  refundId: string,
  chargeId: string,
  object: { amount?: unknown; failure_reason?: unknown; metadata?: Record<string, unknown> },
): NonNullable<ProviderEvent['refundFailure']> {
  const key = object.metadata?.[REFUND_KEY_METADATA];
  return {
    refundId,
    chargeId,
    amountCents: typeof object.amount === 'number' ? object.amount : 0,
    failureReason: typeof object.failure_reason === 'string' ? object.failure_reason : 'unknown',
    idempotencyKey: typeof key === 'string' ? key : null,
  };
}

/** The events of the fraud-dispute test card, in the order they are sent. */
const SANDBOX_DISPUTE_EVENTS = ['charge.dispute.created', 'charge.dispute.closed'] as const;

/** The dispute a signed sandbox dispute event carries, in our terms (it withdraws nothing: see recordFraudDispute). */
function sandboxDisputeOf(object: unknown): DisputeReport | null {
  const dispute = object as Partial<Record<'id' | 'charge' | 'reason' | 'status', unknown>> &
    Partial<Record<'amount' | 'created', unknown>>;
  if (
    typeof dispute?.id !== 'string' ||
    typeof dispute.charge !== 'string' ||
    typeof dispute.reason !== 'string' ||
    typeof dispute.status !== 'string' ||
    typeof dispute.amount !== 'number' ||
    typeof dispute.created !== 'number'
  )
    return null;
  return {
    id: dispute.id,
    chargeId: dispute.charge,
    amountCents: dispute.amount,
    reason: dispute.reason,
    status: dispute.status,
    withdrawnCents: 0,
    feeCents: 0,
    reinstatedCents: 0,
    openedAt: new Date(dispute.created * 1000),
  };
}

/** The event type a state change sends, or null when it sends none. */
function eventTypeFor(status: IntentStatus, failed: boolean): string | null {
  if (status === 'succeeded') return 'payment_intent.succeeded';
  if (status === 'canceled') return 'payment_intent.canceled';
  if (status === 'requires_action') return 'payment_intent.requires_action';
  if (status === 'requires_payment_method' && failed) return 'payment_intent.payment_failed';
  return null;
}

/**
 * The embedded test-mode provider: no money moves. Its books live in the sandbox_* tables (every API
 * instance sees the same intents), its card frame is served from /sandbox-pay, and it signs the events
 * it sends to the platform's endpoint with its own secret, like a real provider.
 */
/** Its own card frame; creators are paid to their ledger balance (no accounts of their own). */
export const SANDBOX_CAPABILITIES: ProviderCapabilities = { cardField: 'sandbox-frame', connectedAccounts: false };

export function createSandboxPaymentProvider(db: Db, options: SandboxOptions): SandboxPaymentProvider {
  const clock = options.now ?? (() => new Date());

  function signEvent(body: string, at: Date): string {
    const t = Math.floor(at.getTime() / 1000);
    const v1 = createHmac('sha256', options.signingSecret).update(`${t}.${body}`).digest('hex');
    return `t=${t},v1=${v1}`;
  }

  async function withMethod(db: Db, intent: SandboxIntentRow, methodOf: MethodLookup = findSandboxPaymentMethod) {
    const method = intent.paymentMethodToken ? await methodOf(db, intent.paymentMethodToken) : undefined;
    return { intent, method } satisfies IntentWithMethod;
  }

  /** Records the event of a state change; delivered after the transaction that made it. */
  async function recordEvent(tx: Db, intent: SandboxIntentRow): Promise<string | null> {
    const type = eventTypeFor(intent.status, intent.failureCode !== null);
    if (!type) return null;
    const id = randomId('evt');
    await insertSandboxEvent(tx, { id, intentId: intent.id, type, createdAt: clock() });
    return id;
  }

  /**
   * A charge with the early-fraud-warning test card: the issuer's warning follows the payment's success, as Stripe's
   * radar.early_fraud_warning.created does (the event's object is the warning, naming the charge).
   */
  async function recordFraudWarning(tx: Db, intent: SandboxIntentRow, methodOf: MethodLookup): Promise<string | null> {
    if (intent.status !== 'succeeded' || !intent.paymentMethodToken) return null;
    const method = await methodOf(tx, intent.paymentMethodToken);
    if (method?.behaviour !== 'early_fraud_warning') return null;
    const id = randomId('evt');
    await insertSandboxEvent(tx, { id, intentId: intent.id, type: EARLY_FRAUD_WARNING_EVENT, createdAt: clock() });
    return id;
  }

  async function deliverFraudWarning(eventId: string | null, intent: PaymentIntent): Promise<void> {
    if (!eventId || !intent.chargeId) return;
    const warning = {
      id: `issfr_sandbox_${intent.id}`,
      object: 'radar.early_fraud_warning',
      charge: intent.chargeId,
      payment_intent: intent.id,
      fraud_type: 'misc',
    };
    await send(eventId, EARLY_FRAUD_WARNING_EVENT, warning);
  }

  /**
   * A charge with the fraud-dispute test card: the supporter's bank disputes it as fraudulent, and with no evidence
   * flow in the sandbox the dispute is lost. Stripe's charge.dispute.created then charge.dispute.closed (status lost),
   * whose object is the dispute naming the charge. The sandbox withdraws nothing from its one balance for it.
   */
  async function recordFraudDispute(tx: Db, intent: SandboxIntentRow, methodOf: MethodLookup): Promise<string[]> {
    if (intent.status !== 'succeeded' || !intent.paymentMethodToken) return [];
    const method = await methodOf(tx, intent.paymentMethodToken);
    if (method?.behaviour !== 'dispute_fraudulent') return [];
    const ids = [randomId('evt'), randomId('evt')];
    for (const [index, type] of SANDBOX_DISPUTE_EVENTS.entries())
      await insertSandboxEvent(tx, { id: ids[index]!, intentId: intent.id, type, createdAt: clock() });
    return ids;
  }

  async function deliverFraudDispute(eventIds: string[], intent: PaymentIntent): Promise<void> {
    if (!intent.chargeId) return;
    for (const [index, type] of SANDBOX_DISPUTE_EVENTS.entries()) {
      const eventId = eventIds[index];
      if (!eventId) return;
      await send(eventId, type, {
        id: `dp_sandbox_${intent.id}`,
        object: 'dispute',
        charge: intent.chargeId,
        payment_intent: intent.id,
        amount: intent.amountCents,
        currency: intent.currency,
        reason: 'fraudulent',
        status: type === 'charge.dispute.closed' ? 'lost' : 'needs_response',
        created: Math.floor(clock().getTime() / 1000),
      });
    }
  }

  async function deliver(eventId: string | null, intent: PaymentIntent): Promise<void> {
    if (!eventId) return;
    const type = eventTypeFor(intent.status, intent.lastError !== null);
    if (type) await send(eventId, type, intent);
  }

  /**
   * A refund of a charge paid with the refund-fails test card: reported succeeded now, its refund.failed stored for
   * deliverPendingEvents to send later (a bank sends a refund back some time after it was made).
   */
  async function recordRefundFailureLater(tx: Db, charge: SandboxChargeRow, refundId: string): Promise<void> {
    const method = charge.paymentMethodToken
      ? await findSandboxPaymentMethod(tx, charge.paymentMethodToken)
      : undefined;
    if (method?.behaviour !== 'refund_fails') return;
    const intentId = await findSandboxIntentIdOfCharge(tx, charge.id);
    if (!intentId) return;
    await insertSandboxEvent(tx, {
      id: randomId('evt'),
      intentId,
      type: REFUND_FAILED_EVENT,
      refundId,
      createdAt: clock(),
    });
  }

  /** A failed refund as Stripe's refund.failed carries it. */
  const refundObject = (refund: SandboxRefundRow, currency: Currency) => ({
    id: refund.id,
    object: 'refund',
    amount: refund.amountCents,
    currency,
    charge: refund.chargeId,
    status: refund.status,
    failure_reason: refund.failureReason,
    metadata: { [REFUND_KEY_METADATA]: refund.idempotencyKey },
  });

  /** True when the platform accepted the event. */
  async function send(eventId: string, type: string, object: object): Promise<boolean> {
    if (!options.deliverEvent) return false;
    const at = clock();
    const body = JSON.stringify({
      id: eventId,
      type,
      created: Math.floor(at.getTime() / 1000),
      data: { object },
    });
    try {
      if (!(await options.deliverEvent(body, signEvent(body, at)))) return false;
      await markSandboxEventDelivered(db, eventId, clock());
      return true;
    } catch (error) {
      // The platform also learns the outcome from the browser and its recovery job: an event lost here loses nothing.
      (options.log ?? console.error)(`sandbox event ${eventId} was not delivered: ${(error as Error).message}`);
      return false;
    }
  }

  /** Moves an intent (its row locked) to the outcome of charging its payment method. */
  async function attemptCharge(
    tx: Db,
    intent: SandboxIntentRow,
    method: SandboxPaymentMethodRow | undefined,
    authenticated: boolean,
  ): Promise<SandboxIntentRow> {
    const now = clock();
    const fail = (code: PaymentFailureCode, message: string, status: IntentStatus = 'requires_payment_method') =>
      updateSandboxIntent(tx, intent.id, {
        status,
        paymentMethodToken: method?.token ?? intent.paymentMethodToken,
        failureCode: code,
        failureMessage: message,
        updatedAt: now,
      });
    // A card removed from the supporter (replaced) is refused, as Stripe refuses a detached payment method.
    if (!method || method.detachedAt) return fail('payment_method_missing', SANDBOX_MESSAGES.paymentMethodMissing);
    switch (method.behaviour) {
      case 'decline':
        return fail('card_declined', DECLINE_MESSAGES.decline);
      case 'insufficient_funds':
        return fail('insufficient_funds', DECLINE_MESSAGES.insufficientFunds);
      case 'test_mode_only':
        return fail('test_mode_only', SANDBOX_MESSAGES.testModeOnly);
      case 'decline_renewals':
        // Typed at checkout it succeeds; charged again later, the supporter absent, it is declined.
        if (intent.offSession) return fail('card_declined', DECLINE_MESSAGES.decline);
        break;
      case 'authentication_required':
        if (!authenticated)
          return fail('authentication_required', DECLINE_MESSAGES.authenticationRequired, 'requires_action');
        break;
      case 'succeed':
      case 'early_fraud_warning':
      case 'refund_fails':
      case 'dispute_fraudulent':
        break;
    }
    const { row: charge } = await insertSandboxCharge(tx, {
      id: randomId('ch'),
      idempotencyKey: `intent:${intent.id}`,
      amountCents: intent.amountCents,
      currency: intent.currency,
      status: 'succeeded',
      paymentMethodToken: method.token,
      brand: method.brand,
      last4: method.last4,
      description: intent.description,
    });
    return updateSandboxIntent(tx, intent.id, {
      status: 'succeeded',
      paymentMethodToken: method.token,
      chargeId: charge.id,
      failureCode: null,
      failureMessage: null,
      updatedAt: now,
    });
  }

  /**
   * Runs a change on a locked intent in one transaction, then sends its event. A payment method is read once per
   * change (`methodOf`), however many steps look at it; `chargedMethod`, the one the change is to charge, is read
   * with the lock.
   */
  async function changeIntent(
    intentId: string,
    change: (tx: Db, intent: SandboxIntentRow, methodOf: MethodLookup) => Promise<SandboxIntentRow | null>,
    chargedMethod?: string,
  ): Promise<PaymentIntent | null> {
    let eventId: string | null = null;
    let warningEventId: string | null = null;
    const read = new Map<string, Promise<SandboxPaymentMethodRow | undefined>>();
    const methodOf: MethodLookup = (tx, token) => {
      let method = read.get(token);
      if (!method) read.set(token, (method = findSandboxPaymentMethod(tx, token)));
      return method;
    };
    let disputeEventIds: string[] = [];
    const result = await db.transaction(async (tx) => {
      let locked: SandboxIntentRow | undefined;
      if (chargedMethod === undefined) locked = await findSandboxIntent(tx, intentId, true);
      else {
        const found = await lockSandboxIntentWithMethod(tx, intentId, chargedMethod);
        locked = found?.intent;
        if (found) read.set(chargedMethod, Promise.resolve(found.method));
      }
      if (!locked) return null;
      const changed = await change(tx, locked, methodOf);
      if (!changed) return null;
      if (changed !== locked) {
        eventId = await recordEvent(tx, changed);
        warningEventId = await recordFraudWarning(tx, changed, methodOf);
        disputeEventIds = await recordFraudDispute(tx, changed, methodOf);
      }
      return toIntent(await withMethod(tx, changed, methodOf));
    });
    if (result) {
      await deliver(eventId, result);
      await deliverFraudWarning(warningEventId, result);
      await deliverFraudDispute(disputeEventIds, result);
    }
    return result;
  }

  /**
   * The usual confirmation, a card that pays, in two statements and no transaction of its own: the intent and card
   * read, then the charge, the intent's success and its event written together (paySandboxIntent), and the event sent.
   * Null whenever anything else applies (another card, a wrong secret, an intent not awaiting payment, a race lost):
   * the full path (changeIntent) then decides, as it would have. `check` (confirmIntent's) runs once, first, with the
   * fingerprint of the card read here.
   */
  async function payWithCard(
    intentId: string,
    clientSecret: string,
    paymentMethodId: string,
    check?: (fingerprint: string | null) => Promise<void>,
  ): Promise<PaymentIntent | null> {
    const found = await findSandboxIntentWithChosenMethod(db, intentId, paymentMethodId);
    const method = found?.method;
    await check?.(method?.fingerprint ?? null);
    if (!found || !method || method.detachedAt || method.behaviour !== 'succeed') return null;
    if (found.intent.status !== 'requires_payment_method' || !sameSecret(found.intent.clientSecret, clientSecret))
      return null;
    const eventId = randomId('evt');
    const paid = await paySandboxIntent(db, {
      intentId,
      chargeId: randomId('ch'),
      method,
      at: clock(),
      event: { id: eventId, type: 'payment_intent.succeeded' },
    });
    if (!paid) return null;
    const result = toIntent({ intent: paid, method });
    await deliver(eventId, result);
    return result;
  }

  async function createIntentRow(request: CreateIntentRequest, offSession: boolean, paymentMethodToken: string | null) {
    const now = clock();
    const { row, inserted } = await insertSandboxIntent(db, {
      id: randomId('pi'),
      clientSecret: `${randomId('pi')}_secret_${randomBytes(16).toString('hex')}`,
      idempotencyKey: request.idempotencyKey,
      amountCents: request.amountCents,
      currency: request.currency,
      customer: request.customer,
      keepCard: request.keepCard,
      offSession,
      applicationFeeCents: request.applicationFeeCents,
      destination: request.destination,
      description: request.description,
      metadata: request.metadata,
      status: 'requires_payment_method',
      paymentMethodToken,
      createdAt: now,
      updatedAt: now,
    });
    if (row.amountCents !== request.amountCents) throw new IdempotencyKeyReusedError(request.idempotencyKey);
    return { row, inserted };
  }

  /** A charge of a saved card, with the supporter away (a renewal) or on the page (a confirmed raise). */
  async function chargeSavedCard(request: OffSessionChargeRequest, offSession: boolean): Promise<PaymentIntent> {
    const { row, inserted } = await createIntentRow(
      { ...request, keepCard: false },
      offSession,
      request.paymentMethodId,
    );
    // A repeated key gets the first intent's outcome, never a second charge.
    if (!inserted) return toIntent(await withMethod(db, row));
    const charged = await changeIntent(
      row.id,
      async (tx, intent, methodOf) => {
        if (intent.status !== 'requires_payment_method' || intent.failureCode) return intent;
        return attemptCharge(tx, intent, await methodOf(tx, request.paymentMethodId), false);
      },
      request.paymentMethodId,
    );
    if (!charged) throw new Error(`sandbox intent ${row.id} vanished`);
    return charged;
  }

  return {
    name: SANDBOX_PROVIDER_NAME,
    capabilities: SANDBOX_CAPABILITIES,
    testMode: true,
    cardField: { frameUrl: SANDBOX_CARD_FRAME_PATH },

    async createIntent(request) {
      const { row } = await createIntentRow(request, false, null);
      return toIntent(await withMethod(db, row));
    },

    async retrieveIntent(intentId) {
      const found = await findSandboxIntentWithMethod(db, intentId);
      return found ? toIntent(found) : null;
    },

    async cancelIntent(intentId) {
      return changeIntent(intentId, async (tx, intent) => {
        if (intent.status === 'succeeded' || intent.status === 'canceled') return intent;
        return updateSandboxIntent(tx, intent.id, { status: 'canceled', updatedAt: clock() });
      });
    },

    chargeOffSession: (request) => chargeSavedCard(request, true),

    chargeOnSession: (request) => chargeSavedCard(request, false),

    async createCardSetup(request) {
      const now = clock();
      const row = await insertSandboxSetup(db, {
        id: randomId('seti'),
        clientSecret: `${randomId('seti')}_secret_${randomBytes(16).toString('hex')}`,
        idempotencyKey: request.idempotencyKey,
        customer: request.customer,
        metadata: request.metadata,
        status: 'requires_payment_method',
        createdAt: now,
        updatedAt: now,
      });
      return toSetup(db, row);
    },

    async retrieveCardSetup(setupId) {
      const row = await findSandboxSetup(db, setupId);
      return row ? toSetup(db, row) : null;
    },

    async detachCard(paymentMethodId) {
      // Unknown to the sandbox (seeded or foreign data): nothing to remove.
      await markSandboxPaymentMethodDetached(db, paymentMethodId, clock());
    },

    async confirmSetup(setupId, clientSecret, paymentMethodId) {
      return db.transaction(async (tx) => {
        const setup = await findSandboxSetup(tx, setupId, true);
        if (!setup || !sameSecret(setup.clientSecret, clientSecret)) return null;
        if (setup.status !== 'requires_payment_method') return toSetup(tx, setup);
        const method = await findSandboxPaymentMethod(tx, paymentMethodId);
        const fail = (code: PaymentFailureCode, message: string) =>
          updateSandboxSetup(tx, setupId, {
            paymentMethodToken: method?.token ?? null,
            failureCode: code,
            failureMessage: message,
            updatedAt: clock(),
          });
        let changed: SandboxSetupRow;
        if (!method) changed = await fail('payment_method_missing', SANDBOX_MESSAGES.paymentMethodMissing);
        // Saving a card checks it with the bank without charging it: a refused card is refused here too.
        else if (method.behaviour === 'decline') changed = await fail('card_declined', DECLINE_MESSAGES.decline);
        else if (method.behaviour === 'test_mode_only')
          changed = await fail('test_mode_only', SANDBOX_MESSAGES.testModeOnly);
        else
          changed = await updateSandboxSetup(tx, setupId, {
            status: method.behaviour === 'authentication_required' ? 'requires_action' : 'succeeded',
            paymentMethodToken: method.token,
            failureCode: null,
            failureMessage: null,
            updatedAt: clock(),
          });
        return toSetup(tx, changed);
      });
    },

    async authenticateSetup(setupId, clientSecret, approve) {
      return db.transaction(async (tx) => {
        const setup = await findSandboxSetup(tx, setupId, true);
        if (!setup || !sameSecret(setup.clientSecret, clientSecret)) return null;
        if (setup.status !== 'requires_action') return toSetup(tx, setup);
        const changed = await updateSandboxSetup(
          tx,
          setupId,
          approve
            ? { status: 'succeeded', updatedAt: clock() }
            : {
                status: 'requires_payment_method',
                failureCode: 'authentication_failed',
                failureMessage: DECLINE_MESSAGES.authenticationFailed,
                updatedAt: clock(),
              },
        );
        return toSetup(tx, changed);
      });
    },

    async tokenizeCard(card) {
      const errors = validateCard(card, clock());
      if (errors) return { ok: false, fieldErrors: errors };
      const digits = cardDigits(card.number);
      const paymentMethod = { id: randomId('pm'), brand: cardBrand(digits), last4: digits.slice(-4) };
      await insertSandboxPaymentMethod(db, {
        token: paymentMethod.id,
        brand: paymentMethod.brand,
        last4: paymentMethod.last4,
        behaviour: sandboxBehaviourOf(digits),
        // Like Stripe's card.fingerprint: the same number always gives the same value, which reveals nothing of it.
        fingerprint: createHmac('sha256', options.signingSecret)
          .update(`card-fingerprint\0${digits}`)
          .digest('base64url')
          .slice(0, 16),
        createdAt: clock(),
      });
      return { ok: true, paymentMethod };
    },

    async confirmIntent(intentId, clientSecret, paymentMethodId, check) {
      const paid = await payWithCard(intentId, clientSecret, paymentMethodId, check);
      if (paid) return paid;
      return changeIntent(
        intentId,
        async (tx, intent, methodOf) => {
          if (!sameSecret(intent.clientSecret, clientSecret)) return null;
          // Already paid, waiting for authentication, or canceled: confirming again changes nothing.
          if (intent.status !== 'requires_payment_method') return intent;
          return attemptCharge(tx, intent, await methodOf(tx, paymentMethodId), false);
        },
        paymentMethodId,
      );
    },

    async authenticateIntent(intentId, clientSecret, approve) {
      return changeIntent(intentId, async (tx, intent, methodOf) => {
        if (!sameSecret(intent.clientSecret, clientSecret)) return null;
        if (intent.status !== 'requires_action') return intent;
        const method = intent.paymentMethodToken ? await methodOf(tx, intent.paymentMethodToken) : undefined;
        if (!approve) {
          return updateSandboxIntent(tx, intent.id, {
            status: 'requires_payment_method',
            failureCode: 'authentication_failed',
            failureMessage: DECLINE_MESSAGES.authenticationFailed,
            updatedAt: clock(),
          });
        }
        return attemptCharge(tx, intent, method, true);
      });
    },

    signEvent,

    async deliverPendingEvents() {
      let delivered = 0;
      let errors = 0;
      if (!options.deliverEvent) return { delivered, errors };
      for (const pending of await listUndeliveredRefundFailures(db, REFUND_FAILED_EVENT, PENDING_EVENTS_PER_RUN)) {
        // The bank sends the money back: the refund fails on the sandbox's books first (once), then the event says so.
        const refund =
          pending.refund.status === 'failed'
            ? pending.refund
            : await failSandboxRefund(db, pending.refund.id, SANDBOX_REFUND_FAILURE_REASON, clock());
        if (refund && (await send(pending.eventId, REFUND_FAILED_EVENT, refundObject(refund, pending.currency))))
          delivered++;
        else errors++;
      }
      return { delivered, errors };
    },

    /** The sandbox keeps creators' money on its one balance, in the ledger: no account of theirs to square. */
    async settleRefundedCharge() {},

    /** The sandbox keeps creators' money on its one balance, in the ledger: a failed refund's reversal is all. */
    async transferToCreator() {
      return null;
    },

    /** Creators' money is in the ledger, on the sandbox's one balance: a lost fraud dispute's entries are all. */
    async reverseCreatorShare() {
      return null;
    },

    /**
     * The sandbox has one balance, the platform's (no connected accounts: creators' money stays on it until a payout's
     * transfer): each succeeded charge less its processing fee (the estimate, which is what the sandbox charges), each
     * refund, each refund's failure (its money back, when the bank sent it) and each transfer, as Stripe's balance
     * transactions would show them.
     */
    async listBalanceTransactions(request) {
      if (request.accountId !== null) return [];
      const movements = await listSandboxMovements(db, request.from, request.to);
      return movements.map((m) => {
        const amountCents = m.kind === 'charge' || m.kind === 'refund_failure' ? m.amountCents : -m.amountCents;
        const feeCents = m.kind === 'charge' ? calculateFees(m.amountCents, m.currency).processingFeeCents : 0;
        return {
          id: m.kind === 'refund_failure' ? `txn_${m.id}_failure` : `txn_${m.id}`,
          type: m.kind,
          currency: m.currency,
          amountCents,
          feeCents,
          netCents: amountCents - feeCents,
          createdAt: m.createdAt,
          sourceId: m.id,
        };
      });
    },

    verifySignedEvent(rawBody, signatureHeader): ProviderEvent | null {
      if (!signatureHeader) return null;
      const parts = new Map<string, string[]>();
      for (const item of signatureHeader.split(',')) {
        const [key, value] = item.split('=', 2);
        if (!key || value === undefined) continue;
        parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
      }
      const t = Number(parts.get('t')?.[0]);
      if (!Number.isInteger(t) || Math.abs(clock().getTime() / 1000 - t) > SIGNATURE_TOLERANCE_SECONDS) return null;
      const expected = createHmac('sha256', options.signingSecret).update(`${t}.${rawBody}`).digest('hex');
      if (!(parts.get('v1') ?? []).some((candidate) => sameSecret(candidate, expected))) return null;
      try {
        const event = JSON.parse(rawBody) as {
          id?: unknown;
          type?: unknown;
          created?: unknown;
          data?: {
            object?: {
              id?: unknown;
              charge?: unknown;
              payment_intent?: unknown;
              amount?: unknown;
              failure_reason?: unknown;
              metadata?: Record<string, unknown>;
            };
          };
        };
        if (typeof event.id !== 'string' || typeof event.type !== 'string') return null;
        const dispute = (SANDBOX_DISPUTE_EVENTS as readonly string[]).includes(event.type)
          ? sandboxDisputeOf(event.data?.object)
          : null;
        if (dispute && typeof event.created === 'number')
          return { id: event.id, type: event.type, intentId: null, dispute, createdAt: new Date(event.created * 1000) };
        const intentId = event.data?.object?.id;
        const chargeId = event.data?.object?.charge;
        const paymentIntentId = event.data?.object?.payment_intent;
        return {
          id: event.id,
          type: event.type,
          intentId: typeof intentId === 'string' ? intentId : null,
          // An early fraud warning names its charge and intent.
          ...(typeof chargeId === 'string' ? { chargeId } : {}),
          ...(typeof paymentIntentId === 'string' ? { paymentIntentId } : {}),
          // A refund.failed names its refund, charge and amount, and our key in its metadata.
          ...(event.type === REFUND_FAILED_EVENT && typeof intentId === 'string' && typeof chargeId === 'string'
            ? { refundFailure: refundFailureOf(intentId, chargeId, event.data?.object ?? {}) }
            : {}),
        };
      } catch {
        return null;
      }
    },

    async transfer(request: TransferRequest) {
      const row = await insertSandboxTransfer(db, {
        id: randomId('tr'),
        idempotencyKey: request.idempotencyKey,
        amountCents: request.amountCents,
        currency: request.currency,
        destination: request.destination,
      });
      if (
        row.amountCents !== request.amountCents ||
        row.currency !== request.currency ||
        row.destination !== request.destination
      )
        throw new IdempotencyKeyReusedError(request.idempotencyKey);
      return { transferId: row.id };
    },

    /** The whole refund comes off the sandbox charge; `applicationFeeRefundCents` is taken and ignored (no fees here). */
    async refund(request: RefundRequest): Promise<RefundResult> {
      const known = await findSandboxRefund(db, request.idempotencyKey);
      if (known) {
        if (known.amountCents !== request.amountCents || known.chargeId !== request.chargeId)
          throw new IdempotencyKeyReusedError(request.idempotencyKey);
        return { status: 'succeeded', refundId: known.id };
      }
      // The charge's row is locked while its refunds are added up: two refunds at once never exceed it.
      return db.transaction(async (tx): Promise<RefundResult> => {
        const charge = await lockSandboxCharge(tx, request.chargeId);
        if (!charge || charge.status !== 'succeeded')
          return { status: 'failed', code: 'charge_not_found', message: SANDBOX_MESSAGES.refundChargeNotFound };
        const again = await findSandboxRefund(tx, request.idempotencyKey);
        if (again) return { status: 'succeeded', refundId: again.id };
        if ((await sumSandboxRefunds(tx, charge.id)) + request.amountCents > charge.amountCents) {
          return { status: 'failed', code: 'amount_too_large', message: SANDBOX_MESSAGES.refundTooLarge };
        }
        const row = await insertSandboxRefund(tx, {
          id: randomId('re'),
          idempotencyKey: request.idempotencyKey,
          chargeId: charge.id,
          amountCents: request.amountCents,
        });
        await recordRefundFailureLater(tx, charge, row.id);
        return { status: 'succeeded', refundId: row.id };
      });
    },
  };
}
