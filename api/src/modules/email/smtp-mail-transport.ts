import nodemailer from 'nodemailer';
import { messageIdFor, unsubscribeHeaders, type MailMessage, type MailTransport } from './mail-transport';

/**
 * nodemailer over SMTP_URL: `smtp://user:password@host:587` (STARTTLS when the server offers it) or
 * `smtps://user:password@host:465` (TLS from the start). Extra nodemailer options can ride in the
 * query string. Pooled, with timeouts well inside the sender's claim lease so a hung server cannot
 * make a message look abandoned (and be sent again by another instance) while it is still in flight.
 */
export function createSmtpMailTransport({ url, from }: { url: string; from: string }): MailTransport {
  const mailer = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: 3,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  return {
    name: 'smtp',
    async send(message: MailMessage) {
      await mailer.sendMail({
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
    },
    async close() {
      mailer.close();
    },
  };
}
