// Test factories for the money engine (used by tests only): checkout bodies with the sandbox's
// test cards, and the services' dependencies wired to a test app's database and secret.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { CheckoutRequest } from '@beabro/shared/api-schemas/checkout';
import { resolveAppSecret } from '../../config/env';
import type { Db } from '../../db/database';
import { emailOutbox, ledgerEntries, paymentAttempts, sandboxCharges, supports } from '../../db/schema';
import { createSandboxPaymentProvider } from '../payments/sandbox/sandbox-payment-provider';
import type { TestApp, TestClient } from '../../testing/test-app';
import type { MoneyDeps } from './checkout-service';

const nextYear = new Date().getUTCFullYear() + 2;
export const SUCCEEDING_CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: nextYear, cvc: '123' };
export const DECLINED_CARD = { ...SUCCEEDING_CARD, number: '4000 0000 0000 0002' };
export const INSUFFICIENT_FUNDS_CARD = { ...SUCCEEDING_CARD, number: '4000 0000 0000 9995' };
export const DECLINES_RENEWALS_CARD = { ...SUCCEEDING_CARD, number: '4000 0000 0000 0341' };

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
    card: SUCCEEDING_CARD,
    idempotencyKey: randomUUID(),
    ...overrides,
  };
}

export function postCheckout(client: TestClient, username: string, body: CheckoutRequest) {
  return client.post(`/api/creators/${username}/supports`, body);
}

/** The services' dependencies as the app wires them, with an optional fixed clock. */
export function moneyDeps(t: TestApp, now?: Date | (() => Date)): MoneyDeps {
  const clock = now === undefined ? undefined : typeof now === 'function' ? now : () => now;
  return {
    db: t.database.db,
    provider: createSandboxPaymentProvider(t.database.db, clock),
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
