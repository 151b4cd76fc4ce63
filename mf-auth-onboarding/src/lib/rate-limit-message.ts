import { ApiError } from '@beabro/shared/api/api-client';

/**
 * For a 429: the server's own sentence ("Too many attempts. Please try again in 12 minutes."), or one
 * built from Retry-After when the answer carried no message.
 */
export function rateLimitMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  if (error.message.startsWith('Too many')) return error.message;
  const seconds = error.retryAfterSeconds;
  if (!seconds) return 'Too many attempts. Please try again later.';
  if (seconds < 60) return `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
