import { contactRequestSchema, type ContactRequestInput } from '@beabro/shared/api-schemas/help-contact';
import { sendContactRequest } from '@beabro/shared/api/send-contact-request';

/*
 * What the help contact form needs zod for: its checks and the call that parses the answer. The form
 * loads this module when someone first uses it (contact-form.tsx), so zod (about 22 kB gzipped and its
 * start-up work) is not part of the /help page's load.
 */

export type ContactField = keyof ContactRequestInput;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

/** The first message per field, from the same schema the API checks the request with. */
export function contactFieldErrors(values: ContactRequestInput): ContactFieldErrors {
  const result = contactRequestSchema.safeParse(values);
  if (result.success) return {};
  const errors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** POST /api/help/contact (a 400 carries field messages, a 429 a Retry-After). */
export function sendContactForm(values: ContactRequestInput) {
  return sendContactRequest(values);
}
