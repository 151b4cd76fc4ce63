import { and, asc, eq, gte, isNull, lt, sql, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { Currency } from '@beabro/shared/money/currencies';
import type { Db } from '../../../db/database';
import { insertPrepared, preparedStatement, rowOf, runPrepared, updatePrepared } from '../../../db/prepared-statement';
import {
  sandboxCharges,
  sandboxEvents,
  sandboxPaymentIntents,
  sandboxPaymentMethods,
  sandboxRefunds,
  sandboxSetupIntents,
  sandboxTransfers,
} from '../../../db/schema';

export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;
export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;
export type SandboxIntentRow = typeof sandboxPaymentIntents.$inferSelect;
export type SandboxSetupRow = typeof sandboxSetupIntents.$inferSelect;

export async function insertSandboxPaymentMethod(db: Db, values: typeof sandboxPaymentMethods.$inferInsert) {
  await insertPrepared(db, sandboxPaymentMethods, values);
}

/** The new row, or undefined when its idempotency key is already taken (the caller reads the row that won). */
async function insertUnlessKeyTaken<T extends typeof sandboxPaymentIntents | typeof sandboxCharges>(
  db: Db,
  table: T,
  values: InferInsertModel<T>,
): Promise<InferSelectModel<T> | undefined> {
  const [row] = await insertPrepared(db, table, values, 'on conflict (idempotency_key) do nothing returning *');
  return row ? rowOf(table, row) : undefined;
}

/** Inserts the intent unless its key was seen; returns the row that won. */
export async function insertSandboxIntent(
  db: Db,
  values: typeof sandboxPaymentIntents.$inferInsert,
): Promise<{ row: SandboxIntentRow; inserted: boolean }> {
  const inserted = await insertUnlessKeyTaken(db, sandboxPaymentIntents, values);
  if (inserted) return { row: inserted, inserted: true };
  const [existing] = await db
    .select()
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.idempotencyKey, values.idempotencyKey));
  if (!existing) throw new Error(`sandbox intent ${values.idempotencyKey} conflicted but cannot be read`);
  return { row: existing, inserted: false };
}

const FIND_INTENT = preparedStatement(
  'sandbox_find_intent',
  'select * from sandbox_payment_intents where id = $1::text',
);
const LOCK_INTENT = preparedStatement(
  'sandbox_lock_intent',
  'select * from sandbox_payment_intents where id = $1::text for update',
);

export async function findSandboxIntent(db: Db, id: string, lock = false): Promise<SandboxIntentRow | undefined> {
  const [row] = await runPrepared(db, lock ? LOCK_INTENT : FIND_INTENT, [id]);
  return row ? rowOf(sandboxPaymentIntents, row) : undefined;
}

/** An intent and a payment method read together: `row_to_json` of each (the method null when there is none). */
interface IntentAndMethodRow extends Record<string, unknown> {
  intent: unknown;
  method: unknown;
}

function intentAndMethod(row: IntentAndMethodRow | undefined) {
  if (!row) return undefined;
  return {
    intent: rowOf(sandboxPaymentIntents, row.intent),
    method: row.method ? rowOf(sandboxPaymentMethods, row.method) : undefined,
  };
}

/** An intent ($1) with the payment method $2 names. */
const INTENT_WITH_CHOSEN_METHOD = `select row_to_json(i) as intent, case when m.token is null then null else row_to_json(m) end as method
     from sandbox_payment_intents i left join sandbox_payment_methods m on m.token = $2::text
    where i.id = $1::text`;

const LOCK_INTENT_WITH_METHOD = preparedStatement(
  'sandbox_lock_intent_with_method',
  `${INTENT_WITH_CHOSEN_METHOD} for update of i`,
);

const FIND_INTENT_WITH_METHOD = preparedStatement(
  'sandbox_find_intent_with_method',
  `select row_to_json(i) as intent, case when m.token is null then null else row_to_json(m) end as method
     from sandbox_payment_intents i left join sandbox_payment_methods m on m.token = i.payment_method_token
    where i.id = $1::text`,
);

/**
 * An intent locked for a change, with the payment method `token` names (undefined when it is unknown), in one
 * query: a confirmation reads the card it is about to charge with the lock.
 */
export async function lockSandboxIntentWithMethod(
  db: Db,
  id: string,
  token: string,
): Promise<{ intent: SandboxIntentRow; method: SandboxPaymentMethodRow | undefined } | undefined> {
  const [row] = await runPrepared<IntentAndMethodRow>(db, LOCK_INTENT_WITH_METHOD, [id, token]);
  return intentAndMethod(row);
}

