import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  RECOVERY_CODE_PATTERN,
  TWO_FACTOR_MESSAGES,
  type ConfirmTwoFactorValues,
  type EnableTwoFactorValues,
  type TwoFactorSetup,
  type TwoFactorSignInValues,
  type TwoFactorStatus,
} from '@beabro/shared/api-schemas/two-factor';
import type { Db } from '../../db/database';
import { AppError, fieldError } from '../../lib/app-error';
import { SIGN_IN_REQUIRED } from '../../lib/messages';
import { revokeAllSessions } from '../sessions/session-service';
import { findUserById } from '../users/user-repository';
import { enqueueEmail } from '../email/email-outbox';
import { verifyDeviceToken } from '../rate-limit/device-cookie';
import { reserveSignInAttempt } from '../rate-limit/sign-in-throttle';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes';
import { twoFactorDisabledEmail, twoFactorEnabledEmail } from './two-factor-emails';
import {
  claimTimeStep,
  consumeChallenge,
  countUnusedRecoveryCodes,
  deleteTwoFactorData,
  findLiveChallenge,
  findTwoFactorCredentials,
  markTwoFactorEnabled,
  takeChallengeTry,
  replaceRecoveryCodes,
  savePendingSetup,
  type TwoFactorCredentialsRow,
  useRecoveryCode,
} from './two-factor-repository';
import { hashChallenge } from './sign-in-challenge';
import { decryptTwoFactorSecret, encryptTwoFactorSecret } from './two-factor-secret-box';
import { verifyCurrentPassword } from '../users/verify-current-password';

export const TWO_FACTOR_ISSUER = 'Be a Bro';
/** Wrong codes one challenge takes before the password must be entered again. */
export const CHALLENGE_MAX_FAILURES = 5;
/** Codes of the previous and the next 30-second step are accepted too (clock drift, typing time). */
const EPOCH_TOLERANCE_SECONDS = 30;

const codeError = (message: string) => fieldError('code', message);
const challengeInvalid = () => new AppError('unauthenticated', TWO_FACTOR_MESSAGES.challengeInvalid);

