import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { defaultSupportTiers } from '@beabro/shared/data/support-tiers';
import type { DiscoverItemDto, DiscoverResponseDto } from '@beabro/shared/api-schemas/discover';
import type { SupportedCreatorDto, SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';
import type { GivenSupportDto } from '@beabro/shared/api-schemas/supports';
import { calculateFees } from '@beabro/shared/money/fees';
import type { SessionUser } from '@beabro/shared/types/session-user';

// Test factories: valid API answers (they pass the shared zod schemas), overridable per test.

let counter = 0;
/** A fresh v4-shaped uuid, as the schemas require. */
export function fakeUuid(): string {
  counter += 1;
  return `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`;
}

export function fakeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: fakeUuid(),
    email: 'sam@example.com',
    username: null,
    displayName: 'Sam Kim',
    isCreator: false,
    userType: 'supporter',
    emailVerified: true,
    ...overrides,
  };
}

export function fakeSupport(overrides: Partial<GivenSupportDto> & { amountCents?: number } = {}): GivenSupportDto {
  const currency = overrides.currency ?? 'usd';
  const fees = calculateFees(overrides.amountCents ?? 1_000, currency);
  return {
    id: fakeUuid(),
    creatorUsername: 'pixelpat',
    creatorDisplayName: 'Pixel Pat',
    currency,
    ...fees,
    message: '',
    isAnonymous: false,
    isRecurring: false,
    isRenewal: false,
    asGuest: false,
    createdAt: '2026-11-20T12:00:00.000Z',
    refundedCents: 0,
    ...overrides,
  };
}

export function fakeSubscription(overrides: Partial<SubscriptionDto> = {}): SubscriptionDto {
  return {
    id: fakeUuid(),
    creatorUsername: 'pixelpat',
    creatorDisplayName: 'Pixel Pat',
    amountCents: 2_500,
    currency: 'usd',
    tierPosition: null,
    status: 'active',
    cancelAtPeriodEnd: false,
    currentPeriodEnd: '2026-12-20T12:00:00.000Z',
    pausedUntil: null,
    nextChargeAt: '2026-12-20T12:00:00.000Z',
    endsAt: null,
    needsConfirmation: false,
    ...overrides,
  };
}

export function fakeSupportedCreator(overrides: Partial<SupportedCreatorDto> = {}): SupportedCreatorDto {
  return {
    username: 'pixelpat',
    displayName: 'Pixel Pat',
    profileImageUrl: null,
    creatorType: 'creator',
    totalSupportedCents: 3_500,
    currency: 'usd',
    lastSupportedAt: '2026-11-20T12:00:00.000Z',
    isRecurring: false,
    subscriptionId: null,
    onWall: false,
    ...overrides,
  };
}

/**
 * Sam's dashboard: $25/month to Pixel Pat (Nov 20) and a $10 one-off to him (Nov 13), $50 to Maya
 * (Nov 12) and $50 to Green Streets (Oct 15, a guest support).
 */
export function fakeDashboard(overrides: Partial<SupporterDashboard> = {}): SupporterDashboard {
  const subscription = fakeSubscription();
  return {
    totals: [{ currency: 'usd', totalSupportedCents: 13_500, thisMonthCents: 8_500 }],
    creatorsSupported: 3,
    recurringSupports: 1,
    creators: [
      fakeSupportedCreator({ isRecurring: true, subscriptionId: subscription.id }),
      fakeSupportedCreator({
        username: 'mayamakesart',
        displayName: 'Maya Okafor',
        creatorType: 'artist',
        totalSupportedCents: 5_000,
        lastSupportedAt: '2026-11-12T12:00:00.000Z',
      }),
      fakeSupportedCreator({
        username: 'greenstreets',
        displayName: 'Green Streets Collective',
        creatorType: 'nonprofit',
        totalSupportedCents: 5_000,
        lastSupportedAt: '2026-10-15T12:00:00.000Z',
      }),
    ],
    subscriptions: [subscription],
    history: [
      fakeSupport({
        amountCents: 2_500,
        isRecurring: true,
        message: 'Monthly bro reporting for duty.',
        createdAt: '2026-11-20T12:00:00.000Z',
      }),
      fakeSupport({ amountCents: 1_000, createdAt: '2026-11-13T12:00:00.000Z' }),
      fakeSupport({
        creatorUsername: 'mayamakesart',
        creatorDisplayName: 'Maya Okafor',
        amountCents: 5_000,
        createdAt: '2026-11-12T12:00:00.000Z',
      }),
      fakeSupport({
        creatorUsername: 'greenstreets',
        creatorDisplayName: 'Green Streets Collective',
        amountCents: 5_000,
        asGuest: true,
        createdAt: '2026-10-15T12:00:00.000Z',
      }),
    ],
    includesGuestSupports: true,
    ...overrides,
  };
}