const FIND_INTENT_WITH_CHOSEN_METHOD = preparedStatement(
  'sandbox_find_intent_with_chosen_method',
  INTENT_WITH_CHOSEN_METHOD,
);

/** An intent and the payment method `token` names (undefined when it is unknown), in one query, nothing locked. */
export async function findSandboxIntentWithChosenMethod(db: Db, id: string, token: string) {
  const [row] = await runPrepared<IntentAndMethodRow>(db, FIND_INTENT_WITH_CHOSEN_METHOD, [id, token]);
  return intentAndMethod(row);
}

/**
 * A card payment that succeeds, as one statement: locks the intent while it still awaits a payment method, writes
 * the charge (its key `intent:<id>`), marks the intent succeeded with it, and records its event. Writes nothing and
 * answers undefined when the intent no longer awaits a payment method or its charge key is taken.
 */
const PAY_INTENT = preparedStatement(
  'sandbox_pay_intent',
  `with target as (
    select id, amount_cents, currency, description from sandbox_payment_intents
    where id = $1::text and status = 'requires_payment_method'
    for update
  ),
  charge as (
    insert into sandbox_charges (id, idempotency_key, amount_cents, currency, status, payment_method_token, brand, last4, description)
    select $2::text, 'intent:' || t.id, t.amount_cents, t.currency, 'succeeded', $3::text, $4::text, $5::text, t.description
    from target t
    on conflict (idempotency_key) do nothing
    returning id
  ),
  paid as (
    update sandbox_payment_intents i set status = 'succeeded', payment_method_token = $3::text, charge_id = c.id,
      failure_code = null, failure_message = null, updated_at = $6::timestamptz
    from charge c
    where i.id = $1::text
    returning i.*
  ),
  event as (
    insert into sandbox_events (id, intent_id, type, created_at) select $7::text, p.id, $8::text, $6::timestamptz from paid p
  )
  select row_to_json(p) as intent from paid p`,
);

export async function paySandboxIntent(
  db: Db,
  input: {
    intentId: string;
    chargeId: string;
    method: SandboxPaymentMethodRow;
    at: Date;
    event: { id: string; type: string };
  },
): Promise<SandboxIntentRow | undefined> {
  const [row] = await runPrepared<{ intent: unknown }>(db, PAY_INTENT, [
    input.intentId,
    input.chargeId,
    input.method.token,
    input.method.brand,
    input.method.last4,
    input.at.toISOString(),
    input.event.id,
    input.event.type,
  ]);
  return row ? rowOf(sandboxPaymentIntents, row.intent) : undefined;
}

/** An intent with its payment method (when it has one), in one query. */
export async function findSandboxIntentWithMethod(
  db: Db,
  id: string,
): Promise<{ intent: SandboxIntentRow; method: SandboxPaymentMethodRow | undefined } | undefined> {
  const [row] = await runPrepared<IntentAndMethodRow>(db, FIND_INTENT_WITH_METHOD, [id]);
  return intentAndMethod(row);
}

export async function updateSandboxIntent(
  db: Db,
  id: string,
  changes: Partial<typeof sandboxPaymentIntents.$inferInsert>,
): Promise<SandboxIntentRow> {
  const [row] = await updatePrepared(db, sandboxPaymentIntents, 'id', id, changes);
  if (!row) throw new Error(`sandbox intent ${id} vanished`);
  return rowOf(sandboxPaymentIntents, row);
}

export async function insertSandboxEvent(db: Db, values: typeof sandboxEvents.$inferInsert): Promise<void> {
  await insertPrepared(db, sandboxEvents, values);
}

const MARK_EVENT_DELIVERED = preparedStatement(
  'sandbox_mark_event_delivered',
  'update sandbox_events set delivered_at = $2::timestamptz where id = $1::text and delivered_at is null',
);

export async function markSandboxEventDelivered(db: Db, id: string, at: Date): Promise<void> {
  await runPrepared(db, MARK_EVENT_DELIVERED, [id, at.toISOString()]);
}

export async function findSandboxCharge(db: Db, idempotencyKey: string): Promise<SandboxChargeRow | undefined> {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
  return row;
}

