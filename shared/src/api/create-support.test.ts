import { ApiError } from '@beabro/shared/api/api-client';
import { completePayment, createSupport } from '@beabro/shared/api/create-support';
import { SAMPLE_RECEIPT } from '@beabro/shared/api/money-test-fixtures';
import type { CheckoutRequest } from '@beabro/shared/api-schemas/checkout';
import { json, mockApi } from '@beabro/shared/testing/msw';

const CHECKOUT = 'POST /api/creators/greenstreets/supports';
const COMPLETE = 'POST /api/payments/intents/pi_sandbox_1/complete';

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
  capabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
  testMode: true,
  intentId: 'pi_sandbox_1',
  clientSecret: 'pi_sandbox_1_secret_x',
  status: 'requires_payment_method',
  cardFrameUrl: '/sandbox-pay/v1/card-frame',
};

describe('createSupport', () => {
  it('POSTs the checkout (no card) with the CSRF header and returns the intent to confirm', async () => {
    const api = mockApi({ [CHECKOUT]: json(200, { payment: PAYMENT }) });
    await expect(createSupport('greenstreets', body)).resolves.toEqual({ payment: PAYMENT });
    const call = api.calls.at(-1);
    expect(call?.path).toBe('/api/creators/greenstreets/supports');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('X-Requested-With')).toBe('beabro');
    expect(call?.body).toEqual(body);
  });

  it('returns the receipt when the attempt was already paid', async () => {
    mockApi({ [CHECKOUT]: json(200, { receipt: SAMPLE_RECEIPT }) });
    await expect(createSupport('greenstreets', body)).resolves.toEqual({ receipt: SAMPLE_RECEIPT });
  });

  it('refuses an answer that matches neither shape', async () => {
    mockApi({ [CHECKOUT]: json(200, { receipt: { ...SAMPLE_RECEIPT, cardLast4: '42' } }) });
    await expect(createSupport('greenstreets', body)).rejects.toThrow();
  });
});

describe('completePayment', () => {
  it('returns the receipt, or the status while pending', async () => {
    const api = mockApi({ [COMPLETE]: json(200, { receipt: SAMPLE_RECEIPT }) });
    await expect(completePayment('pi_sandbox_1', 'secret')).resolves.toEqual({ receipt: SAMPLE_RECEIPT });
    const call = api.calls.at(-1);
    expect(call?.path).toBe('/api/payments/intents/pi_sandbox_1/complete');
    expect(call?.body).toEqual({ clientSecret: 'secret' });
    mockApi({ [COMPLETE]: json(202, { status: 'processing' }) });
    await expect(completePayment('pi_sandbox_1', 'secret')).resolves.toEqual({ pending: 'processing' });
  });

  it('throws the provider’s reason (402) on the card field', async () => {
    mockApi({
      [COMPLETE]: json(402, { message: 'Your card was declined.', fieldErrors: { card: 'Your card was declined.' } }),
    });
    const error = await completePayment('pi_sandbox_1', 'secret').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 402, fieldErrors: { card: 'Your card was declined.' } });
  });
});