/** The TOTP time step `code` belongs to, or null when it is not a current code of `secret`. */
export async function matchTotpCode(secret: string, code: string, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: EPOCH_TOLERANCE_SECONDS,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export async function getTwoFactorStatus(db: Db, userId: string): Promise<TwoFactorStatus> {
  const credentials = await findTwoFactorCredentials(db, userId);
  const enabledAt = credentials?.enabledAt ?? null;
  return {
    enabled: enabledAt !== null,
    enabledAt: enabledAt?.toISOString() ?? null,
    recoveryCodesLeft: enabledAt ? await countUnusedRecoveryCodes(db, userId) : 0,
  };
}

/** A new secret, waiting for its first code (a set-up started earlier and not confirmed is replaced). */
export async function startTwoFactorSetup(
  db: Db,
  appSecret: string,
  userId: string,
  now = new Date(),
): Promise<TwoFactorSetup> {
  const user = await findUserById(db, userId);
  if (!user?.email) throw new AppError('unauthenticated', SIGN_IN_REQUIRED);
  const secret = generateSecret();
  if (!(await savePendingSetup(db, userId, encryptTwoFactorSecret(appSecret, secret), now)))
    throw new AppError('conflict', TWO_FACTOR_MESSAGES.alreadyEnabled);
  const otpauthUrl = generateURI({ issuer: TWO_FACTOR_ISSUER, label: user.email, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUrl, qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * Confirms the set-up with the password and a first code: two-factor sign-in is on, ten recovery codes
 * are made (returned this once), every other session is signed out and the owner is emailed.
 */
export async function enableTwoFactor(
  db: Db,
  appSecret: string,
  userId: string,
  currentSessionId: string,
  input: EnableTwoFactorValues,
  origin: string,
  now = new Date(),
): Promise<string[]> {
  const user = await verifyCurrentPassword(db, userId, input.password, 'password');
  const credentials = await findTwoFactorCredentials(db, userId);
  if (credentials?.enabledAt) throw new AppError('conflict', TWO_FACTOR_MESSAGES.alreadyEnabled);
  const secret = credentials ? decryptTwoFactorSecret(appSecret, credentials.secretEncrypted) : null;
  if (!credentials || !secret) throw codeError(TWO_FACTOR_MESSAGES.setupMissing);
  const timeStep = await matchTotpCode(secret, input.code, now);
  if (timeStep === null) throw codeError(TWO_FACTOR_MESSAGES.codeInvalid);
  const recoveryCodes = generateRecoveryCodes();
  await db.transaction(async (tx) => {
    // Compare-and-set on the secret the code was checked against: a set-up restarted meanwhile wins.
    if (!(await markTwoFactorEnabled(tx, userId, credentials.secretEncrypted, timeStep, now)))
      throw codeError(TWO_FACTOR_MESSAGES.setupMissing);
    await replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode));
    await revokeAllSessions(tx, userId, { except: currentSessionId }, now);
    if (user.email)
      await enqueueEmail(
        tx,
        await twoFactorEnabledEmail({ userId, email: user.email, displayName: user.displayName }, now, origin),
      );
  });
  return recoveryCodes;
}

/**
 * Checks a code of an account with two-factor sign-in on: a TOTP code (each time step once) or an unused
 * recovery code (used up). Throws the field message when it is wrong.
 */
async function useSecondFactor(
  db: Db,
  appSecret: string,
  credentials: TwoFactorCredentialsRow,
  code: string,
  now: Date,
): Promise<void> {
  const userId = credentials.userId;
  if (RECOVERY_CODE_PATTERN.test(code)) {
    if (!(await useRecoveryCode(db, userId, hashRecoveryCode(code), now)))
      throw codeError(TWO_FACTOR_MESSAGES.codeOrRecoveryInvalid);
    return;
  }
  const secret = decryptTwoFactorSecret(appSecret, credentials.secretEncrypted);
  const timeStep = secret ? await matchTotpCode(secret, code, now) : null;
  if (timeStep === null) throw codeError(TWO_FACTOR_MESSAGES.codeOrRecoveryInvalid);
  if (!(await claimTimeStep(db, userId, timeStep))) throw codeError(TWO_FACTOR_MESSAGES.codeAlreadyUsed);
}

async function enabledCredentials(db: Db, userId: string): Promise<TwoFactorCredentialsRow> {
  const credentials = await findTwoFactorCredentials(db, userId);
  if (!credentials?.enabledAt) throw new AppError('conflict', TWO_FACTOR_MESSAGES.notEnabled);
  return credentials;
}

/** Turns two-factor sign-in off (password and a code or recovery code); the owner is emailed. */
export async function disableTwoFactor(
  db: Db,
  appSecret: string,
  userId: string,
  input: ConfirmTwoFactorValues,
  origin: string,
  now = new Date(),
): Promise<void> {
  const user = await verifyCurrentPassword(db, userId, input.password, 'password');
  const credentials = await enabledCredentials(db, userId);
  await db.transaction(async (tx) => {
    await useSecondFactor(tx, appSecret, credentials, input.code, now);
    if (!(await deleteTwoFactorData(tx, userId))) throw new AppError('conflict', TWO_FACTOR_MESSAGES.notEnabled);
    if (user.email)
      await enqueueEmail(
        tx,
        await twoFactorDisabledEmail({ userId, email: user.email, displayName: user.displayName }, now, origin),
      );
  });
}

/** Ten new recovery codes (password and a code or recovery code); the old ones stop working. */
export async function regenerateRecoveryCodes(
  db: Db,
  appSecret: string,
  userId: string,
  input: ConfirmTwoFactorValues,
  now = new Date(),
): Promise<string[]> {
  await verifyCurrentPassword(db, userId, input.password, 'password');
  const credentials = await enabledCredentials(db, userId);
  const recoveryCodes = generateRecoveryCodes();
  await db.transaction(async (tx) => {
    await useSecondFactor(tx, appSecret, credentials, input.code, now);
    await replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode));
  });
  return recoveryCodes;
}

/**
 * The second step of sign-in. Wrong codes count against the sign-in limits like wrong passwords, and a
 * challenge takes CHALLENGE_MAX_FAILURES of them; a right code uses the challenge up. Returns the user id.
 */
export async function completeTwoFactorSignIn(
  db: Db,
  appSecret: string,
  input: TwoFactorSignInValues,
  ip: string,
  now = new Date(),
  deviceToken?: string,
): Promise<{ userId: string; email: string }> {
  const challenge = await findLiveChallenge(db, hashChallenge(input.challenge), now);
  if (!challenge || challenge.failedAttempts >= CHALLENGE_MAX_FAILURES) throw challengeInvalid();
  const user = await findUserById(db, challenge.userId);
  const credentials = await findTwoFactorCredentials(db, challenge.userId);
  if (!user?.email || !credentials?.enabledAt) throw challengeInvalid();
  // Counted before the code is checked, so parallel requests cannot check more codes than the cap.
  const tries = await takeChallengeTry(db, challenge.id, CHALLENGE_MAX_FAILURES);
  if (tries === null) throw challengeInvalid();
  const device = verifyDeviceToken(appSecret, user.email, deviceToken);
  const attempt = await reserveSignInAttempt(db, { email: user.email, ip, userId: user.id, device }, now);
  try {
    await db.transaction(async (tx) => {
      await useSecondFactor(tx, appSecret, credentials, input.code, now);
      // Single use: of two requests with right codes, one signs in; the other's code is given back (rollback).
      if (!(await consumeChallenge(tx, challenge.id))) throw challengeInvalid();
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation') {
      // Too many wrong codes: the challenge is spent and the password must be entered again.
      if (tries >= CHALLENGE_MAX_FAILURES) {
        await consumeChallenge(db, challenge.id);
        throw challengeInvalid();
      }
    }
    throw error;
  }
  await attempt.succeeded();
  return { userId: user.id, email: user.email };
}
