import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxCharges, sandboxEvents } from '../../../db/schema';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { chargeResultOf, IdempotencyKeyReusedError, type CreateIntentRequest } from '../payment-provider';
import { cardBrand, passesLuhn, validateCard } from './sandbox-card-validation';
import { createSandboxPaymentProvider } from './sandbox-payment-provider';
import { CARD_MESSAGES, SANDBOX_MESSAGES, SANDBOX_TEST_CARDS } from './sandbox-test-cards';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const card = (number: string, expYear = 2030) => ({
  number,
  expMonth: 6,
  expYear,
  cvc: number.startsWith('3') ? '1234' : '123',
});
let n = 0;
const key = () => `test:${process.pid}:${++n}`;

describe('card checks', () => {
  it('every documented test card passes Luhn and the checks; brands are recognised', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    for (const test of SANDBOX_TEST_CARDS) {
      expect(passesLuhn(test.number), test.number).toBe(true);
      expect(validateCard(card(test.number), now), test.number).toBeNull();
    }
    expect([
      cardBrand('4242424242424242'),
      cardBrand('5555555555554444'),
      cardBrand('2223003122003222'),
      cardBrand('378282246310005'),
      cardBrand('6011111111111117'),
      cardBrand('9999'),
    ]).toEqual(['Visa', 'Mastercard', 'Mastercard', 'American Express', 'Discover', 'Card']);
  });

  it('a card expiring this month is still valid; last month it has expired', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    expect(validateCard({ ...card('4242424242424242'), expMonth: 11, expYear: 2026 }, now)).toBeNull();
    expect(validateCard({ ...card('4242424242424242'), expMonth: 10, expYear: 2026 }, now)).toEqual({
      'card.expMonth': CARD_MESSAGES.expired,
    });
  });
});