export function emptyDashboard(): SupporterDashboard {
  return {
    totals: [],
    creatorsSupported: 0,
    recurringSupports: 0,
    creators: [],
    subscriptions: [],
    history: [],
    includesGuestSupports: false,
  };
}

export function fakeDiscoverItem(overrides: Partial<DiscoverItemDto> = {}): DiscoverItemDto {
  return {
    username: 'pixelpat',
    displayName: 'Pixel Pat',
    creatorType: 'creator',
    creatorTypeLabel: 'Content Creator',
    bioExcerpt: 'Variety streamer building a cozy, welcoming gaming community.',
    profileImageUrl: null,
    coverImageUrl: null,
    supporterCount: 186,
    goalPercent: 68,
    ...overrides,
  };
}

export const DISCOVER_CREATORS: readonly DiscoverItemDto[] = [
  fakeDiscoverItem(),
  fakeDiscoverItem({
    username: 'mayamakesart',
    displayName: 'Maya Okafor',
    creatorType: 'artist',
    creatorTypeLabel: 'Artist/Creative',
    bioExcerpt: 'Painter and illustrator turning neighbourhood stories into murals.',
    profileImageUrl: '/uploads/maya.webp',
    coverImageUrl: '/uploads/maya-cover.webp',
    supporterCount: null,
    goalPercent: 30,
  }),
  fakeDiscoverItem({
    username: 'greenstreets',
    displayName: 'Green Streets Collective',
    creatorType: 'nonprofit',
    creatorTypeLabel: 'Nonprofit/Social Impact',
    bioExcerpt: 'Volunteers planting shade trees on the hottest streets of our city.',
    supporterCount: 1,
    goalPercent: null,
  }),
];

export function fakeDiscoverResponse(
  items: readonly DiscoverItemDto[],
  overrides: Partial<DiscoverResponseDto> = {},
): DiscoverResponseDto {
  return { items: [...items], page: 1, pageSize: 12, total: items.length, ...overrides };
}

/** A creator's public page as GET /api/creators/:username answers it: what the change form reads (tiers, minimum). */
export function fakeCreatorProfile(overrides: Partial<PublicCreatorProfileDto> = {}): PublicCreatorProfileDto {
  return {
    username: 'pixelpat',
    displayName: 'Pixel Pat',
    bio: 'Pixel art, one tile at a time.',
    creatorType: 'creator',
    creatorTypeLabel: 'Creator',
    currency: 'usd',
    profileImageUrl: null,
    coverImageUrl: null,
    socialLinks: [],
    followers: 0,
    supporterCount: null,
    totalEarnedCents: null,
    monthlyEarnedCents: null,
    goal: null,
    tiers: defaultSupportTiers().map(({ position, name, emoji, description, perks, isRecurring, amountCents }) => ({
      position,
      name,
      emoji,
      description,
      perks,
      isRecurring,
      amountCents,
    })),
    minimumAmountCents: 300,
    acceptsMessages: true,
    recentSupports: [],
    achievements: [],
    wall: { entries: [], page: 1, pageCount: 1, total: 0 },
    viewer: { isOwner: false, isFollowing: false },
    ...overrides,
  };
}
