import { ApiError } from '@beabro/shared/api/api-client';
import { sendContactRequest } from '@beabro/shared/api/send-contact-request';
import { CONTACT_MESSAGES } from '@beabro/shared/api-schemas/help-contact';
import { json, mockApi } from '@beabro/shared/testing/msw';

const ROUTE = 'POST /api/help/contact';

const input = { name: 'Jamie', email: 'jamie@example.com', topic: 'payments' as const, message: 'Where is my payout?' };

describe('sendContactRequest', () => {
  it('POSTs the form to /api/help/contact and returns the new id', async () => {
    const api = mockApi({ [ROUTE]: json(201, { id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01' }) });
    await expect(sendContactRequest(input)).resolves.toEqual({ id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01' });
    const [call] = api.calls;
    expect(call?.path).toBe('/api/help/contact');
    expect(call?.method).toBe('POST');
    expect(call?.body).toEqual(input);
  });

  it('throws the field messages of a 400 and the wait of a 429', async () => {
    mockApi({
      [ROUTE]: json(400, {
        message: 'Please correct the highlighted fields.',
        fieldErrors: { message: CONTACT_MESSAGES.messageTooShort },
      }),
    });
    const invalid = await sendContactRequest({ ...input, message: 'short' }).catch((e: unknown) => e);
    expect((invalid as ApiError).fieldErrors).toEqual({ message: CONTACT_MESSAGES.messageTooShort });

    mockApi({
      [ROUTE]: json(429, { message: 'Too many attempts. Please try again in 40 minutes.' }, { 'Retry-After': '2400' }),
    });
    const limited = await sendContactRequest(input).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ApiError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 2400 });
  });
});
