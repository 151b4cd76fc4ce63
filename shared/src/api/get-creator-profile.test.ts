import { ApiError } from '@beabro/shared/api/api-client';
import { creatorProfileQueryKey, getCreatorProfile } from '@beabro/shared/api/get-creator-profile';
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

describe('getCreatorProfile', () => {
  it('GETs /api/creators/:username and returns the parsed profile', async () => {
    const api = mockApi({ 'GET /api/creators/pixelpat': json(200, sampleProfile) });
    await expect(getCreatorProfile('pixelpat')).resolves.toEqual(sampleProfile);
    expect(api.calls[0]?.path).toBe('/api/creators/pixelpat');
  });

  it('encodes the username into the path', async () => {
    const api = mockApi({ 'GET /api/creators/a%2Fb%3Fc': json(404, { message: 'Creator not found' }) });
    await getCreatorProfile('a/b?c').catch(() => undefined);
    expect(api.calls[0]?.path).toBe('/api/creators/a%2Fb%3Fc');
  });

  it('throws ApiError 404 "Creator not found" for an unknown creator', async () => {
    mockApi({ 'GET /api/creators/nobody': json(404, { message: 'Creator not found' }) });
    const error = await getCreatorProfile('nobody').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, message: 'Creator not found' });
  });

  it('keys the cache by the lower-cased username', () => {
    expect(creatorProfileQueryKey('PixelPat')).toEqual(['creator-profile', 'pixelpat']);
  });
});
