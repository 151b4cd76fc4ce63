import type { CreatorAnalytics } from '@beabro/shared/api-schemas/analytics';
import type { OwnCreatorProfileDto } from '@beabro/shared/api-schemas/creator-profile';
import type { CreatorDashboard } from '@beabro/shared/api-schemas/dashboards';
import type { CreatorPayoutsResponse } from '@beabro/shared/api-schemas/payouts';
import type { SessionUser } from '@beabro/shared/types/session-user';

/*
 * Test data shaped exactly like the API's answers (typed by the shared schemas), with numbers a test can
 * check by hand. Each factory takes overrides.
 */

export function sampleUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: '3f1c2b9e-7d4a-4c1e-9b8a-1a2b3c4d5e6f',
    email: 'pat@example.com',
    username: 'pixelpat',
    displayName: 'Pixel Pat',
    isCreator: true,
    userType: 'creator',
    emailVerified: true,
    ...overrides,
  };
}

export function sampleProfile(overrides: Partial<OwnCreatorProfileDto> = {}): OwnCreatorProfileDto {
  return {
    username: 'pixelpat',
    displayName: 'Pixel Pat',
    bio: 'Variety streamer.',
    creatorType: 'creator',
    socialLinks: [{ platform: 'twitch', handle: 'pixelpat_live', url: 'https://www.twitch.tv/pixelpat_live' }],
    minimumAmountCents: 300,
    suggestedAmountsCents: [500, 1_500, 2_500, 5_000],
    goalTitle: 'New streaming setup',
    goalAmountCents: 200_000,
    country: 'US',
    currency: 'usd',
    currencyLocked: true,
    profileImageUrl: null,
    coverImageUrl: null,
    privacy: { showEarnings: false, showSupporterCount: true, allowMessages: true },
    tiers: [
      {
        position: 0,
        name: 'Support the Mission',
        emoji: '🤝',
        description: 'A boost.',
        perks: ['A heartfelt thank-you'],
        isRecurring: false,
        amountCents: 500,
      },
      {
        position: 1,
        name: 'Fuel the Journey',
        emoji: '⚡',
        description: 'Keeps the lights on.',
        perks: [],
        isRecurring: false,
        amountCents: 1_500,
      },
      {
        position: 2,
        name: 'True Believer',
        emoji: '💎',
        description: 'Monthly.',
        perks: ['Early access'],
        isRecurring: true,
        amountCents: 2_500,
      },
      {
        position: 3,
        name: 'Mission Champion',
        emoji: '🏆',
        description: 'A milestone.',
        perks: [],
        isRecurring: false,
        amountCents: 5_000,
      },
    ],
    usernameChangeAvailableAt: null,
    ...overrides,
  };
}

export function sampleDashboard(overrides: Partial<CreatorDashboard> = {}): CreatorDashboard {
  return {
    currency: 'usd',
    totalEarnings: { grossCents: 29_800, netCents: 27_082 },
    thisMonth: { grossCents: 15_300, netCents: 13_900 },
    lastMonth: { grossCents: 14_500, netCents: 13_200 },
    growthRatePercent: 5.5,
    totalSupporters: 11,
    newSupporters: 8,
    recurringSupports: 2,
    pausedSupports: 1,
    retryingSupports: 0,
    viewsWindowDays: 30,
    profileViews: 120,
    supportPageViews: 40,
    conversionRatePercent: 25,
    goal: { title: 'New streaming setup', amountCents: 200_000, raisedCents: 29_800, percent: 15, supporterCount: 11 },
    recentSupports: [
      {
        id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01',
        name: 'Jordan',
        amountCents: 500,
        currency: 'usd',
        creatorNetCents: 430,
        message: 'Loved the stream!',
        isAnonymous: false,
        isRecurring: false,
        isRenewal: false,
        createdAt: '2025-06-15T08:00:00.000Z',
        platformFeeCents: 25,
        processingFeeCents: 45,
        refundedCents: 0,
        platformFeeReturnedCents: 0,
        refundableCents: 500,
        subscriptionActive: false,
        wall: 'shown',
      },
      {
        id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a02',
        name: null,
        amountCents: 1_500,
        currency: 'usd',
        creatorNetCents: 1_351,
        message: '',
        isAnonymous: true,
        isRecurring: true,
        isRenewal: false,
        createdAt: '2025-06-14T08:00:00.000Z',
        platformFeeCents: 75,
        processingFeeCents: 74,
        refundedCents: 0,
        platformFeeReturnedCents: 0,
        refundableCents: 1_500,
        subscriptionActive: true,
        wall: null,
      },
    ],
    balanceCents: 11_330,
    nextPayout: {
      scheduledFor: '2025-06-17',
      weekStart: '2025-06-09',
      weekEnd: '2025-06-15',
      estimatedAmountCents: 11_330,
      holdReason: null,
    },
    ...overrides,
  };
}

