import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../../db/database';
import { cardBrand, cardDigits, isExpired } from '../card-validation';
import {
  IdempotencyKeyReusedError,
  type ChargeRequest,
  type ChargeResult,
  type PaymentProvider,
  type RefundRequest,
  type RefundResult,
  type TransferRequest,
} from '../payment-provider';
import {
  findSandboxCharge,
  findSandboxPaymentMethod,
  findSandboxRefund,
  insertSandboxCardCharge,
  insertSandboxCharge,
  insertSandboxTransfer,
  lockSandboxCharge,
  insertSandboxRefund,
  sumSandboxRefunds,
  type SandboxChargeRow,
} from './sandbox-repository';
import {
  DECLINE_MESSAGES,
  SANDBOX_MESSAGES,
  sandboxBehaviourOf,
  type SandboxCardBehaviour,
} from './sandbox-test-cards';

export const SANDBOX_PROVIDER_NAME = 'sandbox';

interface ResolvedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: SandboxCardBehaviour;
  /** Set when charging a saved payment method. */
  token: string | null;
}

type Outcome =
  { ok: true } | { ok: false; code: Exclude<ChargeResult, { status: 'succeeded' }>['code']; message: string };

function outcomeFor(card: ResolvedCard, now: Date): Outcome {
  if (isExpired(card.expMonth, card.expYear, now))
    return { ok: false, code: 'expired_card', message: DECLINE_MESSAGES.expired };
  switch (card.behaviour) {
    case 'succeed':
      return { ok: true };
    case 'decline':
      return { ok: false, code: 'card_declined', message: DECLINE_MESSAGES.decline };
    case 'insufficient_funds':
      return { ok: false, code: 'insufficient_funds', message: DECLINE_MESSAGES.insufficientFunds };
    case 'decline_renewals':
      // Typed at checkout it succeeds; charged again later from the saved method it is declined.
      return card.token ? { ok: false, code: 'card_declined', message: DECLINE_MESSAGES.decline } : { ok: true };
    case 'test_mode_only':
      return { ok: false, code: 'test_mode_only', message: SANDBOX_MESSAGES.testModeOnly };
  }
}

function toResult(row: SandboxChargeRow): ChargeResult {
  if (row.status === 'succeeded') {
    return {
      status: 'succeeded',
      chargeId: row.id,
      cardBrand: row.brand,
      cardLast4: row.last4,
      paymentMethodId: row.paymentMethodToken,
    };
  }
  const code = (row.failureCode ?? 'card_declined') as Exclude<ChargeResult, { status: 'succeeded' }>['code'];
  const message =
    code === 'insufficient_funds'
      ? DECLINE_MESSAGES.insufficientFunds
      : code === 'expired_card'
        ? DECLINE_MESSAGES.expired
        : code === 'test_mode_only'
          ? SANDBOX_MESSAGES.testModeOnly
          : code === 'payment_method_missing'
            ? SANDBOX_MESSAGES.paymentMethodMissing
            : DECLINE_MESSAGES.decline;
  // A failed charge keeps the token only when a saved method was charged: no form field to point at.
  const field = row.paymentMethodToken ? null : code === 'expired_card' ? 'card.expMonth' : 'card.number';
  return { status: 'failed', chargeId: row.id, code, message, field, cardBrand: row.brand, cardLast4: row.last4 };
}

/** A deterministic token per charge key, so a retried charge never creates a second saved card. */
function paymentMethodTokenFor(idempotencyKey: string): string {
  return `pm_sandbox_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 24)}`;
}

/**
 * The embedded test-mode provider: no money moves. Its books live in the sandbox_* tables, so every
 * API instance sees the same charges and a key is charged once across all of them.
 */
export function createSandboxPaymentProvider(db: Db, clock: () => Date = () => new Date()): PaymentProvider {
  async function resolveCard(request: ChargeRequest): Promise<ResolvedCard | null> {
    if ('card' in request.source) {
      const { card } = request.source;
      const digits = cardDigits(card.number);
      return {
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: card.expMonth,
        expYear: card.expYear,
        behaviour: sandboxBehaviourOf(digits),
        token: null,
      };
    }
    const method = await findSandboxPaymentMethod(db, request.source.paymentMethodId);
    if (!method) return null;
    return {
      brand: method.brand,
      last4: method.last4,
      expMonth: method.expMonth,
      expYear: method.expYear,
      behaviour: method.behaviour,
      token: method.token,
    };
  }

  return {
    name: SANDBOX_PROVIDER_NAME,
    testMode: true,

    async charge(request) {
      // A saved method is read first anyway; a typed card goes straight to the keyed insert, which
      // returns the earlier charge when the key was seen before.
      if ('paymentMethodId' in request.source) {
        const existing = await findSandboxCharge(db, request.idempotencyKey);
        if (existing) {
          if (existing.amountCents !== request.amountCents) throw new IdempotencyKeyReusedError(request.idempotencyKey);
          return toResult(existing);
        }
      }
      const now = clock();
      const card = await resolveCard(request);
      const id = `ch_sandbox_${randomBytes(12).toString('hex')}`;
      const description = request.description;
      if (!card) {
        const { row } = await insertSandboxCharge(db, {
          id,
          idempotencyKey: request.idempotencyKey,
          amountCents: request.amountCents,
          status: 'failed',
          failureCode: 'payment_method_missing',
          paymentMethodToken: 'paymentMethodId' in request.source ? request.source.paymentMethodId : null,
          brand: 'Card',
          last4: '0000',
          description,
        });
        return toResult(row);
      }
      const outcome = outcomeFor(card, now);
      let token = card.token;
      // A new saved method is written in the charge's own statement (one round trip).
      let method: Parameters<typeof insertSandboxCardCharge>[2] = null;
      if (outcome.ok && request.savePaymentMethod && !token) {
        token = paymentMethodTokenFor(request.idempotencyKey);
        method = {
          token,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          behaviour: card.behaviour,
        };
      }
      const { row } = await insertSandboxCardCharge(
        db,
        {
          id,
          idempotencyKey: request.idempotencyKey,
          amountCents: request.amountCents,
          status: outcome.ok ? 'succeeded' : 'failed',
          failureCode: outcome.ok ? null : outcome.code,
          paymentMethodToken: outcome.ok ? token : card.token,
          brand: card.brand,
          last4: card.last4,
          description,
        },
        method,
      );
      if (row.amountCents !== request.amountCents) throw new IdempotencyKeyReusedError(request.idempotencyKey);
      return toResult(row);
    },

    async findCharge(idempotencyKey) {
      const row = await findSandboxCharge(db, idempotencyKey);
      return row ? toResult(row) : null;
    },

    async transfer(request: TransferRequest) {
      const row = await insertSandboxTransfer(db, {
        id: `tr_sandbox_${randomBytes(12).toString('hex')}`,
        idempotencyKey: request.idempotencyKey,
        amountCents: request.amountCents,
        destination: request.destination,
      });
      if (row.amountCents !== request.amountCents || row.destination !== request.destination)
        throw new IdempotencyKeyReusedError(request.idempotencyKey);
      return { transferId: row.id };
    },

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
          id: `re_sandbox_${randomBytes(12).toString('hex')}`,
          idempotencyKey: request.idempotencyKey,
          chargeId: charge.id,
          amountCents: request.amountCents,
        });
        return { status: 'succeeded', refundId: row.id };
      });
    },
  };
}
