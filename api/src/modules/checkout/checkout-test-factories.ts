// Test factories for the money engine (used by tests only): checkout bodies with the sandbox's
// test cards, and the services' dependencies wired to a test app's database and secret.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { CheckoutReceipt, CheckoutRequest } from '@beabro/shared/api-schemas/checkout';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { resolveAppSecret } from '../../config/env';
import type { Db } from '../../db/database';
import { emailOutbox, ledgerEntries, paymentAttempts, sandboxCharges, supports } from '../../db/schema';
import {
  createSandboxPaymentProvider,
  sandboxSigningSecret,
  type SandboxPaymentProvider,
} from '../payments/sandbox/sandbox-payment-provider';
import type { TestApp, TestClient } from '../../testing/test-app';
import { completeCheckoutIntent, createSupport, PaymentFailedError } from './checkout-service';
import type { MoneyDeps } from '../payments/money-deps';

const nextYear = new Date().getUTCFullYear() + 2;
/** Cards as typed into the sandbox's card frame (never sent to /api). */
export const SUCCEEDING_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvc: '123' };
export const DECLINED_CARD = { ...SUCCEEDING_CARD, number: '4000 0000 0000 0002' };
export const INSUFFICIENT_FUNDS_CARD = { ...SUCCEEDING_CARD, number: '4000 0000 0000 9995' };
export const DECLINES_RENEWALS_CARD = { ...SUCCEEDING_CARD, number: '4000 0000 0000 0341' };
export const AUTHENTICATION_CARD = { ...SUCCEEDING_CARD, number: '4000 0027 6000 3184' };
export type TestCard = typeof SUCCEEDING_CARD;

let counter = 0;

