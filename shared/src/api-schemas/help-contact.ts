import { z } from 'zod';
import { NAME_MAX_LENGTH } from '@beabro/shared/data/defaults';
import { AUTH_MESSAGES, emailSchema } from '@beabro/shared/schemas/auth';
import { whenNonEmptyString } from '@beabro/shared/schemas/check-guards';

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

/** Not in SPEC (its help page only links an email address); email messages are SPEC's. */
export const CONTACT_MESSAGES = {
  nameRequired: AUTH_MESSAGES.nameRequired,
  nameTooLong: AUTH_MESSAGES.nameTooLong,
  emailRequired: AUTH_MESSAGES.emailRequired,
  emailInvalid: AUTH_MESSAGES.emailInvalid,
  topicRequired: 'Choose a topic',
  messageRequired: 'Message is required',
  messageTooShort: `Message must be at least ${CONTACT_MESSAGE_MIN_LENGTH} characters`,
  messageTooLong: `Message must be at most ${CONTACT_MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters`,
  /** Shown after a successful send. */
  sent: "Thanks! We've received your message and will reply by email.",
} as const;

/** POST /api/help/contact body, and the help contact form. */
export const contactRequestSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: CONTACT_MESSAGES.nameRequired })
    .max(NAME_MAX_LENGTH, { error: CONTACT_MESSAGES.nameTooLong }),
  email: emailSchema,
  topic: z.enum(CONTACT_TOPIC_IDS, { error: CONTACT_MESSAGES.topicRequired }),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, { error: CONTACT_MESSAGES.messageRequired })
    .refine((message) => message.length >= CONTACT_MESSAGE_MIN_LENGTH, { error: CONTACT_MESSAGES.messageTooShort, when: whenNonEmptyString })
    .max(CONTACT_MESSAGE_MAX_LENGTH, { error: CONTACT_MESSAGES.messageTooLong }),
});

export const contactRequestResponseSchema = z.object({ id: z.uuid() });

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequestValues = z.output<typeof contactRequestSchema>;
export type ContactRequestResponse = z.infer<typeof contactRequestResponseSchema>;
