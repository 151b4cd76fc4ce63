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

describe('the sandbox card field runs in an origin of its own', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is sandboxed by its policy (opaque origin) and answers its frame (Origin: null) as a cross-origin caller', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${SANDBOX_PAY_PREFIX}/v1/card-frame` });
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/(^|; )sandbox allow-scripts allow-forms(;|$)/);
    expect(policy).not.toContain('allow-same-origin');
    // An opaque origin cannot be origin-keyed: asking for it made Chromium warn on the page that frames it.
    expect(page.headers['origin-agent-cluster']).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['origin-agent-cluster']).toBe('?1');
    const script = await t.app.inject({
      method: 'GET',
      url: `${SANDBOX_PAY_PREFIX}/v1/card-frame.js`,
      headers: { origin: 'null' },
    });
    expect(script.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: `${SANDBOX_PAY_PREFIX}/v1/payment-methods`,
      headers: {
        origin: 'null',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('null');
    expect(preflight.headers['access-control-allow-headers']).toBe('Content-Type');
    const tokenized = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX_PAY_PREFIX}/v1/payment-methods`,
      headers: { origin: 'null' },
      payload: { card: CARD },
    });
    expect(tokenized.statusCode).toBe(200);
    expect(tokenized.headers['access-control-allow-origin']).toBe('null');
    expect(tokenized.headers['access-control-allow-credentials']).toBeUndefined();
    // Another site's page gets no cross-origin answer: only the sandboxed frame (and same-origin calls) may read one.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${SANDBOX_PAY_PREFIX}/v1/payment-methods`,
      headers: { origin: 'https://evil.example' },
      payload: { card: CARD },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});
