import { ApiError } from '@beabro/shared/api/api-client';

/** A sentence for a failed load: the server's message when it answered, else what to check. */
export function loadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return 'We could not reach Be a Bro. Check your internet connection and try again.';
}
