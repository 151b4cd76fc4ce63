import type { DevMailboxEntry, DevMailboxMessage } from '@beabro/shared/api-schemas/dev-mailbox';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { outboxHtml } from '../email/email-template';
import {
  findOutboxEmail,
  findReplyToAddresses,
  listOutboxEmails,
  type OutboxSummary,
} from '../email/email-outbox-repository';

/** The mailbox shows the latest messages only: it is for looking at what was just sent. */
export const DEV_MAILBOX_LIMIT = 200;

export const MESSAGE_NOT_FOUND = 'No such message in the development mailbox.';

/** Every email of the outbox, newest first, whatever its delivery state. */
export async function listMailbox(db: Db): Promise<DevMailboxEntry[]> {
  return (await listOutboxEmails(db, DEV_MAILBOX_LIMIT)).map(toEntry);
}

export async function getMailboxMessage(db: Db, id: string): Promise<DevMailboxMessage> {
  const row = await findOutboxEmail(db, id);
  if (!row) throw new AppError('not_found', MESSAGE_NOT_FOUND);
  const replyTo = (await findReplyToAddresses(db, [row])).get(row.id) ?? null;
  return {
    ...toEntry({ ...row, to: row.toAddress }),
    replyTo,
    text: row.textBody,
    html: await outboxHtml(row),
  };
}

function toEntry(row: OutboxSummary): DevMailboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    to: row.to,
    subject: row.subject,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    failedAt: row.failedAt?.toISOString() ?? null,
    attempts: row.attempts,
    lastError: row.lastError,
  };
}
