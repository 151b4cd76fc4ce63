import { desc, eq } from 'drizzle-orm';
import type { OperatorLimitsResponse } from '@beabro/shared/api-schemas/operator';
import type { Db } from '../../db/database';
import { fraudDeclines, rateLimitBackoffs, rateLimits } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { SIGN_UP_LIMITS } from '../auth/auth-service';
import { CHECKOUT_LIMITS } from '../checkout/checkout-service';
import { CONTACT_LIMIT_PER_IP } from '../help-contact/help-contact-service';
import type { RateLimitRule } from '../rate-limit/rate-limit-service';
import { SIGN_IN_LIMITS } from '../rate-limit/sign-in-throttle';
import { recordAudit } from './audit-log';
import { REPORT_LIMIT_PER_IP } from './reports-service';
import {
  ALERT_RULE,
  blockedFraudKeys,
  isFraudDeclineKey,
  listFraudAlerts,
  type FraudSettings,
} from '../fraud/fraud-service';

const LIST_LIMIT = 200;
export const LIMIT_MESSAGES = {
  unblocked: (key: string) => `The counters of ${key} were cleared.`,
  notFound: 'No counter, backoff or declined payment has this key.',
} as const;

/** The newest card-testing and early-fraud-warning alerts the fraud controls raised, with what still refuses. */
async function latestFraudAlerts(db: Db, fraud: FraudSettings): Promise<OperatorLimitsResponse['fraudAlerts']> {
  const alerts = await listFraudAlerts(db, 100);
  const blocked = await blockedFraudKeys(db, fraud, [...new Set(alerts.map((a) => a.key))]);
  return alerts.map(({ at, key, kind, detail }) => ({
    at,
    kind,
    key,
    detail,
    blockedUntil: kind === 'card_testing' ? (blocked.get(key)?.toISOString() ?? null) : null,
  }));
}

/** The app's fixed-window rules by name: a counter above its rule's limit is refusing requests now. */
const RULES: readonly RateLimitRule[] = [
  SIGN_IN_LIMITS.perIpAndAccount,
  SIGN_IN_LIMITS.perIp,
  SIGN_IN_LIMITS.perDevice,
  SIGN_UP_LIMITS.perIp,
  SIGN_UP_LIMITS.perEmail,
  CHECKOUT_LIMITS.perIp,
  CHECKOUT_LIMITS.perEmail,
  CONTACT_LIMIT_PER_IP,
  REPORT_LIMIT_PER_IP,
];

function ruleLimit(key: string): number | null {
  // The longest matching name wins ("sign-in:ip-account" before "sign-in:ip").
  const rule = RULES.filter((r) => key.startsWith(`${r.name}:`)).sort((a, b) => b.name.length - a.name.length)[0];
  return rule?.limit ?? null;
}

/** GET /api/operator/limits: counters of the current windows, busiest first, and backoffs. */
export async function limitsOverview(db: Db, fraud: FraudSettings): Promise<OperatorLimitsResponse> {
  const counters = await db
    .select()
    .from(rateLimits)
    .orderBy(desc(rateLimits.count), desc(rateLimits.windowStart))
    .limit(LIST_LIMIT);
  const backoffs = await db
    .select()
    .from(rateLimitBackoffs)
    .orderBy(desc(rateLimitBackoffs.attempts))
    .limit(LIST_LIMIT);
  return {
    counters: counters.map((c) => {
      const limit = ruleLimit(c.key);
      return {
        key: c.key,
        count: c.count,
        windowStart: c.windowStart.toISOString(),
        blocked: limit !== null && c.count > limit,
      };
    }),
    backoffs: backoffs.map((b) => ({
      key: b.key,
      attempts: b.attempts,
      lastAttemptAt: b.lastAttemptAt.toISOString(),
    })),
    fraudAlerts: await latestFraudAlerts(db, fraud),
  };
}

/**
 * POST /api/operator/limits/unblock { key }: clears the key's counters and backoff, or a card-testing key's declined
 * payments and its alert window (so a new burst alerts again), audited.
 */
export async function unblockLimit(db: Db, key: string, actor: string): Promise<string> {
  return db.transaction(async (tx) => {
    const counters = await tx.delete(rateLimits).where(eq(rateLimits.key, key)).returning();
    const backoffs = await tx.delete(rateLimitBackoffs).where(eq(rateLimitBackoffs.key, key)).returning();
    const declines = isFraudDeclineKey(key)
      ? await tx.delete(fraudDeclines).where(eq(fraudDeclines.key, key)).returning()
      : [];
    if (declines.length > 0) await tx.delete(rateLimits).where(eq(rateLimits.key, `${ALERT_RULE.name}:${key}`));
    if (counters.length === 0 && backoffs.length === 0 && declines.length === 0)
      throw new AppError('not_found', LIMIT_MESSAGES.notFound);
    await recordAudit(tx, {
      actor,
      action: 'limits.unblock',
      target: `limit:${key}`,
      before: {
        counters: counters.map((c) => ({ windowStart: c.windowStart.toISOString(), count: c.count })),
        backoff: backoffs.map((b) => ({ attempts: b.attempts })),
        ...(declines.length > 0 ? { declinedPayments: declines.length } : {}),
      },
      after: null,
    });
    return LIMIT_MESSAGES.unblocked(key);
  });
}
