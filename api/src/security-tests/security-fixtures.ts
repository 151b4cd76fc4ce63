// Helpers shared by the security suites (tests only): sessions without a sign-in, bodies that pass
// validation, and the tokens that emails carry.
import { and, desc, eq } from 'drizzle-orm';
import { defaultSupportTiers } from '@beabro/shared/data/support-tiers';
import type { Db } from '../db/database';
import { emailOutbox, subscriptions } from '../db/schema';
import { SESSION_COOKIE, startSession } from '../modules/sessions/session-service';
import { VERIFICATION_EMAIL_KIND } from '../modules/email-verification/email-verification-service';
import { CHANGE_CONFIRM_EMAIL_KIND } from '../modules/subscriptions/subscription-emails';

/** A cookie header with a new session of the user: no password hashing, no sign-in rate limit. */
export async function sessionCookie(db: Db, userId: string): Promise<string> {
  const { token } = await startSession(db, userId);
  return `${SESSION_COOKIE}=${token}`;
}

let ipCounter = 0;

/** A client address no other request of the run used, so per-IP limits do not hide what a route does. */
export function freshIp(): string {
  const n = ++ipCounter;
  return `10.${200 + ((n >> 16) & 31)}.${(n >> 8) & 255}.${n & 255}`;
}

/** A PUT /api/creator-profile/tiers body: the sample tiers, amounts in whole dollars. */
export function tiersBody(nameSuffix = '') {
  return {
    tiers: defaultSupportTiers().map(({ position: _position, amountCents, name, ...tier }) => ({
      ...tier,
      name: `${name}${nameSuffix}`.slice(0, 40),
      amount: amountCents / 100,
    })),
  };
}

/** The token of the latest verification link emailed to `email` (the outbox keeps every email). */
export async function latestVerificationToken(db: Db, email: string): Promise<string> {
  const [mail] = await db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email.toLowerCase()), eq(emailOutbox.kind, VERIFICATION_EMAIL_KIND)))
    .orderBy(desc(emailOutbox.createdAt));
  const token = mail?.text.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no verification link was emailed to ${email}`);
  return token;
}

/** The token of the latest "confirm your new monthly amount" link emailed to an address. */
export async function latestChangeConfirmToken(db: Db, email: string): Promise<string> {
  const [mail] = await db
    .select({ text: emailOutbox.textBody })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email.toLowerCase()), eq(emailOutbox.kind, CHANGE_CONFIRM_EMAIL_KIND)))
    .orderBy(desc(emailOutbox.createdAt));
  const token = mail?.text.match(/\/subscriptions\/confirm-change\?token=([A-Za-z0-9_-]+)/)?.[1];
  if (!token) throw new Error(`no link confirming a new monthly amount was emailed to ${email}`);
  return token;
}

/** The id of the latest subscription a user made. */
export async function latestSubscriptionId(db: Db, supporterUserId: string): Promise<string> {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.supporterUserId, supporterUserId))
    .orderBy(desc(subscriptions.createdAt));
  if (!row) throw new Error(`user ${supporterUserId} has no subscription`);
  return row.id;
}

/** A version-4 UUID made from a number: request bodies stay the same for the same fast-check seed. */
export function uuidFromNumber(n: number): string {
  return `00000000-0000-4000-8000-${(n >>> 0).toString(16).padStart(12, '0')}`;
}
