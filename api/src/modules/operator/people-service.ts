import { desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type {
  OperatorDisputeDto,
  OperatorPayoutDto,
  OperatorSupportDto,
  PersonDetailResponse,
  PersonSummaryDto,
} from '@beabro/shared/api-schemas/operator';
import type { Db } from '../../db/database';
import {
  accountSuspensions,
  creatorProfiles,
  disputes,
  operators,
  payouts,
  providerPayouts,
  sessions,
  supports,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { auditOf } from './audit-log';
import { PERSON_NOT_FOUND_MESSAGE } from './suspension-service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SEARCH_LIMIT = 50;
const DETAIL_LIMIT = 100;

/** LIKE pattern of a search text: its % and _ match themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

async function summaries(db: Db, where: SQL | undefined, limit: number): Promise<PersonSummaryDto[]> {
  const rows = await db
    .select({
      user: users,
      username: creatorProfiles.username,
      reviewedAt: creatorProfiles.reviewedAt,
      operator: operators.userId,
      suspension: accountSuspensions,
    })
    .from(users)
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, users.id))
    .leftJoin(operators, eq(operators.userId, users.id))
    .leftJoin(accountSuspensions, eq(accountSuspensions.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.user.id,
    email: row.user.email,
    username: row.username,
    displayName: row.user.displayName,
    isCreator: row.username !== null,
    isOperator: row.operator !== null,
    emailVerified: row.user.emailVerifiedAt !== null,
    createdAt: row.user.createdAt.toISOString(),
    deletedAt: row.user.deletedAt?.toISOString() ?? null,
    suspension: row.suspension
      ? {
          reason: row.suspension.reason,
          suspendedAt: row.suspension.suspendedAt.toISOString(),
          suspendedBy: row.suspension.suspendedBy,
        }
      : null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  }));
}

/** GET /api/operator/people?q=: by email, username, display name, or a support's id (its two sides). */
export async function searchPeople(db: Db, rawQuery: string): Promise<PersonSummaryDto[]> {
  const q = rawQuery.trim();
  if (q === '') return summaries(db, undefined, SEARCH_LIMIT);
  const pattern = containing(q.toLowerCase());
  const conditions: SQL[] = [
    ilike(users.email, pattern),
    ilike(creatorProfiles.username, pattern),
    ilike(users.displayName, pattern),
  ];
  if (UUID.test(q)) {
    const id = q.toLowerCase();
    conditions.push(eq(users.id, id));
    const [support] = await db
      .select({ creatorId: supports.creatorId, supporterUserId: supports.supporterUserId })
      .from(supports)
      .where(eq(supports.id, id));
    const sides = [support?.creatorId, support?.supporterUserId].filter((v): v is string => Boolean(v));
    if (sides.length > 0) conditions.push(inArray(users.id, sides));
  }
  return summaries(db, or(...conditions), SEARCH_LIMIT);
}

export async function personSummary(db: Db, userId: string): Promise<PersonSummaryDto> {
  if (!UUID.test(userId)) throw new AppError('not_found', PERSON_NOT_FOUND_MESSAGE);
  const [person] = await summaries(db, eq(users.id, userId), 1);
  if (!person) throw new AppError('not_found', PERSON_NOT_FOUND_MESSAGE);
  return person;
}

/** A support's state as operators read it: paid, (partly) refunded or disputed. */
const supportStatus = sql<string>`case
  when exists (select 1 from disputes d where d.support_id = ${supports.id}) then 'disputed'
  when coalesce((select sum(r.amount_cents) from refunds r where r.support_id = ${supports.id} and r.status = 'succeeded'), 0) >= ${supports.amountCents} then 'refunded'
  when exists (select 1 from refunds r where r.support_id = ${supports.id} and r.status = 'succeeded') then 'partly refunded'
  else 'paid' end`;

async function supportsOf(db: Db, side: 'given' | 'received', userId: string): Promise<OperatorSupportDto[]> {
  const rows = await db
    .select({
      id: supports.id,
      creatorUsername: creatorProfiles.username,
      supporterName: supports.supporterName,
      supporterEmail: supports.supporterEmail,
      amountCents: supports.amountCents,
      currency: supports.currency,
      isRecurring: supports.isRecurring,
      status: supportStatus,
      createdAt: supports.createdAt,
    })
    .from(supports)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, supports.creatorId))
    .where(side === 'given' ? eq(supports.supporterUserId, userId) : eq(supports.creatorId, userId))
    .orderBy(desc(supports.createdAt))
    .limit(DETAIL_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    counterparty:
      side === 'given' ? row.creatorUsername : (row.supporterName ?? row.supporterEmail ?? 'A guest supporter'),
    amountCents: row.amountCents,
    currency: row.currency,
    kind: row.isRecurring ? 'monthly' : 'one_time',
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** One of Stripe's payouts to a creator's bank, in the console's terms: no week; a failed one says the bank's reason. */
export function toOperatorProviderPayout(row: typeof providerPayouts.$inferSelect): OperatorPayoutDto {
  return {
    id: row.id,
    weekStart: null,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    holdReason: row.status === 'failed' ? (row.failureMessage ?? row.failureCode) : null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toOperatorPayout(row: typeof payouts.$inferSelect): OperatorPayoutDto {
  return {
    id: row.id,
    weekStart: row.weekStart,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    holdReason: row.holdReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Disputes (newest first), all of them or one creator's. */
export async function listDisputes(db: Db, where: SQL | undefined, limit: number): Promise<OperatorDisputeDto[]> {
  const rows = await db
    .select({ dispute: disputes, username: creatorProfiles.username })
    .from(disputes)
    .leftJoin(creatorProfiles, eq(creatorProfiles.userId, disputes.creatorId))
    .where(where)
    .orderBy(desc(disputes.createdAt))
    .limit(limit);
  return rows.map(({ dispute, username }) => ({
    id: dispute.id,
    supportId: dispute.supportId,
    creatorUsername: username,
    amountCents: dispute.amountCents,
    currency: dispute.currency,
    reason: dispute.reason,
    status: dispute.status,
    dueBy: dispute.dueBy?.toISOString() ?? null,
    createdAt: dispute.createdAt.toISOString(),
    closedAt: dispute.closedAt?.toISOString() ?? null,
  }));
}

/** GET /api/operator/people/:userId */
export async function personDetail(db: Db, userId: string): Promise<PersonDetailResponse> {
  const person = await personSummary(db, userId);
  const [supportsGiven, supportsReceived, payoutRows, stripePayoutRows, disputeList, loginRows, history] =
    await Promise.all([
      supportsOf(db, 'given', userId),
      supportsOf(db, 'received', userId),
      db
        .select()
        .from(payouts)
        .where(eq(payouts.creatorId, userId))
        .orderBy(desc(payouts.weekStart))
        .limit(DETAIL_LIMIT),
      db
        .select()
        .from(providerPayouts)
        .where(eq(providerPayouts.creatorId, userId))
        .orderBy(desc(providerPayouts.createdAt))
        .limit(DETAIL_LIMIT),
      listDisputes(db, eq(disputes.creatorId, userId), DETAIL_LIMIT),
      db
        .select({ at: sessions.createdAt, ip: sessions.ip, revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt))
        .limit(DETAIL_LIMIT),
      auditOf(db, `user:${userId}`),
    ]);
  return {
    person,
    supportsGiven,
    supportsReceived,
    // One list: the weekly payouts (sandbox) and Stripe's payouts to the bank, newest first.
    payouts: [...payoutRows.map(toOperatorPayout), ...stripePayoutRows.map(toOperatorProviderPayout)]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .slice(0, DETAIL_LIMIT),
    disputes: disputeList,
    logins: loginRows.map((row) => ({ at: row.at.toISOString(), ip: row.ip, revoked: row.revokedAt !== null })),
    history,
  };
}
