import { desc, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { preparedStatement, runPrepared, toDate } from '../../db/prepared-statement';
import { fraudAlerts, fraudDeclines } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { enqueueEmail } from '../email/email-outbox';
import { ipRateLimitKey, reserveRateLimit } from '../rate-limit/rate-limit-service';

/**
 * The card-testing defence (docs/security.md "Fraud controls"): declined card payments are counted in a sliding
 * window per IP network, per card fingerprint, per supporter email and per creator. Past a limit, checkout refuses
 * that key until enough of its declines are older than the window, and one alert per key and window is recorded
 * (and emailed to the operators when OPERATOR_ALERT_EMAIL is set).
 */
type FraudAlertKind = (typeof fraudAlerts.$inferInsert)['kind'];

export const FRAUD_WINDOW_SECONDS = 10 * 60;
/** A decline of this amount or less counts twice: card testers try cards with small charges. */
export const SMALL_AMOUNT_CENTS = 200;

export interface FraudLimits {
  /** Weighted declines per IP, card fingerprint and email in the window (FRAUD_DECLINE_LIMIT). */
  perCard: number;
  /** Weighted declines per creator in the window (FRAUD_DECLINE_LIMIT_PER_CREATOR). */
  perCreator: number;
}

export const DEFAULT_FRAUD_LIMITS: FraudLimits = { perCard: 5, perCreator: 20 };

export interface FraudSettings {
  limits: FraudLimits;
  /** Where alerts are emailed; null: recorded and logged only. */
  alertEmail: string | null;
  log?: (message: string) => void;
}

export const DEFAULT_FRAUD_SETTINGS: FraudSettings = { limits: DEFAULT_FRAUD_LIMITS, alertEmail: null };

export function fraudSettingsOf(config: {
  fraudDeclineLimit: number;
  fraudDeclineLimitPerCreator: number;
  operatorAlertEmail: string | null;
}): FraudSettings {
  return {
    limits: { perCard: config.fraudDeclineLimit, perCreator: config.fraudDeclineLimitPerCreator },
    alertEmail: config.operatorAlertEmail,
  };
}

/** What a checkout or a decline is known by; any part may be unknown (no card yet at the start of a checkout). */
export interface FraudSubject {
  ip?: string | null;
  fingerprint?: string | null;
  email?: string | null;
  creatorId?: string | null;
}

export const FRAUD_MESSAGES = {
  blocked: (wait: string) =>
    `Too many declined payments. For your security, payments are paused: please try again in ${wait}.`,
  alertSubject: {
    card_testing: 'Be a Bro: card testing blocked',
    early_fraud_warning: 'Be a Bro: early fraud warning, payment refunded',
  },
} as const;

function keysOf(subject: FraudSubject): string[] {
  const keys: string[] = [];
  if (subject.ip) keys.push(`ip:${ipRateLimitKey(subject.ip)}`);
  if (subject.fingerprint) keys.push(`fingerprint:${subject.fingerprint}`);
  if (subject.email) keys.push(`email:${subject.email.toLowerCase()}`);
  if (subject.creatorId) keys.push(`creator:${subject.creatorId}`);
  return keys;
}

/** A creator's key has the higher limit of its own; an IP's, a card's and an email's the other. */
function limitOf(key: string, limits: FraudLimits): number {
  return key.startsWith('creator:') ? limits.perCreator : limits.perCard;
}

/** Whether a key is a card-testing key (what `recordDecline` counts declines by), which the operator can unblock. */
export function isFraudDeclineKey(key: string): boolean {
  return /^(ip|fingerprint|email|creator):./.test(key);
}

/** A counted decline as the checks read it. */
export interface FraudDeclineRow {
  key: string;
  weight: number;
  at: Date;
}

/** When a key's declines still count: those made after this moment. */
export function fraudWindowStart(now: Date): Date {
  return new Date(now.getTime() - FRAUD_WINDOW_SECONDS * 1000);
}

/** The keys a payment attempt is checked and its declines counted by. */
export function fraudKeysOf(subject: FraudSubject): string[] {
  return keysOf(subject);
}

/**
 * For each key past its limit: when it opens again (the moment enough of its newest declines have left the
 * window for the rest to weigh less than the limit). `declines`: the keys' declines in the window.
 */
function blockedAmong(
  settings: FraudSettings,
  keys: readonly string[],
  declines: readonly FraudDeclineRow[],
): { key: string; weight: number; opensAt: Date }[] {
  const rows = [...declines].sort((a, b) => b.at.getTime() - a.at.getTime());
  const blocked: { key: string; weight: number; opensAt: Date }[] = [];
  for (const key of keys) {
    const max = limitOf(key, settings.limits);
    let sum = 0;
    for (const row of rows) {
      if (row.key !== key) continue;
      sum += row.weight;
      if (sum >= max) {
        const total = rows.filter((r) => r.key === key).reduce((s, r) => s + r.weight, 0);
        blocked.push({ key, weight: total, opensAt: new Date(row.at.getTime() + FRAUD_WINDOW_SECONDS * 1000) });
        break;
      }
    }
  }
  return blocked;
}

/** The declines of some keys (a JSON array) since a time, newest first: checked before every card payment. */
const DECLINES_OF_KEYS = preparedStatement(
  'fraud_declines_of_keys',
  `select key, weight, at from fraud_declines
    where key in (select jsonb_array_elements_text($1::jsonb)) and at > $2::timestamptz order by at desc`,
);

async function blockedKeys(
  db: Db,
  settings: FraudSettings,
  keys: readonly string[],
  now: Date,
): Promise<{ key: string; weight: number; opensAt: Date }[]> {
  if (keys.length === 0) return [];
  const rows = await runPrepared<{ key: string; weight: number; at: Date | string }>(db, DECLINES_OF_KEYS, [
    JSON.stringify(keys),
    fraudWindowStart(now).toISOString(),
  ]);
  return blockedAmong(
    settings,
    keys,
    rows.map((row) => ({ key: row.key, weight: row.weight, at: toDate(row.at) })),
  );
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Refuses (429, with when to try again) a payment attempt by a key past its limit of declines. */
export async function assertNotBlocked(
  db: Db,
  settings: FraudSettings,
  subject: FraudSubject,
  now = new Date(),
): Promise<void> {
  refuseBlocked(await blockedKeys(db, settings, keysOf(subject), now), now);
}

/**
 * assertNotBlocked for a caller that read the subject's declines in a statement of its own: `declines` are those of
 * fraudKeysOf(subject) made after fraudWindowStart(now).
 */
export function assertNotBlockedBy(
  settings: FraudSettings,
  subject: FraudSubject,
  declines: readonly FraudDeclineRow[],
  now: Date,
): void {
  refuseBlocked(blockedAmong(settings, keysOf(subject), declines), now);
}

function refuseBlocked(blocked: { opensAt: Date }[], now: Date): void {
  if (blocked.length === 0) return;
  const opensAt = Math.max(...blocked.map((b) => b.opensAt.getTime()));
  const seconds = Math.max(1, Math.ceil((opensAt - now.getTime()) / 1000));
  throw new AppError('rate_limited', FRAUD_MESSAGES.blocked(formatWait(seconds)), {}, seconds);
}

/** Of these keys, the ones refusing payments now, each with when it opens again. */
export async function blockedFraudKeys(
  db: Db,
  settings: FraudSettings,
  keys: readonly string[],
  now = new Date(),
): Promise<Map<string, Date>> {
  const blocked = await blockedKeys(db, settings, keys.filter(isFraudDeclineKey), now);
  return new Map(blocked.map((b) => [b.key, b.opensAt]));
}

/** One alert per key per window, whoever sees the key go past its limit first. */
export const ALERT_RULE = { name: 'fraud-alert', limit: 1, windowSeconds: FRAUD_WINDOW_SECONDS };

/**
 * Counts a declined payment against its IP, card fingerprint, email and creator (once per `ref`: the same decline
 * reported again counts once), and raises an alert for each key it takes past its limit.
 */
export async function recordDecline(
  db: Db,
  settings: FraudSettings,
  decline: FraudSubject & { ref: string; amountCents: number },
  now = new Date(),
): Promise<void> {
  const keys = keysOf(decline);
  if (keys.length === 0) return;
  const weight = decline.amountCents <= SMALL_AMOUNT_CENTS ? 2 : 1;
  await db
    .insert(fraudDeclines)
    .values(keys.map((key) => ({ key, ref: decline.ref, weight, at: now })))
    .onConflictDoNothing();
  if (Math.random() < 0.01)
    await db.delete(fraudDeclines).where(lt(fraudDeclines.at, new Date(now.getTime() - 86_400_000)));
  for (const blocked of await blockedKeys(db, settings, keys, now)) {
    const first = await reserveRateLimit(db, ALERT_RULE, blocked.key, now).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError && error.code === 'rate_limited') return false;
        throw error;
      },
    );
    if (!first) continue;
    const detail =
      `${blocked.weight} declined payment${blocked.weight === 1 ? '' : 's'} (small amounts count twice) in ` +
      `${FRAUD_WINDOW_SECONDS / 60} minutes; payments by this key are refused until ${blocked.opensAt.toISOString()}.`;
    await db.transaction((tx) =>
      raiseFraudAlert(tx, settings, { at: now, key: blocked.key, kind: 'card_testing', detail }),
    );
  }
}

