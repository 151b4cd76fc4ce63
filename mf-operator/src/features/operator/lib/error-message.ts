import { ApiError } from '@beabro/shared/api/api-client';

export const OFFLINE_MESSAGE = 'Could not reach Be a Bro. Check your connection and try again.';

/** What to tell the operator when a request failed: the API's own words for a 4xx, `fallback` otherwise. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status >= 500 ? fallback : error.message;
  // fetch rejects with a TypeError when the network is down.
  if (error instanceof TypeError) return OFFLINE_MESSAGE;
  return fallback;
}

/** The API's per-field messages, when the failure was about fields. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? error.fieldErrors : {};
}
