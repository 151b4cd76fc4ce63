import { and, eq, gt, inArray, isNull, like } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailOutbox } from '../../db/schema';
import type { EmailContent } from './email-template';
import type { ListUnsubscribe } from './mail-transport';

export interface OutgoingEmail {
  kind: string;
  /** Same key, same email: enqueueing twice for one event (a retried job, a replayed request) sends once. */
  dedupeKey: string;
  to: string;
  subject: string;
  text: string;
  /** The HTML part is rendered from this by the sender, outside the request or job that queues the email. */
  content?: EmailContent;
  /** Not sent before this time (default: at once), so a notice can still be withdrawn until then. */
  sendAt?: Date;
  /** For an email its recipient can stop: the `List-Unsubscribe` header (mail-transport.ts). */
  listUnsubscribe?: ListUnsubscribe;
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
        ...(email.sendAt ? { nextAttemptAt: email.sendAt } : {}),
        ...(email.listUnsubscribe
          ? {
              listUnsubscribeUrl: email.listUnsubscribe.url,
              listUnsubscribeOneClick: email.listUnsubscribe.oneClick,
            }
          : {}),
      })),
    )
    .onConflictDoNothing({ target: emailOutbox.dedupeKey });
}

/**
 * Deletes the queued emails of these kinds whose dedupe key holds `:keyPart:` (an id), that no sender
 * has taken and that are not due yet (queued with a later `sendAt`); one already due counts as on its
 * way. Returns how many. A sender claiming one at the same time holds its row: the delete waits, then
 * finds it attempted and leaves it.
 */
export async function withdrawUnsentEmails(
  db: Db,
  kinds: readonly string[],
  keyPart: string,
  now: Date,
): Promise<number> {
  const escaped = keyPart.replace(/[\\%_]/g, (c) => `\\${c}`);
  const withdrawn = await db
    .delete(emailOutbox)
    .where(
      and(
        inArray(emailOutbox.kind, [...kinds]),
        like(emailOutbox.dedupeKey, `%:${escaped}:%`),
        isNull(emailOutbox.sentAt),
        isNull(emailOutbox.failedAt),
        eq(emailOutbox.attempts, 0),
        gt(emailOutbox.nextAttemptAt, now),
      ),
    )
    .returning({ id: emailOutbox.id });
  return withdrawn.length;
}
