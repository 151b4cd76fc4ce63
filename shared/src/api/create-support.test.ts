import { ApiError } from '@beabro/shared/api/api-client';
import { completePayment, createSupport } from '@beabro/shared/api/create-support';
import { lastCall, SAMPLE_RECEIPT, stubFetch } from '@beabro/shared/api/money-test-fixtures';
import type { CheckoutRequest } from '@beabro/shared/api-schemas/checkout';

afterEach(() => vi.unstubAllGlobals());

const body: CheckoutRequest = {
  amount: 25,
  email: 'bro@example.com',
  name: 'Sam',
  message: 'One more tree!',
  isAnonymous: false,
  isRecurring: true,
  tierPosition: 2,
  idempotencyKey: '0d9a7c1b-2e3f-4a5b-8c6d-7e8f9a0b1c2d',
};

const PAYMENT = {
  provider: 'sandbox',
  testMode: true,
  intentId: 'pi_sandbox_1',
  clientSecret: 'pi_sandbox_1_secret_x',
  status: 'requires_payment_method',
  cardFrameUrl: '/sandbox-pay/v1/card-frame',
};

describe('createSupport', () => {
  it('POSTs the checkout (no card) with the CSRF header and returns the intent to confirm', async () => {
    const fetchMock = stubFetch(200, { payment: PAYMENT });
    await expect(createSupport('greenstreets', body)).resolves.toEqual({ payment: PAYMENT });
    const { url, init } = lastCall(fetchMock);
    expect(url).toBe('/api/creators/greenstreets/supports');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('X-Requested-With')).toBe('beabro');
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('returns the receipt when the attempt was already paid', async () => {
    stubFetch(200, { receipt: SAMPLE_RECEIPT });
    await expect(createSupport('greenstreets', body)).resolves.toEqual({ receipt: SAMPLE_RECEIPT });
  });

  it('refuses an answer that matches neither shape', async () => {
    stubFetch(200, { receipt: { ...SAMPLE_RECEIPT, cardLast4: '42' } });
    await expect(createSupport('greenstreets', body)).rejects.toThrow();
  });
});

describe('completePayment', () => {
  it('returns the receipt, or the status while pending', async () => {
    const fetchMock = stubFetch(200, { receipt: SAMPLE_RECEIPT });
    await expect(completePayment('pi_sandbox_1', 'secret')).resolves.toEqual({ receipt: SAMPLE_RECEIPT });
    const { url, init } = lastCall(fetchMock);
    expect(url).toBe('/api/payments/intents/pi_sandbox_1/complete');
    expect(JSON.parse(String(init.body))).toEqual({ clientSecret: 'secret' });
    stubFetch(202, { status: 'processing' });
    await expect(completePayment('pi_sandbox_1', 'secret')).resolves.toEqual({ pending: 'processing' });
  });

  it('throws the provider’s reason (402) on the card field', async () => {
    stubFetch(402, { message: 'Your card was declined.', fieldErrors: { card: 'Your card was declined.' } });
    const error = await completePayment('pi_sandbox_1', 'secret').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, fieldErrors: { card: 'Your card was declined.' } });
  });
});
