import type {
  ImageKind,
  OwnCreatorProfileDto,
  SupportTiersValues,
  UpdateCreatorProfileValues,
} from '@beabro/shared/api-schemas/creator-profile';
import { CREATOR_PROFILE_MESSAGES, usernameChangeTooSoonMessage } from '@beabro/shared/api-schemas/creator-profile';
import { isCreatorType } from '@beabro/shared/data/creator-types';
import { SUPPORTED_PAYOUT_COUNTRIES, USERNAME_CHANGE_INTERVAL_DAYS } from '@beabro/shared/data/defaults';
import { SOCIAL_PLATFORM_IDS, socialPlatformUrl } from '@beabro/shared/data/social-platforms';
import { defaultSupportTiers } from '@beabro/shared/data/support-tiers';
import { currencyForCountry, currencyRules } from '@beabro/shared/money/currencies';
import { dollarsToCents } from '@beabro/shared/money/dollars-to-cents';
import {
  minimumFitsSupportOptions,
  ONBOARDING_MESSAGES,
  toCreatorProfileDraft,
  type OnboardingValues,
} from '@beabro/shared/schemas/onboarding';
import type { Db } from '../../db/database';
import { AppError, fieldError, isUniqueViolation } from '../../lib/app-error';
import {
  deleteUploadedImage,
  ImageRejectedError,
  imageUrl,
  reencodeImage,
  saveImage,
  uploadedImagePath,
} from '../images/images-service';
import { findPayoutAccount } from '../payout-accounts/payout-accounts-repository';
import { PAYOUT_DESTINATION_MESSAGES } from '../payout-accounts/payout-destination';
import { findUsernameOwner, recordUsernameChange } from '../usernames/usernames-repository';
import {
  findOwnProfile,
  findTiers,
  currencyIsLocked,
  hasAnyProfile,
  insertProfile,
  lockOwnProfile,
  updateProfile,
  upsertTierAmounts,
  upsertTiers,
  type CreatorProfileChanges,
  type CreatorProfileRow,
  type SupportTierRow,
} from './creator-profile-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

const notFound = () => new AppError('not_found', CREATOR_PROFILE_MESSAGES.notFound);
const usernameNotAvailable = () => fieldError('username', ONBOARDING_MESSAGES.usernameNotAvailable);

/** When the username may next change, or null when it may change now. Creating the profile is not a change. */
export function nextUsernameChangeAt(changedAt: Date | null, now: Date): Date | null {
  if (!changedAt) return null;
  const at = new Date(changedAt.getTime() + USERNAME_CHANGE_INTERVAL_DAYS * DAY_MS);
  return at.getTime() > now.getTime() ? at : null;
}

export function toOwnCreatorProfile(
  profile: CreatorProfileRow,
  tierRows: readonly SupportTierRow[],
  currencyLocked: boolean,
  now: Date,
): OwnCreatorProfileDto {
  // Every profile has four tiers; a missing row (older data) shows its position's sample so the page still works.
  const tiers = defaultSupportTiers().map((sample) => {
    const position = sample.position;
    const row = tierRows.find((t) => t.position === position) ?? sample;
    return {
      position,
      name: row.name,
      emoji: row.emoji,
      description: row.description,
      perks: [...(row.perks ?? [])],
      isRecurring: row.isRecurring ?? false,
      amountCents: row.amountCents,
    };
  });
  const [a, b, c, d] = tiers.map((t) => t.amountCents) as [number, number, number, number];
  const stored = profile.socialLinks as Record<string, string | undefined>;
  const socialLinks = SOCIAL_PLATFORM_IDS.flatMap((platform) => {
    const handle = stored[platform];
    // Built here, never taken from storage: only a valid handle on the platform's own https host becomes a link.
    const url = handle ? socialPlatformUrl(platform, handle) : null;
    return handle && url ? [{ platform, handle, url }] : [];
  });
  return {
    username: profile.username,
    displayName: profile.displayName,
    bio: profile.bio,
    creatorType: isCreatorType(profile.creatorType) ? profile.creatorType : 'other',
    socialLinks,
    minimumAmountCents: profile.minimumAmountCents,
    suggestedAmountsCents: [a, b, c, d],
    goalTitle: profile.goalTitle,
    goalAmountCents: profile.goalAmountCents,
    country: profile.country,
    currency: profile.currency,
    currencyLocked,
    profileImageUrl: imageUrl(profile.profileImage),
    coverImageUrl: imageUrl(profile.coverImage),
    privacy: {
      showEarnings: profile.showEarnings,
      showSupporterCount: profile.showSupporterCount,
      allowMessages: profile.allowMessages,
    },
    tiers,
    usernameChangeAvailableAt: nextUsernameChangeAt(profile.usernameChangedAt, now)?.toISOString() ?? null,
  };
}

