import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import { checkUsername, useUsernameAvailability } from '@beabro/shared/api/check-username';

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('checkUsername', () => {
  it('GETs the availability of the (URL-encoded) username and parses the verdict', async () => {
    const verdict = { username: 'maya', available: true, message: 'Username is available!' };
    const fetchMock = stubFetch(200, verdict);
    await expect(checkUsername('ma/ya')).resolves.toEqual(verdict);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/usernames/ma%2Fya/availability');
    expect(init.method ?? 'GET').toBe('GET');
  });

  it('throws on a 429 with the retry delay', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: 'Too many attempts.' }), {
            status: 429,
            headers: { 'Retry-After': '30' },
          }),
      ),
    );
    const error = await checkUsername('maya').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterSeconds).toBe(30);
  });
});

describe('useUsernameAvailability', () => {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: new QueryClient() }, children);

  it('does not ask before there are 3 characters after normalising', async () => {
    const fetchMock = stubFetch(200, {});
    const { result } = renderHook(() => useUsernameAvailability('A-b'), { wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for the normalised username', async () => {
    const verdict = { username: 'maya_b', available: false, message: 'Username is not available' };
    const fetchMock = stubFetch(200, verdict);
    const { result } = renderHook(() => useUsernameAvailability('Maya_B!'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(verdict));
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/usernames/maya_b/availability');
  });
});
