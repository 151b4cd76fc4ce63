import type { OwnCreatorProfileDto, UpdateCreatorProfileInput } from '@beabro/shared/api-schemas/creator-profile';
import { SOCIAL_PLATFORM_IDS } from '@beabro/shared/data/social-platforms';
import type { CreatorType } from '@beabro/shared/data/creator-types';
import type { SocialPlatform } from '@beabro/shared/data/social-platforms';

/** What the Profile tab's inputs hold: text exactly as typed. */
export interface ProfileFormValues {
  displayName: string;
  username: string;
  bio: string;
  creatorType: CreatorType;
  socialLinks: Record<SocialPlatform, string>;
}

export function profileFormValues(profile: OwnCreatorProfileDto): ProfileFormValues {
  const socialLinks = Object.fromEntries(SOCIAL_PLATFORM_IDS.map((id) => [id, ''])) as Record<SocialPlatform, string>;
  for (const link of profile.socialLinks) socialLinks[link.platform] = link.handle;
  return {
    displayName: profile.displayName,
    username: profile.username,
    bio: profile.bio,
    creatorType: profile.creatorType,
    socialLinks,
  };
}

/**
 * The PATCH body. The username is sent only when it changed, since sending it at all would count as a
 * change for the once-every-30-days rule; every social field is sent, so a cleared one is unlinked.
 */
export function profilePatch(values: ProfileFormValues, saved: OwnCreatorProfileDto): UpdateCreatorProfileInput {
  const patch: UpdateCreatorProfileInput = {
    displayName: values.displayName,
    bio: values.bio,
    creatorType: values.creatorType,
    socialLinks: { ...values.socialLinks },
  };
  if (values.username.trim().toLowerCase() !== saved.username) patch.username = values.username;
  return patch;
}
