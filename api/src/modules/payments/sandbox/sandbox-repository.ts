import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { preparedStatement, runPrepared, toDate } from '../../../db/prepared-statement';
import { sandboxCharges, sandboxPaymentMethods, sandboxRefunds, sandboxTransfers } from '../../../db/schema';

export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;
export type SandboxPaymentMethodRow = typeof sandboxPaymentMethods.$inferSelect;

export async function findSandboxCharge(db: Db, idempotencyKey: string): Promise<SandboxChargeRow | undefined> {
  const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
  return row;
}

/** Inserts the charge unless one with the same key exists; returns the row that won. */
export async function insertSandboxCharge(
  db: Db,
  values: typeof sandboxCharges.$inferInsert,
): Promise<{ row: SandboxChargeRow; inserted: boolean }> {
  const [inserted] = await db
    .insert(sandboxCharges)
    .values(values)
    .onConflictDoNothing({ target: sandboxCharges.idempotencyKey })
    .returning();
  if (inserted) return { row: inserted, inserted: true };
  const existing = await findSandboxCharge(db, values.idempotencyKey);
  if (!existing) throw new Error(`sandbox charge ${values.idempotencyKey} conflicted but cannot be read`);
  return { row: existing, inserted: false };
}

/**
 * A typed card's charge in one prepared statement (the checkout's hot path): the saved payment method
 * first when the charge saves one ($10 true, with the card's brand and last digits; its token is derived from the key, so a retry saves
 * none anew), then the charge unless its key was seen before. Returns the row that won, like
 * insertSandboxCharge.
 */
const INSERT_CARD_CHARGE = preparedStatement(
  'sandbox_insert_card_charge',
  `with method as (
    insert into sandbox_payment_methods (token, brand, last4, exp_month, exp_year, behaviour)
    select $14::text, $7::text, $8::text, $11::int, $12::int, $13::text where $10::boolean
    on conflict (token) do nothing
  )
  insert into sandbox_charges (id, idempotency_key, amount_cents, status, failure_code, payment_method_token, brand, last4, description)
  values ($1::text, $2::text, $3::int, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text)
  on conflict (idempotency_key) do nothing
  returning id, idempotency_key, amount_cents, status, failure_code, payment_method_token, brand, last4, description, created_at`,
);

export async function insertSandboxCardCharge(
  db: Db,
  values: Omit<typeof sandboxCharges.$inferInsert, 'createdAt'>,
  method: Omit<typeof sandboxPaymentMethods.$inferInsert, 'createdAt'> | null,
): Promise<{ row: SandboxChargeRow; inserted: boolean }> {
  const [inserted] = await runPrepared<Record<string, unknown>>(db, INSERT_CARD_CHARGE, [
    values.id,
    values.idempotencyKey,
    values.amountCents,
    values.status,
    values.failureCode ?? null,
    values.paymentMethodToken ?? null,
    values.brand,
    values.last4,
    values.description,
    method !== null,
    method?.expMonth ?? null,
    method?.expYear ?? null,
    method?.behaviour ?? null,
    method?.token ?? null,
  ]);
  if (inserted) {
    const row: SandboxChargeRow = {
      id: String(inserted.id),
      idempotencyKey: String(inserted.idempotency_key),
      amountCents: Number(inserted.amount_cents),
      status: inserted.status as SandboxChargeRow['status'],
      failureCode: (inserted.failure_code as string | null) ?? null,
      paymentMethodToken: (inserted.payment_method_token as string | null) ?? null,
      brand: String(inserted.brand),
      last4: String(inserted.last4),
      description: String(inserted.description),
      createdAt: toDate(inserted.created_at),
    };
    return { row, inserted: true };
  }
  const existing = await findSandboxCharge(db, values.idempotencyKey);
  if (!existing) throw new Error(`sandbox charge ${values.idempotencyKey} conflicted but cannot be read`);
  return { row: existing, inserted: false };
}

export async function findSandboxPaymentMethod(db: Db, token: string): Promise<SandboxPaymentMethodRow | undefined> {
  const [row] = await db.select().from(sandboxPaymentMethods).where(eq(sandboxPaymentMethods.token, token));
  return row;
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

export async function insertSandboxRefund(tx: Db, values: typeof sandboxRefunds.$inferInsert) {
  const [row] = await tx.insert(sandboxRefunds).values(values).returning();
  if (!row) throw new Error('insert into sandbox_refunds returned nothing');
  return row;
}
