import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import {
  followCreator,
  unfollowCreator,
  useFollowCreator,
  useUnfollowCreator,
} from '@beabro/shared/api/follow-creator';
import { creatorProfileQueryKey } from '@beabro/shared/api/get-creator-profile';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { json, mockApi } from '@beabro/shared/testing/msw';

const sampleProfile: PublicCreatorProfileDto = {
  username: 'pixelpat',
  displayName: 'Pixel Pat',
  bio: 'Variety streamer.',
  creatorType: 'creator',
  creatorTypeLabel: 'Content Creator',
  currency: 'usd',
  profileImageUrl: null,
  coverImageUrl: null,
  socialLinks: [{ platform: 'twitch', handle: 'pixelpat_live', url: 'https://www.twitch.tv/pixelpat_live' }],
  followers: 2,
  supporterCount: 11,
  totalEarnedCents: null,
  monthlyEarnedCents: null,
  goal: { title: 'New setup', amountCents: 200_000, raisedCents: null, percent: 15, supporterCount: 11 },
  tiers: [
    {
      position: 0,
      name: 'Support the Mission',
      emoji: '🤝',
      description: 'A boost.',
      perks: ['Thanks'],
      isRecurring: false,
      amountCents: 500,
    },
  ],
  minimumAmountCents: 300,
  acceptsMessages: true,
  recentSupports: [
    {
      id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01',
      name: null,
      amountCents: 500,
      message: 'Go!',
      isRecurring: false,
      createdAt: '2025-06-15T12:00:00.000Z',
    },
  ],
  wall: { entries: [], page: 1, pageCount: 1, total: 0 },
  achievements: [
    { id: 'first-supporter', name: 'First Supporter', icon: '🎉', description: 'A first bro.', unlocked: true },
  ],
  viewer: { isOwner: false, isFollowing: false },
};

const FOLLOW = 'POST /api/creators/pixelpat/follow';
const UNFOLLOW = 'DELETE /api/creators/pixelpat/follow';

describe('followCreator and unfollowCreator', () => {
  it('POST and DELETE /api/creators/:username/follow with the CSRF header', async () => {
    const api = mockApi({
      [FOLLOW]: json(200, { following: true, followers: 3 }),
      [UNFOLLOW]: json(200, { following: false, followers: 2 }),
    });
    await expect(followCreator('pixelpat')).resolves.toEqual({ following: true, followers: 3 });
    await expect(unfollowCreator('pixelpat')).resolves.toEqual({ following: false, followers: 2 });
    const [call] = api.calls;
    expect(call?.path).toBe('/api/creators/pixelpat/follow');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('X-Requested-With')).toBe('beabro');
    expect(api.calls[1]?.method).toBe('DELETE');
    expect(api.calls[1]?.headers.get('X-Requested-With')).toBe('beabro');
  });

  it('throws the 401 of a visitor', async () => {
    mockApi({ [FOLLOW]: json(401, { message: 'Please sign in to continue.' }) });
    await expect(followCreator('pixelpat')).rejects.toBeInstanceOf(ApiError);
  });
});

describe('useFollowCreator and useUnfollowCreator', () => {
  it('update the cached profile’s follower count and viewer state from the answer', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(creatorProfileQueryKey('pixelpat'), sampleProfile);
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(QueryClientProvider, { client: queryClient }, children);
    const cached = () => queryClient.getQueryData<PublicCreatorProfileDto>(creatorProfileQueryKey('pixelpat'));

    mockApi({ [FOLLOW]: json(200, { following: true, followers: 3 }) });
    const follow = renderHook(() => useFollowCreator('pixelpat'), { wrapper });
    await act(() => follow.result.current.mutateAsync());
    await waitFor(() =>
      expect(cached()).toMatchObject({ followers: 3, viewer: { isOwner: false, isFollowing: true } }),
    );

    mockApi({ [UNFOLLOW]: json(200, { following: false, followers: 2 }) });
    const unfollow = renderHook(() => useUnfollowCreator('pixelpat'), { wrapper });
    await act(() => unfollow.result.current.mutateAsync());
    await waitFor(() => expect(cached()).toMatchObject({ followers: 2, viewer: { isFollowing: false } }));
    expect(cached()?.displayName).toBe('Pixel Pat');
  });
});
