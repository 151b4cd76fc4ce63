import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@beabro/shared/api/api-client';
import {
  auditLogResponseSchema,
  operatorEmailResponseSchema,
  operatorLimitsResponseSchema,
  operatorMessageResponseSchema,
  operatorMoneyResponseSchema,
  operatorSettingsSchema,
  peopleSearchResponseSchema,
  personDetailResponseSchema,
  reportsResponseSchema,
  reviewQueueResponseSchema,
  type OperatorSettingsDto,
  type PersonDetailResponse,
} from '@beabro/shared/api-schemas/operator';

/** A schema the answers are checked with (every one of the contract's zod schemas). */
interface Parser<T> {
  parse(value: unknown): T;
}

const enc = encodeURIComponent;

async function get<T>(path: string, schema: Parser<T>): Promise<T> {
  return schema.parse(await apiRequest<unknown>(path));
}

async function send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, schema: Parser<T>, body?: unknown) {
  const answer = await apiRequest<unknown>(path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return schema.parse(answer);
}

/** An answer whose body the console does not read (it refetches what changed instead). */
const anyAnswer: Parser<unknown> = { parse: (value) => value };

export const operatorKeys = {
  all: ['operator'] as const,
  people: (q: string) => ['operator', 'people', q] as const,
  person: (userId: string) => ['operator', 'person', userId] as const,
  reviews: ['operator', 'reviews'] as const,
  reports: (status: 'open' | 'closed') => ['operator', 'reports', status] as const,
  money: ['operator', 'money'] as const,
  email: ['operator', 'email'] as const,
  limits: ['operator', 'limits'] as const,
  audit: ['operator', 'audit'] as const,
};

export function usePeopleSearch(q: string) {
  return useQuery({
    queryKey: operatorKeys.people(q),
    queryFn: () => get(`/operator/people?q=${enc(q)}`, peopleSearchResponseSchema),
    enabled: q !== '',
  });
}

export function usePerson(userId: string) {
  return useQuery({
    queryKey: operatorKeys.person(userId),
    queryFn: () => get(`/operator/people/${enc(userId)}`, personDetailResponseSchema),
  });
}

/** Suspend or lift: both answer the person's page, which replaces the one shown. */
export function useSuspension(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: 'suspend' | 'lift'; reason: string }) =>
      send('POST', `/operator/people/${enc(userId)}/${action}`, personDetailResponseSchema, { reason }),
    onSuccess: async (detail: PersonDetailResponse) => {
      queryClient.setQueryData(operatorKeys.person(userId), detail);
      await queryClient.invalidateQueries({ queryKey: operatorKeys.reviews });
    },
  });
}

/** Force sign-out, resend the verification email, mark a creator reviewed: each answers { message }. */
export function usePersonCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, command }: { userId: string; command: 'sign-out' | 'resend-verification' | 'review' }) =>
      send('POST', `/operator/people/${enc(userId)}/${command}`, operatorMessageResponseSchema),
    onSuccess: async (_answer, { userId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: operatorKeys.person(userId) }),
        queryClient.invalidateQueries({ queryKey: operatorKeys.reviews }),
      ]);
    },
  });
}

export function useReviewQueue() {
  return useQuery({
    queryKey: operatorKeys.reviews,
    queryFn: () => get('/operator/reviews', reviewQueueResponseSchema),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: OperatorSettingsDto) => send('PUT', '/operator/settings', operatorSettingsSchema, settings),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.reviews }),
  });
}

export function useReports(status: 'open' | 'closed') {
  return useQuery({
    queryKey: operatorKeys.reports(status),
    queryFn: () => get(`/operator/reports?status=${status}`, reportsResponseSchema),
  });
}

export type ReportAction = 'hide' | 'dismiss' | 'suspend';

/** Resolve a report, or show a hidden page or post again; both lists are refetched after either. */
export function useReportCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { reportId: string; command: 'resolve'; action: ReportAction; reason: string }
        | { reportId: string; command: 'unhide' },
    ) =>
      input.command === 'resolve'
        ? send('POST', `/operator/reports/${enc(input.reportId)}/resolve`, anyAnswer, {
            action: input.action,
            reason: input.reason,
          })
        : send('POST', `/operator/reports/${enc(input.reportId)}/unhide`, anyAnswer),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['operator', 'reports'] }),
  });
}

export function useMoney() {
  return useQuery({ queryKey: operatorKeys.money, queryFn: () => get('/operator/money', operatorMoneyResponseSchema) });
}

export function useRetryStuck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: string; id: string }) =>
      send('POST', `/operator/money/stuck/${enc(kind)}/${enc(id)}/retry`, operatorMessageResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.money }),
  });
}

export function useEmailOverview() {
  return useQuery({ queryKey: operatorKeys.email, queryFn: () => get('/operator/email', operatorEmailResponseSchema) });
}

/** Block or unblock a sign-up domain, or take an address off the suppression list. */
export function useEmailCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      input:
        | { command: 'block'; domain: string }
        | { command: 'unblock'; domain: string }
        | { command: 'unsuppress'; email: string },
    ) => {
      if (input.command === 'block')
        return send('POST', '/operator/email/blocked-domains', anyAnswer, { domain: input.domain });
      if (input.command === 'unblock')
        return send('DELETE', `/operator/email/blocked-domains/${enc(input.domain)}`, anyAnswer);
      return send('DELETE', `/operator/email/suppressed/${enc(input.email)}`, anyAnswer);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.email }),
  });
}

export function useLimits() {
  return useQuery({
    queryKey: operatorKeys.limits,
    queryFn: () => get('/operator/limits', operatorLimitsResponseSchema),
  });
}

export function useUnblockLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => send('POST', '/operator/limits/unblock', anyAnswer, { key }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorKeys.limits }),
  });
}

/** The audit log, 50 entries a page, newest first; `fetchNextPage` loads the older ones. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: operatorKeys.audit,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      get(pageParam === null ? '/operator/audit' : `/operator/audit?before=${pageParam}`, auditLogResponseSchema),
    getNextPageParam: (page) => page.nextBefore,
  });
}

export const AUDIT_CSV_URL = '/api/operator/audit.csv';
