import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accountSuspensions, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findSuspension, type SuspensionRow } from '../users/account-suspension-repository';
import { enqueueEmail } from '../email/email-outbox';
import { EMAIL_REASONS, emailParts } from '../email/email-template';
import { recordAudit } from './audit-log';

export const PERSON_NOT_FOUND_MESSAGE = 'No account with this id.';
export const ALREADY_SUSPENDED_MESSAGE = 'This account is already suspended.';
export const NOT_SUSPENDED_MESSAGE = 'This account is not suspended.';

const snapshot = (row: SuspensionRow | null) =>
  row ? { suspended: true, reason: row.reason, suspendedAt: row.suspendedAt.toISOString() } : { suspended: false };

/** A creator's public page changed: the cached copies of it are stale. */
async function bumpCreatorVersion(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select bump_creator_version(${userId}::uuid)`);
}

/** Tells the person of their suspension (with its reason) or of its lift, in the same transaction. */
async function notifyPerson(db: Db, userId: string, kind: 'suspended' | 'lifted', reason: string, now: Date) {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user?.email) return;
  const suspended = kind === 'suspended';
  await enqueueEmail(db, {
    kind: `account-${kind}`,
    dedupeKey: `account-${kind}:${userId}:${now.toISOString()}`,
    to: user.email,
    subject: suspended ? 'Your Be a Bro account is suspended' : 'Your Be a Bro account is no longer suspended',
    ...emailParts({
      heading: suspended ? 'Your account is suspended' : 'Your suspension is lifted',
      blocks: suspended
        ? [
            'Our team suspended your account: your page and posts are hidden, nobody can support you and you cannot ' +
              'support anyone, monthly supports to you are not charged, and your payouts wait until it is lifted.',
            `The reason: ${reason}`,
            'Reply to this email if you think this is a mistake.',
          ]
        : ['Our team lifted the suspension of your account: everything works again.', `The reason: ${reason}`],
      reason: EMAIL_REASONS.accountAddress,
    }),
  });
}

/**
 * Suspends an account (audited, with the reason the person is shown): their page and posts are no longer
 * public, supports to and from them are refused, renewals to them are skipped and their payouts are held.
 */
export async function suspendAccount(
  db: Db,
  userId: string,
  reason: string,
  actor: string,
  now = new Date(),
  /** False when the caller emails the person itself (a report's outcome). */
  notify = true,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('not_found', PERSON_NOT_FOUND_MESSAGE);
    const current = await findSuspension(tx, userId);
    if (current) throw new AppError('conflict', ALREADY_SUSPENDED_MESSAGE);
    const [row] = await tx
      .insert(accountSuspensions)
      .values({ userId, reason, suspendedAt: now, suspendedBy: actor })
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'account.suspend',
      target: `user:${userId}`,
      reason,
      before: snapshot(null),
      after: snapshot(row ?? null),
    });
    await bumpCreatorVersion(tx, userId);
    if (notify) await notifyPerson(tx, userId, 'suspended', reason, now);
  });
}

/** Lifts a suspension (audited): everything it stopped works again. */
export async function liftSuspension(
  db: Db,
  userId: string,
  reason: string,
  actor: string,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('not_found', PERSON_NOT_FOUND_MESSAGE);
    const current = await findSuspension(tx, userId);
    if (!current) throw new AppError('conflict', NOT_SUSPENDED_MESSAGE);
    await tx.delete(accountSuspensions).where(eq(accountSuspensions.userId, userId));
    await recordAudit(tx, {
      actor,
      action: 'account.lift',
      target: `user:${userId}`,
      reason,
      before: snapshot(current),
      after: snapshot(null),
    });
    await bumpCreatorVersion(tx, userId);
    await notifyPerson(tx, userId, 'lifted', reason, now);
  });
}
