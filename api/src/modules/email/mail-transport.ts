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
  createdAt: Date;
}

/** Where mail goes: a folder in development, an SMTP server in production. `send` throws when it was not accepted. */
export interface MailTransport {
  readonly name: 'development' | 'smtp';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** `<outbox-id@domain-of-MAIL_FROM>` */
export function messageIdFor(id: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'beabro.app';
  return `<${id}@${domain}>`;
}
