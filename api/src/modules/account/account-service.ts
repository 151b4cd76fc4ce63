import {
  ACCOUNT_MESSAGES,
  type AccountProfileValues,
  type ChangeEmailValues,
  type NotificationSettingsPatch,
} from '@beabro/shared/api-schemas/account';
import type { ChangePasswordValues, NotificationSettingsValues } from '@beabro/shared/schemas/settings';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { Db } from '../../db/database';
import { AppError, fieldError, isUniqueViolation } from '../../lib/app-error';
import { EMAIL_TAKEN_MESSAGE } from '../auth/auth-service';
import { hashPassword } from '../users/password-hasher';
import { revokeAllSessions } from '../sessions/session-service';
import { findUserByEmail, findUserById, loadSessionUser } from '../users/user-repository';
import { SIGN_IN_REQUIRED } from '../../lib/messages';
import { enqueueVerificationEmail } from '../email-verification/email-verification-service';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { forgetSignInIps } from '../rate-limit/sign-in-throttle';
import { endSubscriptionsOfDeletedUser } from '../subscriptions/subscriptions-repository';
import { deleteTwoFactorData } from '../two-factor/two-factor-repository';
import { deleteEndpointsOfCreator } from '../webhooks/webhooks-repository';
import {
  anonymiseUser,
  deleteFollowsOf,
  detachSupportsOf,
  findNotificationSettings,
  softDeleteCreatorProfile,
  updateNotificationSettingsRow,
  updateUserDisplayName,
  updateUserEmail,
  updateUserPasswordHash,
} from './account-repository';
import { passwordIncorrect, verifyCurrentPassword } from '../users/verify-current-password';

/** What a deleted account is called wherever its id still shows up (e.g. the ledger). */
export const DELETED_USER_DISPLAY_NAME = 'Deleted user';

/** A new address starts unverified and gets a verification link (`linkOrigin` is the site origin for it). */
export async function changeEmail(
  db: Db,
  userId: string,
  input: ChangeEmailValues,
  linkOrigin: string,
): Promise<SessionUser> {
  const email = input.email.toLowerCase();
  // Its own address: nothing would change and no link would go out (this tells a borrowed session nothing).
  const own = await findUserById(db, userId);
  if (own?.email?.toLowerCase() === email) throw fieldError('email', ACCOUNT_MESSAGES.sameEmail);
  // Password first: the "email taken" answer must not let a borrowed session probe which emails have accounts.
  const current = await verifyCurrentPassword(db, userId, input.password, 'password');
  const owner = await findUserByEmail(db, email);
  if (owner && owner.id !== userId) throw fieldError('email', EMAIL_TAKEN_MESSAGE);
  try {
    await db.transaction(async (tx) => {
      if (!(await updateUserEmail(tx, userId, email))) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
      // With the change, so the new address never exists without its link being on the way.
      if (current.email !== email)
        await enqueueVerificationEmail(tx, { userId, email, displayName: current.displayName }, linkOrigin);
    });
  } catch (error) {
    // Another account took the address between the check and the update: the unique index decides.
    if (isUniqueViolation(error, 'users_email_key')) throw fieldError('email', EMAIL_TAKEN_MESSAGE);
    throw error;
  }
  const user = await loadSessionUser(db, userId);
  if (!user) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  return user;
}

/** Renaming is cheap but written: enough for anyone fixing a typo, not for a script hammering the table. */
export const ACCOUNT_PROFILE_LIMIT = {
  name: 'account:profile',
  limit: 30,
  windowSeconds: 15 * 60,
} satisfies RateLimitRule;

/** The account's own name (a supporter's Settings > Profile): what checkout fills in and creators may see. */
export async function updateAccountProfile(db: Db, userId: string, input: AccountProfileValues): Promise<SessionUser> {
  await consumeRateLimit(db, ACCOUNT_PROFILE_LIMIT, userId);
  if (!(await updateUserDisplayName(db, userId, input.displayName)))
    throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  const user = await loadSessionUser(db, userId);
  if (!user) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  return user;
}

/** New argon2id hash, and every other session signed out (whoever may know the old password); this one stays. */
export async function changePassword(
  db: Db,
  userId: string,
  currentSessionId: string,
  input: ChangePasswordValues,
): Promise<void> {
  const user = await verifyCurrentPassword(db, userId, input.currentPassword, 'currentPassword');
  const newHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    // The hash changed since it was verified (a concurrent change): the password given is no longer current.
    if (!(await updateUserPasswordHash(tx, userId, user.passwordHash, newHash)))
      throw passwordIncorrect('currentPassword');
    await revokeAllSessions(tx, userId, { except: currentSessionId });
  });
}

/**
 * Deletes the account in one transaction: signed out everywhere, profile hidden for good, follows gone,
 * monthly supports ended, supports kept for the ledger but detached from the person, the networks it
 * signed in from and its two-factor secret and recovery codes forgotten, and the user row stripped of personal data.
 */
export async function deleteAccount(db: Db, userId: string, password: string, now = new Date()): Promise<void> {
  const user = await verifyCurrentPassword(db, userId, password, 'password');
  const verifiedEmail = user.emailVerifiedAt && user.email ? user.email : null;
  await db.transaction(async (tx) => {
    // First, so the row is locked and a concurrent password change or deletion cannot interleave.
    if (!(await anonymiseUser(tx, userId, user.passwordHash, DELETED_USER_DISPLAY_NAME, now)))
      throw passwordIncorrect('password');
    await revokeAllSessions(tx, userId, {}, now);
    await softDeleteCreatorProfile(tx, userId, now);
    await deleteFollowsOf(tx, userId);
    await endSubscriptionsOfDeletedUser(tx, userId, now);
    await detachSupportsOf(tx, userId, verifiedEmail);
    await forgetSignInIps(tx, userId);
    await deleteTwoFactorData(tx, userId);
    await deleteEndpointsOfCreator(tx, userId);
  });
}

export async function getNotificationSettings(db: Db, userId: string): Promise<NotificationSettingsValues> {
  const settings = await findNotificationSettings(db, userId);
  if (!settings) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  return settings;
}

/** Writes only the toggles given, in one UPDATE, so two tabs switching different toggles do not undo each other. */
export async function updateNotificationSettings(
  db: Db,
  userId: string,
  patch: NotificationSettingsPatch,
): Promise<NotificationSettingsValues> {
  const settings = await updateNotificationSettingsRow(db, userId, patch);
  if (!settings) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  return settings;
}
