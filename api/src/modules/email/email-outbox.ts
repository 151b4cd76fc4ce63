import type { Db } from '../../db/database';
import { emailOutbox } from '../../db/schema';
import type { EmailContent } from './email-template';

export interface OutgoingEmail {
  kind: string;
  /** Same key, same email: enqueueing twice for one event (a retried job, a replayed request) sends once. */
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part is rendered from this by the sender, outside the request or job that queues the email. */
  content?: EmailContent;
}

/**
 * Queues an email. Call it with the transaction handle of the change that causes the email, so the
 * email exists exactly when the change does.
 */
export async function enqueueEmail(db: Db, email: OutgoingEmail): Promise<void> {
  await enqueueEmailsQuery(db, [email]);
}

/**
 * Queues several emails in one INSERT, returned as a query (not yet run) so it can also be embedded in
 * a larger statement; `emails` must not be empty.
 */
export function enqueueEmailsQuery(db: Db, emails: readonly OutgoingEmail[]) {
  return db
    .insert(emailOutbox)
    .values(
      emails.map((email) => ({
        kind: email.kind,
        dedupeKey: email.dedupeKey,
        toAddress: email.to.toLowerCase(),
        subject: email.subject,
        textBody: email.text,
        content: email.content ?? null,
      })),
    )
    .onConflictDoNothing({ target: emailOutbox.dedupeKey });
}