/** Inserts the charge unless one with the same key exists; returns the row that won. */
export async function insertSandboxCharge(
  db: Db,
  values: typeof sandboxCharges.$inferInsert,
): Promise<{ row: SandboxChargeRow; inserted: boolean }> {
  const inserted = await insertUnlessKeyTaken(db, sandboxCharges, values);
  if (inserted) return { row: inserted, inserted: true };
  const existing = await findSandboxCharge(db, values.idempotencyKey);
  if (!existing) throw new Error(`sandbox charge ${values.idempotencyKey} conflicted but cannot be read`);
  return { row: existing, inserted: false };
}

const FIND_PAYMENT_METHOD = preparedStatement(
  'sandbox_find_payment_method',
  'select * from sandbox_payment_methods where token = $1::text',
);

export async function findSandboxPaymentMethod(db: Db, token: string): Promise<SandboxPaymentMethodRow | undefined> {
  const [row] = await runPrepared(db, FIND_PAYMENT_METHOD, [token]);
  return row ? rowOf(sandboxPaymentMethods, row) : undefined;
}

/** Marks a kept card removed (the first time only); false when no card has this token. */
export async function markSandboxPaymentMethodDetached(db: Db, token: string, at: Date): Promise<boolean> {
  const [row] = await db
    .update(sandboxPaymentMethods)
    .set({ detachedAt: sql`coalesce(${sandboxPaymentMethods.detachedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(sandboxPaymentMethods.token, token))
    .returning({ token: sandboxPaymentMethods.token });
  return row !== undefined;
}

export async function updateSandboxPaymentMethodBehaviour(
  db: Db,
  token: string,
  behaviour: SandboxPaymentMethodRow['behaviour'],
): Promise<boolean> {
  const rows = await db
    .update(sandboxPaymentMethods)
    .set({ behaviour })
    .where(eq(sandboxPaymentMethods.token, token))
    .returning({ token: sandboxPaymentMethods.token });
  return rows.length > 0;
}

export async function insertSandboxTransfer(
  db: Db,
  values: typeof sandboxTransfers.$inferInsert,
): Promise<typeof sandboxTransfers.$inferSelect> {
  const [inserted] = await db
    .insert(sandboxTransfers)
    .values(values)
    .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(sandboxTransfers)
    .where(eq(sandboxTransfers.idempotencyKey, values.idempotencyKey));
  if (!existing) throw new Error(`sandbox transfer ${values.idempotencyKey} conflicted but cannot be read`);
  return existing;
}

export async function findSandboxRefund(db: Db, idempotencyKey: string) {
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
  return row;
}

export async function lockSandboxCharge(tx: Db, chargeId: string): Promise<SandboxChargeRow | undefined> {
  const [row] = await tx.select().from(sandboxCharges).where(eq(sandboxCharges.id, chargeId)).for('update');
  return row;
}

export async function sumSandboxRefunds(db: Db, chargeId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${sandboxRefunds.amountCents}), 0)`.mapWith(Number) })
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.chargeId, chargeId));
  return row?.total ?? 0;
}

export type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;

/** The intent whose charge this is (every sandbox charge is an intent's). */
export async function findSandboxIntentIdOfCharge(db: Db, chargeId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: sandboxPaymentIntents.id })
    .from(sandboxPaymentIntents)
    .where(eq(sandboxPaymentIntents.chargeId, chargeId));
  return row?.id;
}

/** The refund.failed events not yet accepted by the platform, oldest first, with their refunds. */
export async function listUndeliveredRefundFailures(
  db: Db,
  type: string,
  limit: number,
): Promise<{ eventId: string; refund: SandboxRefundRow; currency: Currency }[]> {
  return db
    .select({ eventId: sandboxEvents.id, refund: sandboxRefunds, currency: sandboxCharges.currency })
    .from(sandboxEvents)
    .innerJoin(sandboxRefunds, eq(sandboxRefunds.id, sandboxEvents.refundId))
    .innerJoin(sandboxCharges, eq(sandboxCharges.id, sandboxRefunds.chargeId))
    .where(and(eq(sandboxEvents.type, type), isNull(sandboxEvents.deliveredAt)))
    .orderBy(asc(sandboxEvents.createdAt), asc(sandboxEvents.id))
    .limit(limit);
}

/** Marks a succeeded refund failed (the first time only); returns the refund as it is now. */
export async function failSandboxRefund(
  db: Db,
  id: string,
  failureReason: string,
  at: Date,
): Promise<SandboxRefundRow | undefined> {
  await db
    .update(sandboxRefunds)
    .set({ status: 'failed', failureReason, failedAt: at })
    .where(and(eq(sandboxRefunds.id, id), eq(sandboxRefunds.status, 'succeeded')));
  const [row] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.id, id));
  return row;
}

