// Valid requests for every operator route (tests only), each made for one person the operator acts on: the data
// it needs (a report, a stuck refund, a blocked domain, ...) is written first, so an operator gets a 2xx.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  abuseReports,
  accountSuspensions,
  blockedEmailDomains,
  creatorProfiles,
  emailSuppressions,
  rateLimits,
  refunds,
  users,
} from '../db/schema';

export interface OperatorRouteRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

/** The person an operator route acts on: an account with a creator page and a support it received. */
export interface OperatorTarget {
  id: string;
  email: string;
  chargedSupportId: string;
}

const hex = () => randomBytes(5).toString('hex');

async function insertReport(db: Db, creatorId: string, status: 'open' | 'hidden'): Promise<string> {
  const [row] = await db
    .insert(abuseReports)
    .values({ creatorId, reason: 'spam', status, message: 'Matrix report' })
    .returning({ id: abuseReports.id });
  if (!row) throw new Error('no report');
  if (status === 'hidden')
    await db.update(creatorProfiles).set({ hiddenAt: new Date() }).where(eq(creatorProfiles.userId, creatorId));
  return row.id;
}

export const OPERATOR_REQUESTS: Record<string, (db: Db, o: OperatorTarget) => Promise<OperatorRouteRequest>> = {
  'GET /api/operator/people': async (_db, o) => ({ query: { q: o.email } }),
  'GET /api/operator/people/{userId}': async (_db, o) => ({ params: { userId: o.id } }),
  'POST /api/operator/people/{userId}/suspend': async (db, o) => {
    await db.delete(accountSuspensions).where(eq(accountSuspensions.userId, o.id));
    return { params: { userId: o.id }, body: { reason: 'Matrix suspension' } };
  },
  'POST /api/operator/people/{userId}/lift': async (db, o) => {
    await db
      .insert(accountSuspensions)
      .values({ userId: o.id, reason: 'Matrix', suspendedBy: 'test' })
      .onConflictDoNothing();
    return { params: { userId: o.id }, body: { reason: 'Matrix lift' } };
  },
  'POST /api/operator/people/{userId}/sign-out': async (_db, o) => ({ params: { userId: o.id } }),
  'POST /api/operator/people/{userId}/resend-verification': async (db, o) => {
    await db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, o.id));
    return { params: { userId: o.id } };
  },
  'POST /api/operator/people/{userId}/review': async (_db, o) => ({ params: { userId: o.id } }),
  'GET /api/operator/reviews': async () => ({}),
  'GET /api/operator/settings': async () => ({}),
  'PUT /api/operator/settings': async () => ({ body: { reviewThresholdCents: 50_000, reviewHoldDays: 14 } }),
  'GET /api/operator/reports': async () => ({ query: { status: 'open' } }),
  'POST /api/operator/reports/{reportId}/resolve': async (db, o) => ({
    params: { reportId: await insertReport(db, o.id, 'open') },
    body: { action: 'dismiss', reason: 'Matrix' },
  }),
  'POST /api/operator/reports/{reportId}/unhide': async (db, o) => ({
    params: { reportId: await insertReport(db, o.id, 'hidden') },
  }),
  'GET /api/operator/money': async () => ({}),
  'POST /api/operator/money/stuck/{kind}/{id}/retry': async (db, o) => {
    const [row] = await db
      .insert(refunds)
      .values({
        supportId: o.chargedSupportId,
        creatorId: o.id,
        idempotencyKey: `matrix-${hex()}`,
        requestFingerprint: 'matrix',
        amountCents: 100,
        currency: 'usd',
        reason: 'other',
        provider: 'sandbox',
        recoveryAttempts: 2,
        nextRecoveryAt: new Date(Date.now() + 3_600_000),
      })
      .returning({ id: refunds.id });
    if (!row) throw new Error('no refund');
    return { params: { kind: 'refund', id: row.id } };
  },
  'GET /api/operator/email': async () => ({}),
  'POST /api/operator/email/blocked-domains': async () => ({ body: { domain: `matrix-${hex()}.test` } }),
  'DELETE /api/operator/email/blocked-domains/{domain}': async (db) => {
    const domain = `matrix-${hex()}.test`;
    await db.insert(blockedEmailDomains).values({ domain, createdBy: 'test' });
    return { params: { domain } };
  },
  'DELETE /api/operator/email/suppressed/{email}': async (db) => {
    const email = `bounced.${hex()}@example.com`;
    await db.insert(emailSuppressions).values({ email, reason: 'Matrix bounce' });
    return { params: { email } };
  },
  'GET /api/operator/limits': async () => ({}),
  'POST /api/operator/limits/unblock': async (db) => {
    const key = `matrix:${hex()}`;
    await db.insert(rateLimits).values({ key, windowStart: new Date(), count: 99 });
    return { body: { key } };
  },
  'GET /api/operator/audit': async () => ({}),
  'GET /api/operator/audit.csv': async () => ({}),
};
