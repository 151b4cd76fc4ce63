import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_MESSAGES } from '@beabro/shared/api-schemas/checkout';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { cardBrand, passesLuhn, validateCard } from '../card-validation';
import { IdempotencyKeyReusedError } from '../payment-provider';
import { createSandboxPaymentProvider } from './sandbox-payment-provider';
import { SANDBOX_MESSAGES, SANDBOX_TEST_CARDS } from './sandbox-test-cards';

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
  it('a key charges once: the same key returns the first result, a different amount is refused', async () => {
    const provider = createSandboxPaymentProvider(t.database.db);
    const k = key();
    const first = await provider.charge({
      amountCents: 500,
      source: { card: card('4242 4242 4242 4242') },
      idempotencyKey: k,
      description: 'test',
    });
    expect(first).toMatchObject({ status: 'succeeded', cardBrand: 'Visa', cardLast4: '4242', paymentMethodId: null });
    expect(
      await provider.charge({
        amountCents: 500,
        source: { card: card('4242 4242 4242 4242') },
        idempotencyKey: k,
        description: 'test',
      }),
    ).toEqual(first);
    expect(await provider.findCharge(k)).toEqual(first);
    expect(await provider.findCharge(key())).toBeNull();
    await expect(
      provider.charge({
        amountCents: 900,
        source: { card: card('4242 4242 4242 4242') },
        idempotencyKey: k,
        description: 'test',
      }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
  });

  it('saves a payment method for monthly support and charges it later; refuses missing or expired ones without a form field', async () => {
    const now = { at: new Date('2026-11-21T00:00:00Z') };
    const provider = createSandboxPaymentProvider(t.database.db, () => now.at);
    const saved = await provider.charge({
      amountCents: 1_500,
      source: { card: card('5555 5555 5555 4444', 2027) },
      idempotencyKey: key(),
      description: 'test',
      savePaymentMethod: true,
    });
    if (saved.status !== 'succeeded' || !saved.paymentMethodId) throw new Error('not saved');
    expect(saved.paymentMethodId).toMatch(/^pm_sandbox_/);
    expect(
      await provider.charge({
        amountCents: 1_500,
        source: { paymentMethodId: saved.paymentMethodId },
        idempotencyKey: key(),
        description: 'renewal',
      }),
    ).toMatchObject({ status: 'succeeded', cardBrand: 'Mastercard' });

    now.at = new Date('2028-01-05T00:00:00Z');
    expect(
      await provider.charge({
        amountCents: 1_500,
        source: { paymentMethodId: saved.paymentMethodId },
        idempotencyKey: key(),
        description: 'renewal',
      }),
    ).toMatchObject({
      status: 'failed',
      code: 'expired_card',
      message: CARD_MESSAGES.expired,
      field: null,
    });
    expect(
      await provider.charge({
        amountCents: 1_500,
        source: { paymentMethodId: 'pm_sandbox_nope' },
        idempotencyKey: key(),
        description: 'renewal',
      }),
    ).toMatchObject({
      status: 'failed',
      code: 'payment_method_missing',
      message: SANDBOX_MESSAGES.paymentMethodMissing,
      field: null,
    });
  });

  it('the renewal-declining test card succeeds when typed and is declined when charged again from its saved method', async () => {
    const provider = createSandboxPaymentProvider(t.database.db);
    const typed = await provider.charge({
      amountCents: 500,
      source: { card: card('4000 0000 0000 0341') },
      idempotencyKey: key(),
      description: 'test',
      savePaymentMethod: true,
    });
    if (typed.status !== 'succeeded' || !typed.paymentMethodId) throw new Error('not saved');
    expect(
      await provider.charge({
        amountCents: 500,
        source: { paymentMethodId: typed.paymentMethodId },
        idempotencyKey: key(),
        description: 'renewal',
      }),
    ).toMatchObject({ status: 'failed', code: 'card_declined' });
  });

  it('transfers are idempotent by key', async () => {
    const provider = createSandboxPaymentProvider(t.database.db);
    const k = key();
    const first = await provider.transfer({
      amountCents: 1_000,
      destination: 'creator:x',
      idempotencyKey: k,
      description: 'payout',
    });
    expect(
      await provider.transfer({
        amountCents: 1_000,
        destination: 'creator:x',
        idempotencyKey: k,
        description: 'payout',
      }),
    ).toEqual(first);
    await expect(
      provider.transfer({ amountCents: 2_000, destination: 'creator:x', idempotencyKey: k, description: 'payout' }),
    ).rejects.toBeInstanceOf(IdempotencyKeyReusedError);
  });
});
