import { apiRequest } from '@beabro/shared/api/api-client';
import {
  contactRequestResponseSchema,
  type ContactRequestInput,
  type ContactRequestResponse,
} from '@beabro/shared/api-schemas/help-contact';

/** Sends the help contact form; a 400 carries field messages, a 429 a Retry-After. */
export async function sendContactRequest(input: ContactRequestInput): Promise<ContactRequestResponse> {
  return contactRequestResponseSchema.parse(
    await apiRequest<unknown>('/help/contact', { method: 'POST', body: JSON.stringify(input) }),
  );
}
