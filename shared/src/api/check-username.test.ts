import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import { checkUsername, useUsernameAvailability } from '@beabro/shared/api/check-username';
import { json, mockApi } from '@beabro/shared/testing/msw';

describe('checkUsername', () => {
  it('GETs the availability of the (URL-encoded) username and parses the verdict', async () => {
    const verdict = { username: 'maya', available: true, message: 'Username is available!' };
    const api = mockApi({ 'GET /api/usernames/ma%2Fya/availability': json(200, verdict) });
    await expect(checkUsername('ma/ya')).resolves.toEqual(verdict);
    const [call] = api.calls;
    expect(call?.path).toBe('/api/usernames/ma%2Fya/availability');
    expect(call?.method).toBe('GET');
  });

  it('throws on a 429 with the retry delay', async () => {
    mockApi({
      'GET /api/usernames/maya/availability': json(429, { message: 'Too many attempts.' }, { 'Retry-After': '30' }),
    });
    const error = await checkUsername('maya').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).retryAfterSeconds).toBe(30);
  });
});

describe('useUsernameAvailability', () => {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: new QueryClient() }, children);

  it('does not ask before there are 3 characters after normalising', async () => {
    const api = mockApi({});
    const { result } = renderHook(() => useUsernameAvailability('A-b'), { wrapper });
    expect(result.current.fetchStatus).toBe('idle');
    expect(api.calls).toHaveLength(0);
  });

  it('asks for the normalised username', async () => {
    const verdict = { username: 'maya_b', available: false, message: 'Username is not available' };
    const api = mockApi({ 'GET /api/usernames/maya_b/availability': json(200, verdict) });
    const { result } = renderHook(() => useUsernameAvailability('Maya_B!'), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(verdict));
    expect(api.calls[0]?.path).toBe('/api/usernames/maya_b/availability');
  });
});
