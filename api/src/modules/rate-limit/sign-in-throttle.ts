import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { signInKnownIps } from '../../db/schema';
import { type BackoffRule, releaseBackoffAttempt, reserveBackoffAttempt } from './backoff-limit-service';
import {
  clearRateLimit,
  ipRateLimitKey,
  type RateLimitRule,
  releaseRateLimit,
  reserveRateLimit,
} from './rate-limit-service';

/**
 * Sign-in guessing limits (docs/security.md, "Sign-in limits"). Only wrong passwords count: every attempt
 * reserves its place before the password is checked, and a right password gives it back.
 * - perIpAndAccount: one network guessing one account; the owner's own typos land here too.
 * - perIp: one network guessing across many accounts.
 * - perAccount: everyone guessing one account from networks it has not signed in from lately; it
 *   slows down (doubling waits) instead of locking out, and the owner's known networks skip it.
 * - perDevice: a browser that signed in to the account before (a valid device cookie, device-cookie.ts)
 *   counts its wrong passwords here instead of in the three above, so guesses from others on the same
 *   network cannot lock the owner out, and a stolen cookie still guesses no faster.
 */
export const SIGN_IN_LIMITS = {
  perIpAndAccount: { name: 'sign-in:ip-account', limit: 5, windowSeconds: 15 * 60 } satisfies RateLimitRule,
  perIp: { name: 'sign-in:ip', limit: 20, windowSeconds: 15 * 60 } satisfies RateLimitRule,
  perAccount: {
    name: 'sign-in:account',
    freeAttempts: 10,
    baseDelaySeconds: 30,
    maxDelaySeconds: 15 * 60,
    forgetAfterSeconds: 24 * 60 * 60,
  } satisfies BackoffRule,
  perDevice: { name: 'sign-in:device', limit: 5, windowSeconds: 15 * 60 } satisfies RateLimitRule,
  /** How long a network the account signed in from stays known. */
  knownIpDays: 90,
};

const DAY_MS = 86_400_000;
/** Stands in for the user id of an unknown email, so both cases run the same queries. */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

export interface SignInAttempt {
  /** The password was right: the attempt stops counting, this network's earlier typos are forgiven and it becomes known. */
  succeeded: () => Promise<void>;
  /**
   * The password was right but a second factor (a two-factor code) must follow: the attempt stops
   * counting, but nothing is forgiven and the network is not remembered until the code is right too,
   * so someone holding only the password cannot reset the limits or make their network "known".
   */
  secondFactorPending: () => Promise<void>;
}

/**
 * Reserves one sign-in attempt against every limit, or throws `rate_limited` having counted nothing.
 * Call it before checking the password; what it reserves stays counted as a failure unless
 * `succeeded()` is called.
 */
export async function reserveSignInAttempt(
  db: Db,
  attempt: { email: string; ip: string; userId: string | null; device?: string | null },
  now = new Date(),
): Promise<SignInAttempt> {
  if (attempt.device) return reserveDeviceAttempt(db, attempt.device, attempt, now);
  const network = ipRateLimitKey(attempt.ip);
  const email = attempt.email.toLowerCase();
  const pairKey = `${network}:${email}`;
  const known = await isKnownNetwork(db, attempt.userId ?? NO_USER_ID, network, now);
  const releases: Array<() => Promise<void>> = [];
  try {
    // Narrowest first, so a network that used up its own budget does not spend the wider ones.
    const pair = await reserveRateLimit(db, SIGN_IN_LIMITS.perIpAndAccount, pairKey, now);
    releases.push(() => releaseRateLimit(db, pair));
    const perIp = await reserveRateLimit(db, SIGN_IN_LIMITS.perIp, network, now);
    releases.push(() => releaseRateLimit(db, perIp));
    const account = known ? null : await reserveBackoffAttempt(db, SIGN_IN_LIMITS.perAccount, email, now);
    return {
      succeeded: async () => {
        await clearRateLimit(db, SIGN_IN_LIMITS.perIpAndAccount, pairKey);
        await releaseRateLimit(db, perIp);
        if (account) await releaseBackoffAttempt(db, account);
        if (attempt.userId) await rememberSignInIp(db, attempt.userId, attempt.ip, now);
      },
      secondFactorPending: async () => {
        await releaseRateLimit(db, pair);
        await releaseRateLimit(db, perIp);
        if (account) await releaseBackoffAttempt(db, account);
      },
    };
  } catch (error) {
    // Refused by a wider limit: the narrower reservations were not used.
    for (const release of releases.reverse()) await release();
    throw error;
  }
}

/** A known device's attempt: only the device's own limit counts it. */
async function reserveDeviceAttempt(
  db: Db,
  device: string,
  attempt: { email: string; ip: string; userId: string | null },
  now: Date,
): Promise<SignInAttempt> {
  const reserved = await reserveRateLimit(db, SIGN_IN_LIMITS.perDevice, device, now);
  return {
    succeeded: async () => {
      await clearRateLimit(db, SIGN_IN_LIMITS.perDevice, device);
      // Typos of this network for the account are forgiven too, as after any right password.
      await clearRateLimit(
        db,
        SIGN_IN_LIMITS.perIpAndAccount,
        `${ipRateLimitKey(attempt.ip)}:${attempt.email.toLowerCase()}`,
      );
      if (attempt.userId) await rememberSignInIp(db, attempt.userId, attempt.ip, now);
    },
    secondFactorPending: async () => {
      await releaseRateLimit(db, reserved);
    },
  };
}

/** Records that the account signed in from this network (sign-up counts too). */
export async function rememberSignInIp(db: Db, userId: string, ip: string, now = new Date()): Promise<void> {
  await db
    .insert(signInKnownIps)
    .values({ userId, ip: ipRateLimitKey(ip), lastSignedInAt: now })
    .onConflictDoUpdate({ target: [signInKnownIps.userId, signInKnownIps.ip], set: { lastSignedInAt: now } });
  if (Math.random() < 0.01) await db.delete(signInKnownIps).where(lt(signInKnownIps.lastSignedInAt, knownSince(now)));
}

async function isKnownNetwork(db: Db, userId: string, network: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ userId: signInKnownIps.userId })
    .from(signInKnownIps)
    .where(
      and(
        eq(signInKnownIps.userId, userId),
        eq(signInKnownIps.ip, network),
        gt(signInKnownIps.lastSignedInAt, knownSince(now)),
      ),
    );
  return rows.length > 0;
}

function knownSince(now: Date): Date {
  return new Date(now.getTime() - SIGN_IN_LIMITS.knownIpDays * DAY_MS);
}

/** Forgets the networks an account signed in from (the account is being deleted: nothing personal stays). */
export async function forgetSignInIps(db: Db, userId: string): Promise<void> {
  await db.delete(signInKnownIps).where(eq(signInKnownIps.userId, userId));
}
