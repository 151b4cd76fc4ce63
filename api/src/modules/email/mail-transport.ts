/**
 * The `List-Unsubscribe` header (RFC 2369): the https address that stops these emails, which mail clients offer as
 * their own "Unsubscribe" button. With `oneClick`, a POST of `List-Unsubscribe=One-Click` to it unsubscribes at once
 * (RFC 8058), and the email also says `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
 */
export interface ListUnsubscribe {
  url: string;
  oneClick: boolean;
}

/** One outbox row on its way out. */
export interface MailMessage {
  /** The outbox id: also the Message-ID, so a receiver can recognise a repeated delivery. */
  id: string;
  kind: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  listUnsubscribe: ListUnsubscribe | null;
  createdAt: Date;
}

/** Where mail goes: a folder in development, an SMTP server in production. `send` throws when it was not accepted. */
export interface MailTransport {
  readonly name: 'development' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** nodemailer's options for the unsubscribe headers of a message (none without a `listUnsubscribe`). */
export function unsubscribeHeaders(message: MailMessage): {
  list?: { unsubscribe: string };
  headers?: Record<string, string>;
} {
  if (!message.listUnsubscribe) return {};
  return {
    list: { unsubscribe: message.listUnsubscribe.url },
    ...(message.listUnsubscribe.oneClick ? { headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
  };
}

/** `<outbox-id@domain-of-MAIL_FROM>` */
export function messageIdFor(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'beabro.app';
  return `<${id}@${domain}>`;
}