export async function getOwnCreatorProfile(db: Db, userId: string, now = new Date()): Promise<OwnCreatorProfileDto> {
  const profile = await findOwnProfile(db, userId);
  if (!profile) throw notFound();
  return toOwnCreatorProfile(profile, await findTiers(db, userId), await currencyIsLocked(db, userId), now);
}

/** Onboarding: the profile and its four tiers (the sample tiers at the creator's suggested amounts), at once. */
export async function createCreatorProfile(
  db: Db,
  userId: string,
  values: OnboardingValues,
  now = new Date(),
): Promise<OwnCreatorProfileDto> {
  const alreadyExists = () => new AppError('conflict', CREATOR_PROFILE_MESSAGES.alreadyExists);
  if (await hasAnyProfile(db, userId)) throw alreadyExists();
  // Taken since the check above by this user's own other submit (a double click) is that submit's page, not a
  // username someone else holds.
  if ((await findUsernameOwner(db, values.username)) !== undefined)
    throw (await hasAnyProfile(db, userId)) ? alreadyExists() : usernameNotAvailable();
  const draft = toCreatorProfileDraft(values);
  try {
    await db.transaction(async (tx) => {
      await insertProfile(tx, {
        userId,
        username: draft.username,
        displayName: draft.displayName,
        bio: draft.bio,
        creatorType: draft.creatorType,
        socialLinks: draft.socialLinks,
        minimumAmountCents: draft.minimumAmountCents,
        goalTitle: draft.goalTitle,
        goalAmountCents: draft.goalAmountCents,
        country: values.country ?? null,
        currency: currencyForCountry(values.country),
        showEarnings: values.showEarnings,
        createdAt: now,
        updatedAt: now,
      });
      await upsertTiers(tx, userId, defaultSupportTiers(draft.suggestedAmountsCents));
    });
  } catch (error) {
    // Lost a race: a double submit of the same user, or another user claiming the username at the same moment.
    if (isUniqueViolation(error)) {
      if (await hasAnyProfile(db, userId)) throw alreadyExists();
      throw usernameNotAvailable();
    }
    throw error;
  }
  return getOwnCreatorProfile(db, userId, now);
}

const countryName = (code: string) => SUPPORTED_PAYOUT_COUNTRIES.find((c) => c.code === code)?.name ?? code;

/** Settings: any subset of the fields, in one transaction; username changes at most once per interval. */
export async function updateCreatorProfile(
  db: Db,
  userId: string,
  values: UpdateCreatorProfileValues,
  now = new Date(),
): Promise<OwnCreatorProfileDto> {
  try {
    await db.transaction(async (tx) => {
      const profile = await lockOwnProfile(tx, userId);
      if (!profile) throw notFound();
      const changes: CreatorProfileChanges = {};
      if (values.username !== undefined && values.username !== profile.username) {
        const availableAt = nextUsernameChangeAt(profile.usernameChangedAt, now);
        if (availableAt) throw fieldError('username', usernameChangeTooSoonMessage(availableAt));
        const owner = await findUsernameOwner(tx, values.username);
        // A former username of this creator's own may be taken back; anyone else's is not available.
        if (owner !== undefined && owner !== userId) throw usernameNotAvailable();
        await recordUsernameChange(tx, userId, profile.username, values.username, now);
        changes.username = values.username;
        changes.usernameChangedAt = now;
      }
      if (values.displayName !== undefined) changes.displayName = values.displayName;
      if (values.bio !== undefined) changes.bio = values.bio;
      if (values.creatorType !== undefined) changes.creatorType = values.creatorType;
      if (values.socialLinks !== undefined) changes.socialLinks = values.socialLinks;
      if (values.minimumAmount !== undefined) changes.minimumAmountCents = dollarsToCents(values.minimumAmount);
      if (values.goalTitle !== undefined) changes.goalTitle = values.goalTitle;
      if (values.goalAmount !== undefined)
        changes.goalAmountCents = values.goalAmount === null ? null : dollarsToCents(values.goalAmount);
      if (values.country !== undefined && values.country !== profile.country) {
        // A connected Stripe account stays in its country (its currency and service agreement follow from it).
        const account = await findPayoutAccount(tx, userId);
        if (account && account.country !== values.country)
          throw fieldError('country', PAYOUT_DESTINATION_MESSAGES.countryLocked(countryName(account.country)));
        // The currency follows the country (decision 0015) until the creator has supports in it.
        const currency = currencyForCountry(values.country);
        if (currency !== profile.currency) {
          if (await currencyIsLocked(tx, userId))
            throw fieldError('country', CREATOR_PROFILE_MESSAGES.currencyLocked(currencyRules(profile.currency).name));
          changes.currency = currency;
        }
        changes.country = values.country;
      }
      if (values.showEarnings !== undefined) changes.showEarnings = values.showEarnings;
      if (values.showSupporterCount !== undefined) changes.showSupporterCount = values.showSupporterCount;
      if (values.allowMessages !== undefined) changes.allowMessages = values.allowMessages;
      if (values.minimumAmount !== undefined || values.suggestedAmounts !== undefined) {
        // The two may come apart (one form each): the result must still let every tier be paid.
        const minimumCents = changes.minimumAmountCents ?? profile.minimumAmountCents;
        const amountsCents =
          values.suggestedAmounts?.map(dollarsToCents) ?? (await findTiers(tx, userId)).map((t) => t.amountCents);
        if (!minimumFitsSupportOptions(minimumCents, amountsCents))
          throw fieldError('minimumAmount', ONBOARDING_MESSAGES.minimumAboveSupportOptions);
      }
      if (values.suggestedAmounts !== undefined) {
        await upsertTierAmounts(
          tx,
          userId,
          defaultSupportTiers(values.suggestedAmounts.map((dollars) => dollarsToCents(dollars))),
        );
      }
      await updateProfile(tx, userId, { ...changes, updatedAt: now });
    });
  } catch (error) {
    // Another creator took the username between our check and our write.
    if (isUniqueViolation(error)) throw usernameNotAvailable();
    throw error;
  }
  return getOwnCreatorProfile(db, userId, now);
}

