// Test factories (tests only): a public profile and a checkout receipt shaped exactly like the API's answers.
import type { CheckoutReceipt } from '@beabro/shared/api-schemas/checkout';
import { publicCreatorProfileSchema, type PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { defaultSupportTiers } from '@beabro/shared/data/support-tiers';
import { calculateFees } from '@beabro/shared/money/fees';

export function fakeProfile(overrides: Partial<PublicCreatorProfileDto> = {}): PublicCreatorProfileDto {
  const profile: PublicCreatorProfileDto = {
    username: 'pixelpat',
    displayName: 'Pixel Pat',
    bio: 'Variety streamer building a cozy gaming community.',
    creatorType: 'creator',
    creatorTypeLabel: 'Content Creator',
    currency: 'usd',
    profileImageUrl: null,
    coverImageUrl: null,
    socialLinks: [
      { platform: 'youtube', handle: 'pixelpat', url: 'https://www.youtube.com/@pixelpat' },
      { platform: 'twitch', handle: 'pixelpat_live', url: 'https://www.twitch.tv/pixelpat_live' },
    ],
    followers: 1_240,
    supporterCount: 186,
    totalEarnedCents: 512_000,
    monthlyEarnedCents: 34_500,
    goal: {
      title: 'New streaming setup',
      amountCents: 200_000,
      raisedCents: 135_000,
      percent: 68,
      supporterCount: 186,
    },
    tiers: defaultSupportTiers(),
    minimumAmountCents: 300,
    acceptsMessages: true,
    recentSupports: [
      {
        id: '7b0c9b8e-2a55-4f8e-9d7b-0d8e2f6a1a01',
        name: 'Jordan',
        amountCents: 500,
        message: 'Loved the charity stream!',
        isRecurring: false,
        createdAt: new Date(Date.now() - 3_600_000).toISOString(),
      },
      {
        id: '7b0c9b8e-2a55-4f8e-9d7b-0d8e2f6a1a02',
        name: null,
        amountCents: 1_500,
        message: 'Keep going',
        isRecurring: false,
        createdAt: new Date(Date.now() - 86_400_000).toISOString(),
      },
      {
        id: '7b0c9b8e-2a55-4f8e-9d7b-0d8e2f6a1a03',
        name: 'Sam K.',
        amountCents: 2_500,
        message: '',
        isRecurring: true,
        createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      },
    ],
    wall: {
      entries: [
        {
          id: '7b0c9b8e-2a55-4f8e-9d7b-0d8e2f6a1a01',
          name: 'Jordan',
          tierName: 'Support the Mission',
          createdAt: new Date(Date.now() - 3_600_000).toISOString(),
        },
        {
          id: '7b0c9b8e-2a55-4f8e-9d7b-0d8e2f6a1a03',
          name: 'Sam K.',
          tierName: null,
          createdAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
        },
      ],
      page: 1,
      pageCount: 1,
      total: 2,
    },
    achievements: [
      {
        id: 'first-supporter',
        name: 'First Supporter',
        icon: '🎉',
        description: 'Received support from a first bro.',
        unlocked: true,
      },
      {
        id: 'fifty-supporters',
        name: '50 Supporters',
        icon: '🚀',
        description: 'Fifty different bros have backed the mission.',
        unlocked: false,
      },
    ],
    viewer: { isOwner: false, isFollowing: false },
    ...overrides,
  };
  // Factories must not drift from the contract: a fake the API could never send proves nothing.
  return publicCreatorProfileSchema.parse(profile);
}

export function fakeReceipt(overrides: Partial<CheckoutReceipt> = {}): CheckoutReceipt {
  const amountCents = overrides.amountCents ?? 500;
  const currency = overrides.currency ?? 'usd';
  const fees = calculateFees(amountCents, currency);
  return {
    supportId: '3f1d2c4b-5a69-4c7d-8e9f-0a1b2c3d4e5f',
    creatorUsername: 'pixelpat',
    creatorDisplayName: 'Pixel Pat',
    amountCents,
    currency,
    platformFeeCents: fees.platformFeeCents,
    processingFeeCents: fees.processingFeeCents,
    creatorNetCents: fees.creatorNetCents,
    isRecurring: false,
    subscriptionId: null,
    nextChargeAt: null,
    cardBrand: 'Visa',
    cardLast4: '4242',
    receiptEmail: 'bro@example.com',
    createdAt: new Date().toISOString(),
    replayed: false,
    ...overrides,
  };
}
