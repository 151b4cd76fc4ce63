// Sample answers of the money endpoints, shared by the client-call tests (tests only).
import type { CheckoutReceipt } from '@beabro/shared/api-schemas/checkout';
import type { CreatorDashboard, SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import type { CreatorPayoutsResponse } from '@beabro/shared/api-schemas/payouts';
import type { SubscriptionDto } from '@beabro/shared/api-schemas/subscriptions';

export const SAMPLE_SUBSCRIPTION: SubscriptionDto = {
  id: '6a1f8c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b',
  creatorUsername: 'greenstreets',
  creatorDisplayName: 'Green Streets',
  amountCents: 2_500,
  tierPosition: null,
  status: 'active',
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2026-12-21T10:00:00.000Z',
  pausedUntil: null,
  nextChargeAt: '2026-12-21T10:00:00.000Z',
  endsAt: null,
  needsConfirmation: false,
};

export const SAMPLE_RECEIPT: CheckoutReceipt = {
  supportId: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01',
  creatorUsername: 'greenstreets',
  creatorDisplayName: 'Green Streets',
  amountCents: 2_500,
  platformFeeCents: 125,
  processingFeeCents: 103,
  creatorNetCents: 2_272,
  isRecurring: true,
  subscriptionId: SAMPLE_SUBSCRIPTION.id,
  nextChargeAt: '2026-12-21T10:00:00.000Z',
  cardBrand: 'Visa',
  cardLast4: '4242',
  receiptEmail: 'bro@example.com',
  createdAt: '2026-11-21T10:00:00.000Z',
  replayed: false,
};

const NEXT_PAYOUT = {
  scheduledFor: '2026-11-24',
  weekStart: '2026-11-16',
  weekEnd: '2026-11-22',
  estimatedAmountCents: 2_272,
  holdReason: null,
};

export const SAMPLE_CREATOR_DASHBOARD: CreatorDashboard = {
  totalEarnings: { grossCents: 7_500, netCents: 6_700 },
  thisMonth: { grossCents: 4_500, netCents: 4_000 },
  lastMonth: { grossCents: 3_000, netCents: 2_700 },
  growthRatePercent: 50,
  totalSupporters: 4,
  newSupporters: 2,
  recurringSupports: 1,
  pausedSupports: 0,
  retryingSupports: 0,
  viewsWindowDays: 30,
  profileViews: 100,
  supportPageViews: 40,
  conversionRatePercent: 7.5,
  goal: { title: 'New camera', amountCents: 10_000, raisedCents: 7_500, percent: 75, supporterCount: 4 },
  recentSupports: [
    {
      id: SAMPLE_RECEIPT.supportId,
      name: null,
      amountCents: 500,
      creatorNetCents: 430,
      message: '',
      isAnonymous: true,
      isRecurring: false,
      isRenewal: false,
      createdAt: '2026-11-10T10:00:00.000Z',
      platformFeeCents: 25,
      processingFeeCents: 45,
      refundedCents: 0,
      platformFeeReturnedCents: 0,
      refundableCents: 500,
      subscriptionActive: false,
      wall: null,
    },
  ],
  balanceCents: 6_700,
  nextPayout: NEXT_PAYOUT,
};

export const SAMPLE_SUPPORTER_DASHBOARD: SupporterDashboard = {
  totalSupportedCents: 3_000,
  creatorsSupported: 2,
  thisMonthCents: 2_500,
  recurringSupports: 1,
  creators: [
    {
      username: 'greenstreets',
      displayName: 'Green Streets',
      profileImageUrl: null,
      creatorType: 'changemaker',
      totalSupportedCents: 2_500,
      lastSupportedAt: '2026-11-21T10:00:00.000Z',
      isRecurring: true,
      subscriptionId: SAMPLE_SUBSCRIPTION.id,
      onWall: false,
    },
  ],
  subscriptions: [SAMPLE_SUBSCRIPTION],
  history: [
    {
      id: SAMPLE_RECEIPT.supportId,
      creatorUsername: 'greenstreets',
      creatorDisplayName: 'Green Streets',
      amountCents: 2_500,
      platformFeeCents: 125,
      processingFeeCents: 103,
      creatorNetCents: 2_272,
      message: 'One more tree!',
      isAnonymous: false,
      isRecurring: true,
      isRenewal: false,
      asGuest: false,
      refundedCents: 0,
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  includesGuestSupports: true,
};

export const SAMPLE_PAYOUTS: CreatorPayoutsResponse = {
  balanceCents: 2_272,
  payoutCountry: 'DE',
  payoutCountrySupported: false,
  paidBy: 'platform',
  nextPayout: { ...NEXT_PAYOUT, holdReason: 'Payouts are held: DE is not a supported payout country yet.' },
  payouts: [
    {
      id: '7b2e9d3f-4c5e-4f6a-9b0c-1d2e3f4a5b6c',
      weekStart: '2026-11-09',
      weekEnd: '2026-11-15',
      amountCents: 1_000,
      currency: 'usd',
      status: 'held',
      holdReason: 'Payouts are held: DE is not a supported payout country yet.',
      paidAt: null,
      arrivalDate: null,
      failureCode: null,
      failureMessage: null,
      createdAt: '2026-11-17T10:00:00.000Z',
    },
  ],
};

/** With Stripe: Stripe's payouts to the creator's bank (no week, the bank's currency), and the balance as estimate. */
export const SAMPLE_STRIPE_PAYOUTS: CreatorPayoutsResponse = {
  balanceCents: 4_544,
  payoutCountry: 'AU',
  payoutCountrySupported: true,
  paidBy: 'stripe',
  nextPayout: { ...NEXT_PAYOUT, weekStart: null, weekEnd: null, estimatedAmountCents: 4_544 },
  payouts: [
    {
      id: 'po_1QxAbc2eZvKYlo2C',
      weekStart: null,
      weekEnd: null,
      amountCents: 3_410,
      currency: 'aud',
      status: 'in_transit',
      holdReason: null,
      paidAt: null,
      arrivalDate: '2026-11-20T00:00:00.000Z',
      failureCode: null,
      failureMessage: null,
      createdAt: '2026-11-17T10:00:00.000Z',
    },
    {
      id: 'po_1QwXyz2eZvKYlo2C',
      weekStart: null,
      weekEnd: null,
      amountCents: 2_890,
      currency: 'aud',
      status: 'failed',
      holdReason: null,
      paidAt: null,
      arrivalDate: '2026-11-13T00:00:00.000Z',
      failureCode: 'account_closed',
      failureMessage: 'The bank account has been closed.',
      createdAt: '2026-11-10T10:00:00.000Z',
    },
  ],
};
