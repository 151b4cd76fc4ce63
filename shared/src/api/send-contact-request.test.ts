import { ApiError } from '@beabro/shared/api/api-client';
import { sendContactRequest } from '@beabro/shared/api/send-contact-request';
import { CONTACT_MESSAGES } from '@beabro/shared/api-schemas/help-contact';

function stubFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const fetchMock = vi.fn(
    async (_url: string, _init?: RequestInit) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

const input = { name: 'Jamie', email: 'jamie@example.com', topic: 'payments' as const, message: 'Where is my payout?' };

describe('sendContactRequest', () => {
  it('POSTs the form to /api/help/contact and returns the new id', async () => {
    const fetchMock = stubFetch(201, { id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01' });
    await expect(sendContactRequest(input)).resolves.toEqual({ id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/help/contact');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual(input);
  });

  it('throws the field messages of a 400 and the wait of a 429', async () => {
    stubFetch(400, {
      message: 'Please correct the highlighted fields.',
      fieldErrors: { message: CONTACT_MESSAGES.messageTooShort },
    });
    const invalid = await sendContactRequest({ ...input, message: 'short' }).catch((e: unknown) => e);
    expect((invalid as ApiError).fieldErrors).toEqual({ message: CONTACT_MESSAGES.messageTooShort });

    stubFetch(429, { message: 'Too many attempts. Please try again in 40 minutes.' }, { 'Retry-After': '2400' });
    const limited = await sendContactRequest(input).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(ApiError);
    expect(limited).toMatchObject({ status: 429, retryAfterSeconds: 2400 });
  });
});