/** A valid checkout body: $5 one-off from a fresh guest email with the succeeding test card. */
export function checkoutBody(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    amount: 5,
    email: `bro${++counter}.${process.pid}@example.com`,
    name: 'Sam Kim',
    message: '',
    isAnonymous: false,
    isRecurring: false,
    tierPosition: null,
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

export function postCheckout(client: TestClient, username: string, body: CheckoutRequest) {
  return client.post(`/api/creators/${username}/supports`, body);
}

/** What the sandbox's card frame does with a card: tokenize it, confirm the intent, answer a 3-D Secure challenge. */
export async function confirmInFrame(
  client: TestClient,
  payment: { intentId: string; clientSecret: string },
  card: TestCard,
  approveChallenge = true,
) {
  const tokenized = await client.post('/sandbox-pay/v1/payment-methods', { card });
  if (tokenized.statusCode !== 200) return tokenized;
  const confirmed = await client.post(`/sandbox-pay/v1/intents/${payment.intentId}/confirm`, {
    clientSecret: payment.clientSecret,
    paymentMethod: tokenized.json().paymentMethod.id,
  });
  if (confirmed.json().intent?.status !== 'requires_action') return confirmed;
  return client.post(`/sandbox-pay/v1/intents/${payment.intentId}/authenticate`, {
    clientSecret: payment.clientSecret,
    approve: approveChallenge,
  });
}

/**
 * A whole checkout as the page makes it: start (the intent), confirm in the card frame, then report
 * the completion. Answers the start's response when it gives no intent (an error, or a replayed
 * receipt), else the completion's.
 */
export async function payCheckout(
  client: TestClient,
  username: string,
  body: CheckoutRequest,
  card: TestCard = SUCCEEDING_CARD,
  approveChallenge = true,
) {
  const started = await postCheckout(client, username, body);
  const payment = started.statusCode === 200 ? started.json().payment : undefined;
  if (!payment) return started;
  await confirmInFrame(client, payment, card, approveChallenge);
  return client.post(`/api/payments/intents/${payment.intentId}/complete`, { clientSecret: payment.clientSecret });
}

export type TestMoneyDeps = MoneyDeps & { provider: SandboxPaymentProvider };

/**
 * createSupport and the card frame at the service level: the receipt of a paid checkout (or the
 * PaymentFailedError of a refused card), as createSupport answered before payments became intents.
 */
export async function paySupport(
  deps: TestMoneyDeps,
  username: string,
  body: CheckoutRequest,
  viewer: SessionUser | null = null,
  ip = '203.0.113.9',
  card: TestCard = SUCCEEDING_CARD,
): Promise<CheckoutReceipt> {
  const started = await createSupport(deps, username, { tierPosition: null, ...body } as never, viewer, ip);
  if ('receipt' in started) return started.receipt;
  const { intentId, clientSecret } = started.payment;
  const method = await deps.provider.tokenizeCard(card);
  if (!method.ok)
    throw new PaymentFailedError(Object.values(method.fieldErrors)[0] ?? 'invalid card', method.fieldErrors);
  let intent = await deps.provider.confirmIntent(intentId, clientSecret, method.paymentMethod.id);
  if (intent?.status === 'requires_action')
    intent = await deps.provider.authenticateIntent(intentId, clientSecret, true);
  const outcome = await completeCheckoutIntent(deps, intentId, clientSecret);
  if ('pending' in outcome) throw new Error(`payment ${intentId} is still ${outcome.pending}`);
  return outcome.receipt;
}

/** The services' dependencies as the app wires them, with an optional fixed clock. */
export function moneyDeps(t: TestApp, now?: Date | (() => Date)): TestMoneyDeps {
  const clock = now === undefined ? undefined : typeof now === 'function' ? now : () => now;
  return {
    db: t.database.db,
    provider: createSandboxPaymentProvider(t.database.db, {
      ...(clock ? { now: clock } : {}),
      signingSecret: sandboxSigningSecret(resolveAppSecret(t.app.config)),
    }),
    appSecret: resolveAppSecret(t.app.config),
    origin: 'https://beabro.test',
    ...(clock ? { now: clock } : {}),
  };
}

/** Row counts that a failed or repeated payment must not change. */
export async function moneyCounts(db: Db, creatorId?: string) {
  const n = sql<number>`count(*)`.mapWith(Number);
  const [s] = await db
    .select({ n })
    .from(supports)
    .where(creatorId ? eq(supports.creatorId, creatorId) : undefined);
  const [l] = await db
    .select({ n })
    .from(ledgerEntries)
    .where(creatorId ? eq(ledgerEntries.creatorId, creatorId) : undefined);
  const [c] = await db.select({ n }).from(sandboxCharges).where(eq(sandboxCharges.status, 'succeeded'));
  const [a] = await db
    .select({ n })
    .from(paymentAttempts)
    .where(creatorId ? eq(paymentAttempts.creatorId, creatorId) : undefined);
  return { supports: s?.n ?? 0, ledgerEntries: l?.n ?? 0, succeededCharges: c?.n ?? 0, attempts: a?.n ?? 0 };
}

export async function emailsTo(db: Db, address: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, address.toLowerCase()))
    .orderBy(emailOutbox.createdAt);
}

/** A $7 checkout attempt left pending `ageMs` ago, as a process that died mid-payment leaves it (no intent yet). */
export async function insertPendingCheckoutAttempt(db: Db, creatorId: string, key: string, ageMs: number) {
  const [row] = await db
    .insert(paymentAttempts)
    .values({
      idempotencyKey: key,
      purpose: 'checkout',
      requestFingerprint: 'fp',
      request: {
        creatorId,
        amountCents: 700,
        email: 'crashed@example.com',
        name: 'Crash',
        message: '',
        isAnonymous: false,
        isRecurring: false,
        tierPosition: null,
        supporterUserId: null,
        origin: 'https://beabro.test',
      },
      creatorId,
      amountCents: 700,
      currency: 'usd',
      provider: 'sandbox',
      createdAt: new Date(Date.now() - ageMs),
    })
    .returning();
  if (!row) throw new Error('no attempt');
  return row;
}
