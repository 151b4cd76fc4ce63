/*
 * The help contact form's fixed data, without zod: the form renders from this on the public /help page,
 * and its schema (@beabro/shared/api-schemas/help-contact, which re-exports the topics) is loaded only when
 * someone uses the form.
 */

export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 2_000;

export const CONTACT_TOPIC_IDS = ['general', 'payments', 'account', 'creator-page', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPIC_IDS)[number];

/** The topic select of the help contact form, in display order. */
export const CONTACT_TOPICS: readonly { id: ContactTopic; label: string }[] = Object.freeze([
  { id: 'general', label: 'General question' },
  { id: 'payments', label: 'Payments and payouts' },
  { id: 'account', label: 'My account' },
  { id: 'creator-page', label: 'My creator page' },
  { id: 'other', label: 'Something else' },
]);

/** Shown after a successful send. */
export const CONTACT_SENT_MESSAGE = "Thanks! We've received your message and will reply by email.";

