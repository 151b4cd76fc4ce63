import type { OwnCreatorProfileDto } from '@beabro/shared/api-schemas/creator-profile';
import { defaultSupportTiers } from '@beabro/shared/data/support-tiers';
import type { SessionUser } from '@beabro/shared/types/session-user';

let sequence = 0;

/** A session user; by default a supporter without a creator page. */
export function fakeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  sequence += 1;
  return {
    id: `6f1c1a52-52a8-4a57-9b3e-${String(sequence).padStart(12, '0')}`,
    email: `user${sequence}@example.com`,
    username: null,
    displayName: `User ${sequence}`,
    isCreator: false,
    userType: 'supporter',
    emailVerified: false,
    ...overrides,
  };
}

/** A creator who has onboarded (has a page). */
export function fakeCreator(overrides: Partial<SessionUser> = {}): SessionUser {
  return fakeUser({ username: `maker${sequence + 1}`, isCreator: true, userType: 'creator', ...overrides });
}

/** The owner's view of a freshly created creator page, as POST /api/creator-profile answers it. */
export function fakeOwnProfile(overrides: Partial<OwnCreatorProfileDto> = {}): OwnCreatorProfileDto {
  return {
    username: 'maya_makes',
    displayName: 'Maya Makes',
    bio: 'Painting murals for my town.',
    creatorType: 'artist',
    socialLinks: [],
    minimumAmountCents: 300,
    suggestedAmountsCents: [500, 1_500, 2_500, 5_000],
    goalTitle: '',
    goalAmountCents: null,
    country: null,
    currency: 'usd',
    currencyLocked: false,
    profileImageUrl: null,
    coverImageUrl: null,
    privacy: { showEarnings: false, showSupporterCount: true, allowMessages: true },
    tiers: defaultSupportTiers(),
    usernameChangeAvailableAt: null,
    ...overrides,
  };
}
