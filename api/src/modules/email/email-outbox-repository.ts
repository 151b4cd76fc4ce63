import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { contactRequests, emailOutbox, emailSuppressions } from '../../db/schema';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/**
 * Takes up to `limit` due emails for this sender: rows another sender holds are skipped (SKIP LOCKED),
 * and the ones taken get their attempt counted and `next_attempt_at` pushed to `leaseUntil`, so no other
 * sender sees them as due while they are delivered outside any transaction. A sender that dies mid-way
 * leaves them to be retried once the lease runs out.
 */
export async function claimDueEmails(db: Db, now: Date, limit: number, leaseUntil: Date): Promise<OutboxRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(isNull(emailOutbox.sentAt), isNull(emailOutbox.failedAt), lte(emailOutbox.nextAttemptAt, now)))
      .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
      .where(
        inArray(
          emailOutbox.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
  });
}

/** Marks an email sent, keeping the HTML it was sent with (the mailbox and support read it back). */
export async function markEmailSent(db: Db, id: string, sentAt: Date, htmlBody: string | null): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ sentAt, lastError: null, htmlBody })
    .where(and(eq(emailOutbox.id, id), isNull(emailOutbox.sentAt)));
}

/**
 * Records a failed delivery: retried at `nextAttemptAt`, or given up (`failedAt`). Only while the row is
 * still this sender's claim (same attempt count, not sent), so a late answer cannot undo a newer attempt.
 */
export async function recordFailedAttempt(
  db: Db,
  id: string,
  claimedAttempts: number,
  error: string,
  outcome: { nextAttemptAt: Date } | { failedAt: Date },
): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ lastError: error, ...outcome })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.attempts, claimedAttempts), isNull(emailOutbox.sentAt)));
}

const summaryColumns = {
  id: emailOutbox.id,
  kind: emailOutbox.kind,
  to: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  failedAt: emailOutbox.failedAt,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
};

export interface OutboxSummary {
  id: string;
  kind: string;
  to: string;
  subject: string;
  createdAt: Date;
  sentAt: Date | null;
  failedAt: Date | null;
  attempts: number;
  lastError: string | null;
}

/** Newest first. */
export async function listOutboxEmails(db: Db, limit: number): Promise<OutboxSummary[]> {
  return db
    .select(summaryColumns)
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit);
}

export async function findOutboxEmail(db: Db, id: string): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row;
}

/** Kind and dedupe key of the email that forwards a help contact request to the support inbox. */
export const HELP_CONTACT_EMAIL_KIND = 'help-contact-request';
export const helpContactEmailKey = (contactRequestId: string) => `${HELP_CONTACT_EMAIL_KIND}:${contactRequestId}`;
/** The confirmation sent back to whoever filled in the help contact form. */
export const HELP_CONTACT_CONFIRMATION_EMAIL_KIND = 'help-contact-confirmation';
export const helpContactConfirmationEmailKey = (contactRequestId: string) =>
  `${HELP_CONTACT_CONFIRMATION_EMAIL_KIND}:${contactRequestId}`;

/**
 * Reply-To addresses of the given emails. The outbox has no reply-to column, so the one email that
 * needs it (a help contact request, answered by replying to the requester) finds it through its key.
 */
export async function findReplyToAddresses(
  db: Db,
  rows: Pick<OutboxRow, 'id' | 'kind' | 'dedupeKey'>[],
): Promise<Map<string, string>> {
  const byContactRequest = new Map<string, string>();
  for (const row of rows) {
    const contactRequestId =
      row.kind === HELP_CONTACT_EMAIL_KIND ? row.dedupeKey.slice(HELP_CONTACT_EMAIL_KIND.length + 1) : '';
    if (/^[0-9a-f-]{36}$/i.test(contactRequestId)) byContactRequest.set(contactRequestId, row.id);
  }
  const replyTo = new Map<string, string>();
  if (byContactRequest.size === 0) return replyTo;
  const requests = await db
    .select({ id: contactRequests.id, email: contactRequests.email })
    .from(contactRequests)
    .where(inArray(contactRequests.id, [...byContactRequest.keys()]));
  for (const request of requests) {
    const emailId = byContactRequest.get(request.id);
    if (emailId) replyTo.set(emailId, request.email);
  }
  return replyTo;
}

/** Why the sender did not send an email to a suppressed address (its outbox row's last error). */
export const SUPPRESSED_ADDRESS_ERROR =
  'Not sent: the address is suppressed (an earlier email to it bounced for good).';

/** Whether the outbox must not send to this address (operators lift it in the console's Email area). */
export async function isSuppressed(db: Db, address: string): Promise<boolean> {
  const [row] = await db
    .select({ email: emailSuppressions.email })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.email, address.toLowerCase()));
  return row !== undefined;
}

/** An email to this address failed for good: later ones are not sent until an operator lifts it. */
export async function suppressAddress(db: Db, address: string, reason: string, now: Date): Promise<void> {
  await db
    .insert(emailSuppressions)
    .values({ email: address.toLowerCase(), reason, createdAt: now })
    .onConflictDoNothing();
}
