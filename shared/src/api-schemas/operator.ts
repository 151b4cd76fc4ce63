// The operator console's API (/api/operator/*, and the public POST /api/reports). Operators are accounts
// made operators from the command line (`pnpm --filter api operator:add EMAIL`); every operator route
// answers 401 to a visitor, 403 to anyone else, and 403 with OPERATOR_TWO_FACTOR_MESSAGE to an operator
// whose session did not pass two-factor sign-in. Amounts are integers of the minor unit of the currency beside them.
import { z } from 'zod';
import { currencySchema } from '@beabro/shared/api-schemas/common';
import { REPORT_MESSAGE_MAX, REPORT_REASONS } from '@beabro/shared/data/operator-messages';

// The messages and report reasons are plain values (no zod), so the shell and the public pages' plain code use them
// without loading zod.
export {
  OPERATOR_ONLY_MESSAGE,
  OPERATOR_TWO_FACTOR_MESSAGE,
  REPORT_MESSAGE_MAX,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  REPORT_RECEIVED_MESSAGE,
} from '@beabro/shared/data/operator-messages';

const dateTime = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();

/** POST /api/reports (no account needed; rate-limited per IP). Answers 202 { message }. */
export const reportRequestSchema = z.object({
  username: z.string().min(1).max(40),
  /** The post's id when a post is reported; absent for the creator page. */
  postId: z.uuid().optional(),
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason.' }),
  message: z.string().trim().max(REPORT_MESSAGE_MAX, `At most ${REPORT_MESSAGE_MAX} characters.`).optional(),
  /** Where to tell the reporter the outcome; optional. */
  email: z.email('Enter a valid email address.').max(254).optional(),
});

/** A suspension as shown to operators (and its reason to the suspended person). */
export const suspensionSchema = z.object({
  reason: z.string(),
  suspendedAt: dateTime,
  suspendedBy: z.string().nullable(),
});

export const personSummarySchema = z.object({
  id: z.uuid(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  displayName: z.string(),
  isCreator: z.boolean(),
  isOperator: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: dateTime,
  deletedAt: dateTime.nullable(),
  suspension: suspensionSchema.nullable(),
  /** A creator's review: when an operator marked them reviewed (null: not yet, or not a creator). */
  reviewedAt: dateTime.nullable(),
});

/** GET /api/operator/people?q= (email, username, display name or a support id; at most 50, newest first). */
export const peopleSearchResponseSchema = z.object({ people: z.array(personSummarySchema) });

export const operatorSupportSchema = z.object({
  id: z.uuid(),
  /** The other side: the creator's username for supports given, the supporter's name for supports received. */
  counterparty: z.string(),
  amountCents: z.number().int(),
  currency: currencySchema,
  kind: z.enum(['one_time', 'monthly']),
  status: z.string(),
  createdAt: dateTime,
});
export const operatorPayoutSchema = z.object({
  /** Ours (a uuid) for a weekly payout; Stripe's (po_...) with Stripe. */
  id: z.string().min(1),
  /** Null for Stripe's payouts, which pay the balance available. */
  weekStart: isoDate.nullable(),
  amountCents: z.number().int(),
  /** ISO 4217, lower case: the creator's currency, or a Stripe payout's (the bank's). */
  currency: z.string().length(3),
  status: z.string(),
  holdReason: z.string().nullable(),
  createdAt: dateTime,
});
export const operatorDisputeSchema = z.object({
  id: z.string(),
  supportId: z.uuid(),
  creatorUsername: z.string().nullable(),
  amountCents: z.number().int(),
  currency: currencySchema,
  reason: z.string(),
  status: z.string(),
  /** The provider's deadline for evidence, when it gave one. */
  dueBy: dateTime.nullable(),
  createdAt: dateTime,
  closedAt: dateTime.nullable(),
});
export const operatorLoginSchema = z.object({ at: dateTime, ip: z.string().nullable(), revoked: z.boolean() });

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: dateTime,
  /** The operator's email, or "system" for automatic actions (fraud controls). */
  actor: z.string(),
  action: z.string(),
  /** What the action was about: "user:<id>", "report:<id>", "payout:<id>", "limit:<key>", "domain:<name>". */
  target: z.string(),
  reason: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});