/**
 * Records an alert for the operator, logs it, and emails it when an operators' address is configured. Call it with
 * the transaction of the change that raises it (both are written, or neither).
 */
export async function raiseFraudAlert(
  tx: Db,
  settings: FraudSettings,
  alert: { at: Date; key: string; kind: FraudAlertKind; detail: string },
): Promise<void> {
  const [row] = await tx.insert(fraudAlerts).values(alert).returning({ id: fraudAlerts.id });
  if (settings.alertEmail && row)
    await enqueueEmail(tx, {
      kind: 'fraud-alert',
      dedupeKey: `fraud-alert:${row.id}`,
      to: settings.alertEmail,
      subject: FRAUD_MESSAGES.alertSubject[alert.kind],
      text: `Fraud alert about ${alert.key} at ${alert.at.toISOString()}.\n\n${alert.detail}\n`,
    });
  (settings.log ?? console.warn)(`fraud alert (${alert.kind}) ${alert.key}: ${alert.detail}`);
}

/** The newest alerts first, for the operator console's Limits screen. */
export async function listFraudAlerts(
  db: Db,
  limit: number,
): Promise<{ at: string; key: string; kind: FraudAlertKind; detail: string }[]> {
  const rows = await db
    .select({ at: fraudAlerts.at, key: fraudAlerts.key, kind: fraudAlerts.kind, detail: fraudAlerts.detail })
    .from(fraudAlerts)
    .orderBy(desc(fraudAlerts.at), sql`${fraudAlerts.id}`)
    .limit(limit);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}
