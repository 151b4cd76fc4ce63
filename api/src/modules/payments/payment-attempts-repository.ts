import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { insertPrepared, preparedStatement, rowOf, runPrepared } from '../../db/prepared-statement';
import { paymentAttempts, paymentEvents } from '../../db/schema';

/*
 * Payment attempts (recorded before every provider call: a checkout, a renewal charge) and the provider events
 * already handled. Every module that charges a card records its attempt here.
 */

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;

// The statements every checkout runs are prepared (db/prepared-statement.ts).
const FIND_ATTEMPT_BY_INTENT = preparedStatement(
  'attempt_by_intent',
  'select * from payment_attempts where provider_intent_id = $1::text',
);
const SET_ATTEMPT_INTENT = preparedStatement(
  'attempt_set_intent',
  'update payment_attempts set provider_intent_id = $2::text where id = $1::uuid',
);
const PAYMENT_EVENT_SEEN = preparedStatement(
  'payment_event_seen',
  'select 1 as seen from payment_events where provider = $1::text and id = $2::text',
);

export async function findAttemptByIntentId(db: Db, intentId: string): Promise<PaymentAttemptRow | undefined> {
  const [row] = await runPrepared(db, FIND_ATTEMPT_BY_INTENT, [intentId]);
  return row ? rowOf(paymentAttempts, row) : undefined;
}

/** Links the attempt to the intent the provider created for it (its key always gives the same one). */
export async function setAttemptIntent(db: Db, attemptId: string, intentId: string): Promise<void> {
  await runPrepared(db, SET_ATTEMPT_INTENT, [attemptId, intentId]);
}

export async function paymentEventSeen(db: Db, provider: string, id: string): Promise<boolean> {
  return (await runPrepared(db, PAYMENT_EVENT_SEEN, [provider, id])).length > 0;
}

/** Records a handled event; false when it was already recorded. */
export async function insertPaymentEvent(db: Db, values: typeof paymentEvents.$inferInsert): Promise<boolean> {
  const rows = await insertPrepared(db, paymentEvents, values, 'on conflict do nothing returning id');
  return rows.length > 0;
}

export async function findAttemptByKey(db: Db, idempotencyKey: string): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.idempotencyKey, idempotencyKey));
  return row;
}

/** Records the attempt before the provider is called; undefined when the key is already taken. */
export async function insertAttempt(
  db: Db,
  values: typeof paymentAttempts.$inferInsert,
): Promise<PaymentAttemptRow | undefined> {
  const [row] = await db
    .insert(paymentAttempts)
    .values(values)
    .onConflictDoNothing({ target: paymentAttempts.idempotencyKey })
    .returning();
  return row;
}

/**
 * Moves a pending attempt to its outcome; false when another request or the recovery job already
 * did (the caller then answers with that outcome). An attempt marked "interrupted" by the recovery
 * job may still be completed by the request that actually charged: the money was taken.
 */
export async function completeAttempt(
  db: Db,
  id: string,
  changes: Partial<typeof paymentAttempts.$inferInsert>,
): Promise<boolean> {
  const rows = await completeAttemptQuery(db, id, changes);
  return rows.length > 0;
}

/** completeAttempt's UPDATE as a query (not yet run), to embed in a larger statement; returns the id when it applies. */
export function completeAttemptQuery(db: Db, id: string, changes: Partial<typeof paymentAttempts.$inferInsert>) {
  return db
    .update(paymentAttempts)
    .set(changes)
    .where(
      and(
        eq(paymentAttempts.id, id),
        or(
          eq(paymentAttempts.status, 'pending'),
          and(
            eq(paymentAttempts.status, 'failed'),
            eq(paymentAttempts.failureCode, 'interrupted'),
            isNull(paymentAttempts.supportId),
          ),
        ),
      ),
    )
    .returning({ id: paymentAttempts.id });
}
