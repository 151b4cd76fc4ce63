import { zodResolver } from '@hookform/resolvers/zod';
import { contactRequestSchema, type ContactRequestInput } from '@beabro/shared/api-schemas/help-contact';
import { sendContactRequest } from '@beabro/shared/api/send-contact-request';

/*
 * What the help contact form needs zod for: its checks and the call that parses the answer. The form
 * loads this module when someone first uses it (contact-form.tsx), so zod (about 22 kB gzipped and its
 * start-up work) is not part of the /help page's load.
 */

/** The form's react-hook-form resolver: the first message per field, from the same schema the API checks the request with. */
export const contactResolver = zodResolver(contactRequestSchema, undefined, { raw: true });

/** POST /api/help/contact (a 400 carries field messages, a 429 a Retry-After). */
export function sendContactForm(values: ContactRequestInput) {
  return sendContactRequest(values);
}