export async function insertSandboxRefund(tx: Db, values: typeof sandboxRefunds.$inferInsert) {
  const [row] = await tx.insert(sandboxRefunds).values(values).returning();
  if (!row) throw new Error('insert into sandbox_refunds returned nothing');
  return row;
}

/** Inserts the setup unless its key was seen; returns the row that won. */
export async function insertSandboxSetup(
  db: Db,
  values: typeof sandboxSetupIntents.$inferInsert,
): Promise<SandboxSetupRow> {
  const [inserted] = await db
    .insert(sandboxSetupIntents)
    .values(values)
    .onConflictDoNothing({ target: sandboxSetupIntents.idempotencyKey })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(sandboxSetupIntents)
    .where(eq(sandboxSetupIntents.idempotencyKey, values.idempotencyKey));
  if (!existing) throw new Error(`sandbox setup ${values.idempotencyKey} conflicted but cannot be read`);
  return existing;
}

export async function findSandboxSetup(db: Db, id: string, lock = false): Promise<SandboxSetupRow | undefined> {
  const query = db.select().from(sandboxSetupIntents).where(eq(sandboxSetupIntents.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateSandboxSetup(
  db: Db,
  id: string,
  changes: Partial<typeof sandboxSetupIntents.$inferInsert>,
): Promise<SandboxSetupRow> {
  const [row] = await db.update(sandboxSetupIntents).set(changes).where(eq(sandboxSetupIntents.id, id)).returning();
  if (!row) throw new Error(`sandbox setup ${id} vanished`);
  return row;
}

/**
 * What moved the sandbox's one balance in [from, to): succeeded charges, refunds, refunds' failures (the money back,
 * when the bank sent it) and transfers, oldest first.
 */
export async function listSandboxMovements(
  db: Db,
  from: Date,
  to: Date,
): Promise<
  {
    kind: 'charge' | 'refund' | 'refund_failure' | 'transfer';
    id: string;
    amountCents: number;
    currency: Currency;
    createdAt: Date;
  }[]
> {
  const charges = await db
    .select({
      id: sandboxCharges.id,
      amountCents: sandboxCharges.amountCents,
      currency: sandboxCharges.currency,
      createdAt: sandboxCharges.createdAt,
    })
    .from(sandboxCharges)
    .where(
      and(
        eq(sandboxCharges.status, 'succeeded'),
        gte(sandboxCharges.createdAt, from),
        lt(sandboxCharges.createdAt, to),
      ),
    );
  const refunds = await db
    .select({
      id: sandboxRefunds.id,
      amountCents: sandboxRefunds.amountCents,
      currency: sandboxCharges.currency,
      createdAt: sandboxRefunds.createdAt,
    })
    .from(sandboxRefunds)
    .innerJoin(sandboxCharges, eq(sandboxCharges.id, sandboxRefunds.chargeId))
    .where(and(gte(sandboxRefunds.createdAt, from), lt(sandboxRefunds.createdAt, to)));
  const refundFailures = await db
    .select({
      id: sandboxRefunds.id,
      amountCents: sandboxRefunds.amountCents,
      currency: sandboxCharges.currency,
      createdAt: sandboxRefunds.failedAt,
    })
    .from(sandboxRefunds)
    .innerJoin(sandboxCharges, eq(sandboxCharges.id, sandboxRefunds.chargeId))
    .where(
      and(eq(sandboxRefunds.status, 'failed'), gte(sandboxRefunds.failedAt, from), lt(sandboxRefunds.failedAt, to)),
    );
  const transfers = await db
    .select({
      id: sandboxTransfers.id,
      amountCents: sandboxTransfers.amountCents,
      currency: sandboxTransfers.currency,
      createdAt: sandboxTransfers.createdAt,
    })
    .from(sandboxTransfers)
    .where(and(gte(sandboxTransfers.createdAt, from), lt(sandboxTransfers.createdAt, to)));
  return [
    ...charges.map((c) => ({ kind: 'charge' as const, ...c })),
    ...refunds.map((r) => ({ kind: 'refund' as const, ...r })),
    ...refundFailures.flatMap((r) =>
      r.createdAt
        ? [
            {
              kind: 'refund_failure' as const,
              id: r.id,
              amountCents: r.amountCents,
              currency: r.currency,
              createdAt: r.createdAt,
            },
          ]
        : [],
    ),
    ...transfers.map((t) => ({ kind: 'transfer' as const, ...t })),
  ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}