/** GET /api/operator/people/:userId */
export const personDetailResponseSchema = z.object({
  person: personSummarySchema,
  supportsGiven: z.array(operatorSupportSchema),
  supportsReceived: z.array(operatorSupportSchema),
  payouts: z.array(operatorPayoutSchema),
  disputes: z.array(operatorDisputeSchema),
  logins: z.array(operatorLoginSchema),
  /** Audit entries about this person, newest first. */
  history: z.array(auditEntrySchema),
});

/**
 * GET /api/account/suspension: the signed-in person's own suspension (its reason), or null. Suspended
 * people can still sign in, to read why; they cannot support anyone.
 */
export const accountSuspensionResponseSchema = z.object({
  suspension: z.object({ reason: z.string(), suspendedAt: dateTime }).nullable(),
});

/** POST /api/operator/people/:userId/suspend; POST .../lift takes { reason } too. Both answer personDetail. */
export const suspendRequestSchema = z.object({
  reason: z.string().trim().min(1, 'Give a reason: the person is shown it.').max(500, 'At most 500 characters.'),
});
/** POST .../sign-out, .../resend-verification, .../review answer { message }. */
export const operatorMessageResponseSchema = z.object({ message: z.string() });

export const reviewQueueItemSchema = z.object({
  userId: z.uuid(),
  username: z.string(),
  displayName: z.string(),
  createdAt: dateTime,
  firstSupportAt: dateTime.nullable(),
  supportsCount: z.number().int(),
  /** The creator's currency: gross and unpaid are in it. */
  currency: currencySchema,
  grossCents: z.number().int(),
  /** Net earned not yet paid out: a first payout above the threshold waits for this review. */
  unpaidCents: z.number().int(),
});
/** GET /api/operator/reviews: creators with supports or a payout who are not reviewed yet, oldest first. */
export const reviewQueueResponseSchema = z.object({
  creators: z.array(reviewQueueItemSchema),
  settings: z.lazy(() => operatorSettingsSchema),
});

/** GET/PUT /api/operator/settings */
export const operatorSettingsSchema = z.object({
  /** A not-yet-reviewed creator's payout above this waits for review. */
  reviewThresholdCents: z.number().int().min(0).max(100_000_000),
  /** ...or until this many days after their first support, whichever comes first. */
  reviewHoldDays: z.number().int().min(0).max(365),
});

export const REPORT_STATUSES = ['open', 'hidden', 'dismissed', 'suspended'] as const;
export const reportSchema = z.object({
  id: z.uuid(),
  createdAt: dateTime,
  reason: z.enum(REPORT_REASONS),
  message: z.string().nullable(),
  reporterEmail: z.string().nullable(),
  creatorUserId: z.uuid(),
  username: z.string(),
  postId: z.uuid().nullable(),
  postTitle: z.string().nullable(),
  status: z.enum(REPORT_STATUSES),
  resolvedAt: dateTime.nullable(),
  resolvedBy: z.string().nullable(),
});
/** GET /api/operator/reports?status=open|closed (open: oldest first; closed: newest first, at most 100). */
export const reportsResponseSchema = z.object({ reports: z.array(reportSchema) });
/**
 * POST /api/operator/reports/:reportId/resolve: hide the page (or the post), dismiss, or suspend the creator.
 * The reporter (if they gave an email) and the creator (unless dismissed) are emailed the outcome.
 */
export const resolveReportRequestSchema = z.object({
  action: z.enum(['hide', 'dismiss', 'suspend']),
  reason: z.string().trim().min(1, 'Give a reason.').max(500, 'At most 500 characters.'),
});
/** POST /api/operator/reports/:reportId/unhide: shows a hidden page or post again. */

