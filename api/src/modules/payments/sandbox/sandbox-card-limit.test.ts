import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../testing/test-app';
import { SANDBOX_PAY_PREFIX } from './sandbox-payment-provider';

const CARD = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };

describe('the sandbox card field: cards per visitor are limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SANDBOX_CARD_LIMIT_PER_IP: '3' });
  });
  afterAll(() => t?.close());

  it('turns cards into tokens up to the limit, then answers 429 with a message the frame shows', async () => {
    const visitor = t.client();
    const other = t.client();
    for (let i = 0; i < 2; i++) {
      const res = await visitor.post(`${SANDBOX_PAY_PREFIX}/v1/payment-methods`, { card: CARD });
      expect(res.statusCode).toBe(200);
    }
    // Bad cards count too: card testing is made of them.
    const bad = await visitor.post(`${SANDBOX_PAY_PREFIX}/v1/payment-methods`, { card: { ...CARD, number: '4242' } });
    expect(bad.statusCode).toBe(400);
    const refused = await visitor.post(`${SANDBOX_PAY_PREFIX}/v1/payment-methods`, { card: CARD });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts\. Please try again in \d+ (second|minute)s?\.$/);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another visitor is not affected.
    expect((await other.post(`${SANDBOX_PAY_PREFIX}/v1/payment-methods`, { card: CARD })).statusCode).toBe(200);
  });
});