const TIER_BELOW_MINIMUM = (minimumCents: number) =>
  `A tier cannot be below your minimum amount ($${minimumCents / 100}). Lower the minimum in Support Settings first.`;

/** Replaces all four tiers (name, emoji, perks, amount...) in display order; none below the minimum. */
export async function updateSupportTiers(
  db: Db,
  userId: string,
  values: SupportTiersValues,
  now = new Date(),
): Promise<OwnCreatorProfileDto> {
  await db.transaction(async (tx) => {
    const profile = await lockOwnProfile(tx, userId);
    if (!profile) throw notFound();
    const tooLow = values.tiers.findIndex((tier) => dollarsToCents(tier.amount) < profile.minimumAmountCents);
    if (tooLow !== -1) throw fieldError(`tiers.${tooLow}.amount`, TIER_BELOW_MINIMUM(profile.minimumAmountCents));
    await upsertTiers(
      tx,
      userId,
      values.tiers.map((tier, position) => ({
        position,
        name: tier.name,
        emoji: tier.emoji,
        description: tier.description,
        perks: tier.perks,
        isRecurring: tier.isRecurring,
        amountCents: dollarsToCents(tier.amount),
      })),
    );
    await updateProfile(tx, userId, { updatedAt: now });
  });
  return getOwnCreatorProfile(db, userId, now);
}

const IMAGE_COLUMN = { profile: 'profileImage', cover: 'coverImage' } as const satisfies Record<
  ImageKind,
  keyof CreatorProfileRow
>;

/**
 * Stores an uploaded image (PNG, JPEG or WebP by its content) as the profile or cover image and removes the
 * one it replaces. The file is written first and removed again if the profile cannot take it.
 */
export async function setProfileImage(
  db: Db,
  dir: string,
  userId: string,
  kind: ImageKind,
  bytes: Uint8Array,
  now = new Date(),
): Promise<OwnCreatorProfileDto> {
  let image;
  try {
    image = await reencodeImage(bytes);
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    const message = {
      type: CREATOR_PROFILE_MESSAGES.imageType,
      dimensions: CREATOR_PROFILE_MESSAGES.imageDimensions,
      unreadable: CREATOR_PROFILE_MESSAGES.imageUnreadable,
    }[error.problem];
    throw fieldError('file', message);
  }
  const stored = uploadedImagePath(await saveImage(dir, image.bytes, image.type));
  let previous: string | null;
  try {
    previous = await db.transaction(async (tx) => {
      const profile = await lockOwnProfile(tx, userId);
      if (!profile) throw notFound();
      await updateProfile(tx, userId, { [IMAGE_COLUMN[kind]]: stored, updatedAt: now });
      return profile[IMAGE_COLUMN[kind]];
    });
  } catch (error) {
    await deleteUploadedImage(dir, stored);
    throw error;
  }
  // Only after the commit: until then the old file was still the one in use.
  await deleteUploadedImage(dir, previous);
  return getOwnCreatorProfile(db, userId, now);
}

export async function removeProfileImage(
  db: Db,
  dir: string,
  userId: string,
  kind: ImageKind,
  now = new Date(),
): Promise<OwnCreatorProfileDto> {
  const previous = await db.transaction(async (tx) => {
    const profile = await lockOwnProfile(tx, userId);
    if (!profile) throw notFound();
    await updateProfile(tx, userId, { [IMAGE_COLUMN[kind]]: null, updatedAt: now });
    return profile[IMAGE_COLUMN[kind]];
  });
  await deleteUploadedImage(dir, previous);
  return getOwnCreatorProfile(db, userId, now);
}