/** GET /api/operator/money */
export const operatorMoneyResponseSchema = z.object({
  disputes: z.array(operatorDisputeSchema),
  failedPayouts: z.array(operatorPayoutSchema.extend({ username: z.string().nullable() })),
  heldPayouts: z.array(operatorPayoutSchema.extend({ username: z.string().nullable() })),
  pendingRefunds: z.array(
    z.object({
      id: z.uuid(),
      supportId: z.uuid(),
      amountCents: z.number().int(),
      currency: currencySchema,
      createdAt: dateTime,
      lastError: z.string().nullable(),
    }),
  ),
  /** Checkouts, renewals and refunds the recovery loops keep failing on (backed off). */
  stuckItems: z.array(
    z.object({
      kind: z.string(),
      id: z.string(),
      attempts: z.number().int(),
      nextAttemptAt: dateTime.nullable(),
      lastError: z.string().nullable(),
    }),
  ),
  /** The last daily reconciliation with the payment provider; null before the first. */
  reconciliation: z
    .object({
      ranAt: dateTime,
      ok: z.boolean(),
      /** One line per difference found (empty when ok). */
      differences: z.array(z.string()),
    })
    .nullable(),
  /**
   * Platform revenue (platform fees less fee differences and refunds), by ISO week, newest first, 12 weeks; per
   * currency (never added across currencies), US dollars first.
   */
  revenueByWeek: z.array(
    z.object({
      weekStart: isoDate,
      revenue: z.array(z.object({ currency: currencySchema, revenueCents: z.number().int() })),
      supports: z.number().int(),
    }),
  ),
});
/** POST /api/operator/money/stuck/:kind/:id/retry: tries the item now; answers { message }. */

/** GET /api/operator/email */
export const operatorEmailResponseSchema = z.object({
  /** Emails that failed for good (bounced), newest first. */
  bounces: z.array(z.object({ to: z.string(), subject: z.string(), at: dateTime, error: z.string().nullable() })),
  suppressed: z.array(z.object({ email: z.string(), reason: z.string(), at: dateTime })),
  blockedDomains: z.array(z.object({ domain: z.string(), at: dateTime, by: z.string() })),
});
/** POST /api/operator/email/blocked-domains { domain }; DELETE /api/operator/email/blocked-domains/:domain; DELETE /api/operator/email/suppressed/:email */
export const blockDomainRequestSchema = z.object({
  domain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain like example.com.'),
});
export const SIGN_UP_DOMAIN_BLOCKED_MESSAGE = 'Sign-ups from this email domain are not accepted. Use another address.';

/** GET /api/operator/limits: rate-limit counters in their current window, and backoffs, busiest first. */
export const operatorLimitsResponseSchema = z.object({
  counters: z.array(
    z.object({ key: z.string(), count: z.number().int(), windowStart: dateTime, blocked: z.boolean() }),
  ),
  backoffs: z.array(z.object({ key: z.string(), attempts: z.number().int(), lastAttemptAt: dateTime })),
  /**
   * Alerts raised by the fraud controls, newest first: card testing (a key past its limit of declined payments;
   * `blockedUntil` while it still refuses payments) and early fraud warnings (refunded supports).
   */
  fraudAlerts: z.array(
    z.object({
      at: dateTime,
      kind: z.enum(['card_testing', 'early_fraud_warning']),
      key: z.string(),
      detail: z.string(),
      blockedUntil: dateTime.nullable(),
    }),
  ),
});
/**
 * POST /api/operator/limits/unblock { key }: clears the counters and backoff of that key, or a card-testing key's
 * declined payments (so it may pay again at once).
 */
export const unblockLimitRequestSchema = z.object({ key: z.string().min(1).max(300) });

/** GET /api/operator/audit?before=<id> (50 a page, newest first); GET /api/operator/audit.csv (all, as CSV). */
export const auditLogResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.number().int().nullable(),
});

export type PersonSummaryDto = z.infer<typeof personSummarySchema>;
export type PersonDetailResponse = z.infer<typeof personDetailResponseSchema>;
export type ReviewQueueResponse = z.infer<typeof reviewQueueResponseSchema>;
export type OperatorSettingsDto = z.infer<typeof operatorSettingsSchema>;
export type ReportDto = z.infer<typeof reportSchema>;
export type ReportRequest = z.infer<typeof reportRequestSchema>;
export type OperatorMoneyResponse = z.infer<typeof operatorMoneyResponseSchema>;
export type OperatorEmailResponse = z.infer<typeof operatorEmailResponseSchema>;
export type OperatorLimitsResponse = z.infer<typeof operatorLimitsResponseSchema>;
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
export type OperatorSupportDto = z.infer<typeof operatorSupportSchema>;
export type OperatorPayoutDto = z.infer<typeof operatorPayoutSchema>;
export type OperatorDisputeDto = z.infer<typeof operatorDisputeSchema>;
export type ReviewQueueItemDto = z.infer<typeof reviewQueueItemSchema>;
