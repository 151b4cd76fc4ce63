import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { creatorProfileQueryKey } from '@beabro/shared/api/get-creator-profile';
import { publicPostsQueryPrefix } from '@beabro/shared/api/public-posts';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { useRefetchOnSessionChange } from './use-refetch-on-session-change';

const user = {
  id: 'u1',
  email: 'sam@example.com',
  username: null,
  displayName: 'Sam',
  isCreator: false,
  userType: 'supporter' as const,
  emailVerified: true,
};

describe('useRefetchOnSessionChange', () => {
  it('refetches the profile and its posts when someone signs in or out, not when the session first becomes known', () => {
    useSessionStore.setState({ status: 'unknown', user: null });
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useRefetchOnSessionChange('pixelpat'), { wrapper });

    act(() => useSessionStore.getState().setUser(user));
    expect(invalidate).not.toHaveBeenCalled();

    act(() => useSessionStore.getState().setUser(null));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: creatorProfileQueryKey('pixelpat') });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: publicPostsQueryPrefix });
    act(() => useSessionStore.getState().setUser(user));
    expect(invalidate).toHaveBeenCalledTimes(4);
  });
});
