import type {
  AuditEntryDto,
  PersonDetailResponse,
  PersonSummaryDto,
  ReportDto,
} from '@beabro/shared/api-schemas/operator';

export const USER_ID = '6f1c1a52-52a8-4a57-9b3e-0d2f6f0b1a02';
export const REPORT_ID = '0b7d4c8e-5f1a-4a8e-9c55-3d2f1e6a7b90';
const SUPPORT_ID = '3a9e0c1d-2b4f-4e6a-8c7d-5f1e2d3c4b5a';

export function person(overrides: Partial<PersonSummaryDto> = {}): PersonSummaryDto {
  return {
    id: USER_ID,
    email: 'maya@example.com',
    username: 'maya',
    displayName: 'Maya Builds',
    isCreator: true,
    isOperator: false,
    emailVerified: true,
    createdAt: '2026-11-02T10:00:00.000Z',
    deletedAt: null,
    suspension: null,
    reviewedAt: null,
    ...overrides,
  };
}

export function auditEntry(id: number, overrides: Partial<AuditEntryDto> = {}): AuditEntryDto {
  return {
    id,
    at: '2026-12-01T09:30:00.000Z',
    actor: 'olive@example.com',
    action: 'user.suspend',
    target: `user:${USER_ID}`,
    reason: `Entry ${id}`,
    before: null,
    after: { suspended: true },
    ...overrides,
  };
}

export function personDetail(overrides: Partial<PersonSummaryDto> = {}): PersonDetailResponse {
  return {
    person: person(overrides),
    supportsGiven: [],
    supportsReceived: [
      {
        id: SUPPORT_ID,
        counterparty: 'Sam',
        amountCents: 2500,
        currency: 'usd',
        kind: 'monthly',
        status: 'succeeded',
        createdAt: '2026-11-20T12:00:00.000Z',
      },
    ],
    payouts: [],
    disputes: [],
    logins: [{ at: '2026-12-05T08:00:00.000Z', ip: '203.0.113.7', revoked: false }],
    history: [],
  };
}

export function report(overrides: Partial<ReportDto> = {}): ReportDto {
  return {
    id: REPORT_ID,
    createdAt: '2026-12-04T15:00:00.000Z',
    reason: 'scam_or_fraud',
    message: 'Asks for gift cards.',
    reporterEmail: 'sam@example.com',
    creatorUserId: USER_ID,
    username: 'maya',
    postId: null,
    postTitle: null,
    status: 'open',
    resolvedAt: null,
    resolvedBy: null,
    ...overrides,
  };
}
