import type { ContactRequestValues } from '@beabro/shared/api-schemas/help-contact';
import type { Db } from '../../db/database';
import { consumeRateLimit, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { insertContactRequest } from './help-contact-repository';

/** Enough for a person with follow-ups; stops a script flooding the support inbox. */
export const CONTACT_LIMIT_PER_IP = { name: 'help-contact:ip', limit: 5, windowSeconds: 60 * 60 } satisfies RateLimitRule;

/**
 * Stores a help request (linked to the account when signed in). Sending it to the support inbox comes
 * with the email outbox.
 */
export async function submitContactRequest(db: Db, input: ContactRequestValues, userId: string | null, ip: string): Promise<{ id: string }> {
  await consumeRateLimit(db, CONTACT_LIMIT_PER_IP, ip);
  return insertContactRequest(db, {
    userId,
    name: input.name,
    email: input.email.toLowerCase(),
    topic: input.topic,
    message: input.message,
  });
}