describe('sandbox provider', () => {
  const sandbox = (now?: () => Date) =>
    createSandboxPaymentProvider(t.database.db, { signingSecret: 'test-signing-secret', ...(now ? { now } : {}) });
  const intentRequest = (overrides: Partial<CreateIntentRequest> = {}): CreateIntentRequest => ({
    amountCents: 1_500,
    currency: 'usd',
    customer: 'sam@example.com',
    keepCard: false,
    applicationFeeCents: 75,
    destination: 'creator:x',
    description: 'test',
    metadata: {},
    idempotencyKey: key(),
    ...overrides,
  });
  async function tokenize(provider: ReturnType<typeof sandbox>, number: string) {
    const method = await provider.tokenizeCard(card(number));
    if (!method.ok) throw new Error('tokenize failed');
    return method.paymentMethod;
  }

  it('an intent is created once per key and succeeds when confirmed with the succeeding card', async () => {
    const provider = sandbox();
    const request = intentRequest();
    const intent = await provider.createIntent(request);
    expect(intent.status).toBe('requires_payment_method');
    expect(await provider.createIntent(request)).toEqual(intent);
    await expect(provider.createIntent({ ...request, amountCents: 99 })).rejects.toBeInstanceOf(
      IdempotencyKeyReusedError,
    );
    const method = await tokenize(provider, '4242424242424242');
    expect(method).toMatchObject({ brand: 'Visa', last4: '4242' });
    expect(await provider.confirmIntent(intent.id, 'wrong secret', method.id)).toBeNull();
    const paid = await provider.confirmIntent(intent.id, intent.clientSecret, method.id);
    expect(paid?.status).toBe('succeeded');
    expect(chargeResultOf(paid!)).toMatchObject({ status: 'succeeded', cardLast4: '4242', paymentMethodId: null });
    // Confirming again charges nothing more.
    expect((await provider.confirmIntent(intent.id, intent.clientSecret, method.id))?.chargeId).toBe(paid?.chargeId);
  });

  it('ten confirmations of one intent at the same moment charge it once and record one success event', async () => {
    const provider = sandbox();
    const intent = await provider.createIntent(intentRequest());
    const method = await tokenize(provider, '4242424242424242');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => provider.confirmIntent(intent.id, intent.clientSecret, method.id)),
    );
    expect(new Set(answers.map((a) => a?.status))).toEqual(new Set(['succeeded']));
    expect(new Set(answers.map((a) => a?.chargeId)).size).toBe(1);
    const db = t.database.db;
    const charges = await db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.idempotencyKey, `intent:${intent.id}`));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      id: answers[0]?.chargeId,
      amountCents: 1_500,
      last4: '4242',
      status: 'succeeded',
    });
    const events = await db.select().from(sandboxEvents).where(eq(sandboxEvents.intentId, intent.id));
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
  });

  it('declined and insufficient-funds cards leave the intent awaiting another card, with the reason', async () => {
    const provider = sandbox();
    const intent = await provider.createIntent(intentRequest());
    const declined = await provider.confirmIntent(
      intent.id,
      intent.clientSecret,
      (await tokenize(provider, '4000000000000002')).id,
    );
    expect(declined).toMatchObject({
      status: 'requires_payment_method',
      lastError: { code: 'card_declined', message: CARD_MESSAGES.declined },
    });
    expect(chargeResultOf(declined!)).toBeNull();
    const poor = await provider.confirmIntent(
      intent.id,
      intent.clientSecret,
      (await tokenize(provider, '4000000000009995')).id,
    );
    expect(poor?.lastError).toEqual({ code: 'insufficient_funds', message: CARD_MESSAGES.insufficientFunds });
    const other = await provider.confirmIntent(
      intent.id,
      intent.clientSecret,
      (await tokenize(provider, '4111111111111111')).id,
    );
    expect(other?.lastError?.message).toBe(SANDBOX_MESSAGES.testModeOnly);
    const paid = await provider.confirmIntent(
      intent.id,
      intent.clientSecret,
      (await tokenize(provider, '4242424242424242')).id,
    );
    expect(paid).toMatchObject({ status: 'succeeded', lastError: null });
  });

  it('the authentication card asks for a challenge: approved it pays, failed it does not', async () => {
    const provider = sandbox();
    for (const approve of [true, false]) {
      const intent = await provider.createIntent(intentRequest());
      const method = await tokenize(provider, '4000002760003184');
      const asked = await provider.confirmIntent(intent.id, intent.clientSecret, method.id);
      expect(asked?.status).toBe('requires_action');
      const answered = await provider.authenticateIntent(intent.id, intent.clientSecret, approve);
      if (approve) expect(answered?.status).toBe('succeeded');
      else
        expect(answered).toMatchObject({
          status: 'requires_payment_method',
          lastError: { code: 'authentication_failed', message: CARD_MESSAGES.authenticationFailed },
        });
    }
  });

  it('a kept card is charged off-session once per key; the authentication card needs the supporter then too', async () => {
    const provider = sandbox();
    for (const [number, status, code] of [
      ['4242424242424242', 'succeeded', null],
      ['4000000000000341', 'requires_payment_method', 'card_declined'],
      ['4000002760003184', 'requires_action', 'authentication_required'],
    ] as const) {
      const intent = await provider.createIntent(intentRequest({ keepCard: true }));
      const paid = await provider.confirmIntent(intent.id, intent.clientSecret, (await tokenize(provider, number)).id);
      const kept = (
        paid?.status === 'requires_action'
          ? await provider.authenticateIntent(intent.id, intent.clientSecret, true)
          : paid
      )!.paymentMethod?.id;
      expect(kept, number).toBeTruthy();
      const k = key();
      const renewal = await provider.chargeOffSession({
        ...intentRequest({ idempotencyKey: k }),
        paymentMethodId: kept!,
      });
      expect(renewal.status, number).toBe(status);
      expect(renewal.lastError?.code ?? null, number).toBe(code);
      const again = await provider.chargeOffSession({
        ...intentRequest({ idempotencyKey: k }),
        paymentMethodId: kept!,
      });
      expect(again.id).toBe(renewal.id);
      expect(again.chargeId).toBe(renewal.chargeId);
    }
  });

  it('a canceled intent can no longer be paid; a paid one stays paid', async () => {
    const provider = sandbox();
    const intent = await provider.createIntent(intentRequest());
    expect((await provider.cancelIntent(intent.id))?.status).toBe('canceled');
    const late = await provider.confirmIntent(
      intent.id,
      intent.clientSecret,
      (await tokenize(provider, '4242424242424242')).id,
    );
    expect(late?.status).toBe('canceled');
  });

  it('signs events that only its own secret verifies, within five minutes', async () => {
    let at = new Date('2026-11-27T00:00:00Z');
    const provider = sandbox(() => at);
    const body = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
    const header = provider.signEvent(body, at);
    expect(provider.verifySignedEvent(body, header)).toEqual({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
      intentId: 'pi_1',
    });
    expect(provider.verifySignedEvent(body.replace('pi_1', 'pi_2'), header)).toBeNull();
    expect(provider.verifySignedEvent(body, undefined)).toBeNull();
    const other = createSandboxPaymentProvider(t.database.db, { signingSecret: 'another', now: () => at });
    expect(other.verifySignedEvent(body, header)).toBeNull();
    at = new Date(at.getTime() + 301_000);
    expect(provider.verifySignedEvent(body, header)).toBeNull();
  });

  it('transfers are idempotent by key', async () => {
    const provider = sandbox();
    const k = key();
    const first = await provider.transfer({
      amountCents: 1_000,
      currency: 'usd',
      destination: 'creator:x',
      idempotencyKey: k,
      description: 'payout',
    });
    expect(
      await provider.transfer({
        amountCents: 1_000,
        currency: 'usd',
        destination: 'creator:x',
        idempotencyKey: k,
        description: 'payout',
      }),
    ).toEqual(first);
    await expect(
      provider.transfer({
        amountCents: 2_000,
        currency: 'usd',
        destination: 'creator:x',
        idempotencyKey: k,
        description: 'payout',
      }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
  });
});
