import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '@beabro/shared/api/api-client';
import type { VerificationLinkStatus } from '@beabro/shared/api-schemas/email-verification';

/** What the verification page knows about its link: the API's answer, or `unknown` (no such link). */
export type VerificationLinkView = VerificationLinkStatus | { state: 'unknown'; email: null; signedInAsOther: false };

const UNKNOWN: VerificationLinkView = { state: 'unknown', email: null, signedInAsOther: false };

export function verificationLinkQueryKey(token: string) {
  return ['verification-link', token] as const;
}

/**
 * GET /api/auth/verify-email: what the link would do, spending nothing (mail scanners open links). An
 * unknown or malformed link is an answer too (`unknown`), so the server renders its message.
 */
export async function getVerificationLinkStatus(token: string): Promise<VerificationLinkView> {
  if (!token.trim()) return UNKNOWN;
  try {
    // Typed, not parsed: the API checks its answer against the schema (keeps zod out of the page's download).
    return await apiRequest<VerificationLinkStatus>(`/auth/verify-email?token=${encodeURIComponent(token)}`);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return UNKNOWN;
    throw error;
  }
}

export function verificationLinkQueryOptions(token: string) {
  return queryOptions({
    queryKey: verificationLinkQueryKey(token),
    queryFn: () => getVerificationLinkStatus(token),
    retry: false,
    staleTime: Infinity,
  });
}

export function useVerificationLinkStatus(token: string) {
  return useQuery(verificationLinkQueryOptions(token));
}
