import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import { createSupport, useCreateSupport } from '@beabro/shared/api/create-support';
import { creatorProfileQueryKey } from '@beabro/shared/api/get-creator-profile';
import { supporterDashboardQueryKey } from '@beabro/shared/api/get-supporter-dashboard';
import { lastCall, SAMPLE_RECEIPT, stubFetch } from '@beabro/shared/api/money-test-fixtures';
import { CARD_MESSAGES, type CheckoutRequest } from '@beabro/shared/api-schemas/checkout';

afterEach(() => vi.unstubAllGlobals());

const body: CheckoutRequest = {
  amount: 25,
  email: 'bro@example.com',
  name: 'Sam',
  message: 'One more tree!',
  isAnonymous: false,
  isRecurring: true,
  tierPosition: 2,
  card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
  idempotencyKey: '0d9a7c1b-2e3f-4a5b-8c6d-7e8f9a0b1c2d',
};

describe('createSupport', () => {
  it('POSTs the checkout to /api/creators/:username/supports with the CSRF header and returns the receipt', async () => {
    const fetchMock = stubFetch(201, { receipt: SAMPLE_RECEIPT });
    await expect(createSupport('greenstreets', body)).resolves.toEqual(SAMPLE_RECEIPT);
    const { url, init } = lastCall(fetchMock);
    expect(url).toBe('/api/creators/greenstreets/supports');
    expect(init.method).toBe('POST');
    expect(new Headers(init.headers).get('X-Requested-With')).toBe('beabro');
    expect(JSON.parse(String(init.body))).toEqual(body);
  });

  it('throws the refusal of a declined card (402) with its field message', async () => {
    stubFetch(402, { message: CARD_MESSAGES.declined, fieldErrors: { 'card.number': CARD_MESSAGES.declined } });
    const error = await createSupport('greenstreets', body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 402,
      message: CARD_MESSAGES.declined,
      fieldErrors: { 'card.number': CARD_MESSAGES.declined },
    });
  });

  it('refuses an answer that does not match the receipt schema', async () => {
    stubFetch(201, { receipt: { ...SAMPLE_RECEIPT, cardLast4: '42' } });
    await expect(createSupport('greenstreets', body)).rejects.toThrow();
  });
});

describe('useCreateSupport', () => {
  it('refetches the creator’s profile and the supporter dashboard after a support', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(creatorProfileQueryKey('greenstreets'), { stale: false });
    queryClient.setQueryData(supporterDashboardQueryKey, { stale: false });
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    stubFetch(201, { receipt: SAMPLE_RECEIPT });
    const { result } = renderHook(() => useCreateSupport('greenstreets'), { wrapper });
    await act(async () => {
      await expect(result.current.mutateAsync(body)).resolves.toEqual(SAMPLE_RECEIPT);
    });
    expect(queryClient.getQueryState(creatorProfileQueryKey('greenstreets'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(supporterDashboardQueryKey)?.isInvalidated).toBe(true);
  });
});
