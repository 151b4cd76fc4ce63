import { randomUUID } from 'node:crypto';
import { CONTACT_TOPICS, type ContactRequestValues } from '@beabro/shared/api-schemas/help-contact';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { mailboxKey } from '../../lib/mailbox-key';
import { enqueueEmail } from '../email/email-outbox';
import {
  HELP_CONTACT_CONFIRMATION_EMAIL_KIND,
  HELP_CONTACT_EMAIL_KIND,
  helpContactConfirmationEmailKey,
  helpContactEmailKey,
} from '../email/email-outbox-repository';
import { EMAIL_REASONS, emailParts } from '../email/email-template';
import { consumeRateLimit, reserveRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { insertContactRequest } from './help-contact-repository';

/** Enough for a person with follow-ups; stops a script flooding the support inbox. */
export const CONTACT_LIMIT_PER_IP = {
  name: 'help-contact:ip',
  limit: 5,
  windowSeconds: 60 * 60,
} satisfies RateLimitRule;
/**
 * Confirmations to one mailbox a day (see mailboxKey): the form accepts any address, so without it the
 * form could be used to mail someone over and over. Past it the request is still stored and sent to
 * support; only the confirmation is skipped, with no error (the sender may be the address's owner).
 */
export const CONTACT_CONFIRMATIONS_PER_ADDRESS = {
  name: 'help-contact:confirmation',
  limit: 3,
  windowSeconds: 24 * 60 * 60,
} satisfies RateLimitRule;

/** Takes one of the address's confirmations of the day; false when none is left. */
async function mayConfirm(tx: Db, email: string): Promise<boolean> {
  try {
    // Counted per mailbox: plus-aliases, case and Gmail's dots all reach the same person.
    await reserveRateLimit(tx, CONTACT_CONFIRMATIONS_PER_ADDRESS, mailboxKey(email));
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'rate_limited') return false;
    throw error;
  }
}

/**
 * Stores a help request (linked to the account when signed in) and, in the same transaction, queues
 * it to the support inbox with Reply-To set to the requester, so support answers with a plain reply,
 * and a confirmation to the requester. The confirmation repeats none of what was typed (name, message):
 * anyone can enter any address, and an email that echoed their text would let the form send spam.
 */
export async function submitContactRequest(
  db: Db,
  input: ContactRequestValues,
  userId: string | null,
  ip: string,
  supportEmail: string,
): Promise<{ id: string }> {
  await consumeRateLimit(db, CONTACT_LIMIT_PER_IP, ip);
  const email = input.email.toLowerCase();
  const topic = CONTACT_TOPICS.find((t) => t.id === input.topic)?.label ?? input.topic;
  // The request's id goes into both emails: made here so they are composed before the transaction opens.
  const id = randomUUID();
  const content = emailParts({
    heading: `Help request: ${topic}`,
    blocks: [
      `From: ${input.name} <${email}>`,
      userId ? `Signed in as account ${userId}.` : 'Sent by a visitor who was not signed in.',
      `Topic: ${topic}`,
      input.message,
    ],
    footer: [`Reply to this email to answer ${input.name}. Request ${id}.`],
    reason: EMAIL_REASONS.supportInbox,
  });
  const confirmation = emailParts({
    heading: 'We received your message',
    blocks: [
      `Thanks for contacting Be a Bro support about "${topic}". A member of our team will reply to this address, usually within 2 hours.`,
      'If you did not write to us, you can ignore this email.',
    ],
    footer: [`Reference: ${id}`],
    reason: EMAIL_REASONS.helpContact,
  });
  return db.transaction(async (tx) => {
    const created = await insertContactRequest(tx, {
      id,
      userId,
      name: input.name,
      email,
      topic: input.topic,
      message: input.message,
    });
    await enqueueEmail(tx, {
      kind: HELP_CONTACT_EMAIL_KIND,
      dedupeKey: helpContactEmailKey(created.id),
      to: supportEmail,
      subject: `[Help] ${topic}: ${input.name.replace(/\s+/g, ' ')}`,
      ...content,
    });
    if (!(await mayConfirm(tx, email))) return created;
    await enqueueEmail(tx, {
      kind: HELP_CONTACT_CONFIRMATION_EMAIL_KIND,
      dedupeKey: helpContactConfirmationEmailKey(created.id),
      to: email,
      subject: 'We received your message',
      ...confirmation,
    });
    return created;
  });
}
