import { ApiError } from '@beabro/shared/api/api-client';

export const MESSAGES = {
  offline: 'Could not reach Be a Bro. Check your connection and try again.',
  signedOut: 'Your session has ended. Please sign in again.',
  fixFields: 'Please correct the highlighted fields.',
} as const;

/** What to tell the creator when a request failed: the API's own words where it gave some. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return MESSAGES.signedOut;
    if (error.status === 429 && error.retryAfterSeconds) {
      const minutes = Math.ceil(error.retryAfterSeconds / 60);
      return `${error.message} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
    }
    // 5xx bodies are generic on purpose; a 4xx message is written for people.
    return error.status >= 500 ? fallback : error.message;
  }
  // fetch rejects with a TypeError when the network is down.
  if (error instanceof TypeError) return MESSAGES.offline;
  return fallback;
}

/** The API's per-field messages, when the failure was about fields. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors : {};
}
