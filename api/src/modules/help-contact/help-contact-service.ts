import { CONTACT_TOPICS, type ContactRequestValues } from '@beabro/shared/api-schemas/help-contact';
import type { Db } from '../../db/database';
import { enqueueEmail } from '../email/email-outbox';
import { HELP_CONTACT_CONFIRMATION_EMAIL_KIND, HELP_CONTACT_EMAIL_KIND, helpContactConfirmationEmailKey, helpContactEmailKey } from '../email/email-outbox-repository';
import { renderEmail } from '../email/email-template';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { insertContactRequest } from './help-contact-repository';

/** Enough for a person with follow-ups; stops a script flooding the support inbox. */
export const CONTACT_LIMIT_PER_IP = { name: 'help-contact:ip', limit: 5, windowSeconds: 60 * 60 } satisfies RateLimitRule;

/**
 * Stores a help request (linked to the account when signed in) and, in the same transaction, queues
 * it to the support inbox with Reply-To set to the requester, so support answers with a plain reply,
 * and a confirmation to the requester. The confirmation repeats none of what was typed (name, message):
 * anyone can enter any address, and an email that echoed their text would let the form send spam.
 */
export async function submitContactRequest(db: Db, input: ContactRequestValues, userId: string | null, ip: string, supportEmail: string): Promise<{ id: string }> {
  await consumeRateLimit(db, CONTACT_LIMIT_PER_IP, ip);
  const email = input.email.toLowerCase();
  return db.transaction(async (tx) => {
    const created = await insertContactRequest(tx, { userId, name: input.name, email, topic: input.topic, message: input.message });
    const topic = CONTACT_TOPICS.find((t) => t.id === input.topic)?.label ?? input.topic;
    const content = renderEmail({
      heading: `Help request: ${topic}`,
      paragraphs: [
        `From: ${input.name} <${email}>`,
        userId ? `Signed in as account ${userId}.` : 'Sent by a visitor who was not signed in.',
        `Topic: ${topic}`,
        input.message,
      ],
      footer: [`Reply to this email to answer ${input.name}. Request ${created.id}.`],
    });
    await enqueueEmail(tx, {
      kind: HELP_CONTACT_EMAIL_KIND,
      dedupeKey: helpContactEmailKey(created.id),
      to: supportEmail,
      subject: `[Help] ${topic}: ${input.name.replace(/\s+/g, ' ')}`,
      ...content,
    });
    await enqueueEmail(tx, {
      kind: HELP_CONTACT_CONFIRMATION_EMAIL_KIND,
      dedupeKey: helpContactConfirmationEmailKey(created.id),
      to: email,
      subject: 'We received your message',
      ...renderEmail({
        heading: 'We received your message',
        paragraphs: [
          `Thanks for contacting Be a Bro support about "${topic}". A member of our team will reply to this address, usually within 2 hours.`,
          'If you did not write to us, you can ignore this email.',
        ],
        footer: [`Reference: ${created.id}`],
      }),
    });
    return created;
  });
}
