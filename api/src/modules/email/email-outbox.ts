import type { Db } from '../../db/database';
import { emailOutbox } from '../../db/schema';

export interface OutgoingEmail {
  kind: string;
  /** Same key, same email: enqueueing twice for one event (a retried job, a replayed request) sends once. */
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Queues an email. Call it with the transaction handle of the change that causes the email, so the
 * email exists exactly when the change does.
 */
export async function enqueueEmail(db: Db, email: OutgoingEmail): Promise<void> {
  await db
    .insert(emailOutbox)
    .values({ kind: email.kind, dedupeKey: email.dedupeKey, toAddress: email.to.toLowerCase(), subject: email.subject, textBody: email.text, htmlBody: email.html ?? null })
    .onConflictDoNothing({ target: emailOutbox.dedupeKey });
}
