import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { messageIdFor, unsubscribeHeaders, type MailMessage, type MailTransport } from './mail-transport';

/** One line of `index.json`: what a person looking at the folder wants to find. */
export interface DevMailIndexEntry {
  id: string;
  kind: string;
  to: string;
  subject: string;
  /** The `.eml` file, relative to the folder. */
  file: string;
  createdAt: string;
  deliveredAt: string;
}

export const DEV_MAIL_INDEX_FILE = 'index.json';

/**
 * Development transport: each message becomes an RFC 5322 `.eml` file (open it in any mail client)
 * named after its outbox id, so a repeated delivery overwrites instead of duplicating, and
 * `index.json` lists them oldest first. Also readable at /dev/mailbox.
 */
export function createDevMailTransport({ directory, from }: { directory: string; from: string }): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  // Index updates are read-modify-write: one at a time within the process, and atomic on disk (rename).
  let indexQueue: Promise<unknown> = Promise.resolve();

  const updateIndex = (entry: DevMailIndexEntry) => {
    const next = indexQueue.then(async () => {
      const indexPath = path.join(directory, DEV_MAIL_INDEX_FILE);
      const entries = await readIndex(indexPath);
      const updated = [...entries.filter((e) => e.id !== entry.id), entry];
      const temp = `${indexPath}.${process.pid}.tmp`;
      await writeFile(temp, `${JSON.stringify(updated, null, 2)}\n`);
      await rename(temp, indexPath);
    });
    indexQueue = next.catch(() => {});
    return next;
  };

  return {
    name: 'development',
    async send(message: MailMessage) {
      const info = await composer.sendMail({
        from,
        to: message.to,
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.text,
        html: message.html ?? undefined,
        date: message.createdAt,
        messageId: messageIdFor(message.id, from),
        ...unsubscribeHeaders(message),
      });
      await mkdir(directory, { recursive: true });
      const file = `${message.createdAt
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d+Z$/, 'Z')}-${message.id}.eml`;
      await writeFile(path.join(directory, file), info.message as Buffer);
      await updateIndex({
        id: message.id,
        kind: message.kind,
        to: message.to,
        subject: message.subject,
        file,
        createdAt: message.createdAt.toISOString(),
        deliveredAt: new Date().toISOString(),
      });
    },
    async close() {
      await indexQueue;
      composer.close();
    },
  };
}

async function readIndex(indexPath: string): Promise<DevMailIndexEntry[]> {
  try {
    const parsed: unknown = JSON.parse(await readFile(indexPath, 'utf8'));
    return Array.isArray(parsed) ? (parsed as DevMailIndexEntry[]) : [];
  } catch (error) {
    // No index yet, or one edited by hand into something unreadable: start a fresh one.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || error instanceof SyntaxError) return [];
    throw error;
  }
}