export function samplePayouts(overrides: Partial<CreatorPayoutsResponse> = {}): CreatorPayoutsResponse {
  return {
    currency: 'usd',
    balanceCents: 11_330,
    payoutCountry: 'US',
    payoutCountrySupported: true,
    paidBy: 'platform',
    nextPayout: {
      scheduledFor: '2025-06-17',
      weekStart: '2025-06-09',
      weekEnd: '2025-06-15',
      estimatedAmountCents: 11_330,
      holdReason: null,
    },
    payouts: [
      {
        id: '7a0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01',
        weekStart: '2025-06-02',
        weekEnd: '2025-06-08',
        amountCents: 15_752,
        currency: 'usd',
        status: 'paid',
        holdReason: null,
        paidAt: '2025-06-10T09:00:00.000Z',
        arrivalDate: null,
        failureCode: null,
        failureMessage: null,
        createdAt: '2025-06-10T09:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function sampleAnalytics(overrides: Partial<CreatorAnalytics> = {}): CreatorAnalytics {
  return {
    currency: 'usd',
    period: '30d',
    range: { start: '2025-05-17', end: '2025-06-15', previousStart: '2025-04-17', previousEnd: '2025-05-16' },
    summary: {
      grossCents: 25_300,
      netCents: 22_998,
      supports: 10,
      supporters: 9,
      newSupporters: 9,
      averageSupportCents: 2_530,
      recurringSupports: 2,
      pausedSupports: 0,
      previous: { grossCents: 4_500, netCents: 4_084, supports: 2, supporters: 2 },
      change: { grossPercent: 462.2, supportsPercent: 400, supportersPercent: 350 },
    },
    earnings: {
      granularity: 'month',
      buckets: [
        { start: '2025-04-01', end: '2025-04-30', grossCents: 5_000, netCents: 4_500, supports: 1 },
        { start: '2025-05-01', end: '2025-05-31', grossCents: 0, netCents: 0, supports: 0 },
        { start: '2025-06-01', end: '2025-06-15', grossCents: 20_000, netCents: 18_000, supports: 4 },
      ],
    },
    supportsByAmount: [
      { range: '$1-5', minCents: 100, maxCents: 500, count: 3, percentage: 30 },
      { range: '$6-15', minCents: 501, maxCents: 1_500, count: 3, percentage: 30 },
      { range: '$16-25', minCents: 1_501, maxCents: 2_500, count: 2, percentage: 20 },
      { range: '$26-50', minCents: 2_501, maxCents: 5_000, count: 1, percentage: 10 },
      { range: '$51+', minCents: 5_001, maxCents: null, count: 1, percentage: 10 },
    ],
    topSupporters: [
      {
        kind: 'supporter',
        name: 'Casey Nguyen',
        totalSupportCents: 10_000,
        supports: 1,
        isRecurring: false,
        lastSupportAt: '2025-05-20T10:00:00.000Z',
      },
      {
        kind: 'anonymous',
        name: 'Anonymous',
        totalSupportCents: 2_500,
        supports: 2,
        isRecurring: false,
        lastSupportAt: '2025-06-14T10:00:00.000Z',
      },
      {
        kind: 'supporter',
        name: 'Sam K.',
        totalSupportCents: 2_500,
        supports: 1,
        isRecurring: true,
        lastSupportAt: '2025-06-15T00:00:00.000Z',
      },
    ],
    recentActivity: [
      { type: 'goal_reached', date: '2025-06-15T09:00:00.000Z', goalName: 'New mic', goalAmountCents: 20_000 },
      { type: 'new_supporter', date: '2025-06-15T09:00:00.000Z', supporter: 'Jordan', isAnonymous: false },
      {
        type: 'support',
        date: '2025-06-15T09:00:00.000Z',
        amountCents: 500,
        supporter: 'Jordan',
        isAnonymous: false,
        isRecurring: false,
        isRenewal: false,
      },
      {
        type: 'support',
        date: '2025-06-14T09:00:00.000Z',
        amountCents: 1_500,
        supporter: null,
        isAnonymous: true,
        isRecurring: true,
        isRenewal: false,
      },
    ],
    traffic: {
      profileViews: 120,
      supportPageViews: 40,
      checkouts: 10,
      conversionRatePercent: 25,
      previous: { profileViews: 80, supportPageViews: 20 },
    },
    ...overrides,
  };
}
