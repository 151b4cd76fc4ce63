import { z } from 'zod';
import { NAME_MAX_LENGTH } from '@beabro/shared/data/defaults';
import { AUTH_MESSAGES, emailSchema } from '@beabro/shared/schemas/auth';
import { whenNonEmptyString } from '@beabro/shared/schemas/check-guards';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_MESSAGE_MIN_LENGTH,
  CONTACT_SENT_MESSAGE,
  CONTACT_TOPIC_IDS,
} from '@beabro/shared/data/help-contact';

// The form's fixed data lives in data/help-contact (no zod, for the /help page's first render).
export { CONTACT_TOPICS } from '@beabro/shared/data/help-contact';

/** The help contact form (docs/product-rules.md#help-centre); the email messages are the sign-in ones. */
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
  sent: CONTACT_SENT_MESSAGE,
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
    .refine((message) => message.length >= CONTACT_MESSAGE_MIN_LENGTH, {
      error: CONTACT_MESSAGES.messageTooShort,
      when: whenNonEmptyString,
    })
    .max(CONTACT_MESSAGE_MAX_LENGTH, { error: CONTACT_MESSAGES.messageTooLong }),
});

export const contactRequestResponseSchema = z.object({ id: z.uuid() });

export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequestValues = z.output<typeof contactRequestSchema>;
export type ContactRequestResponse = z.infer<typeof contactRequestResponseSchema>;
