import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { ledgerEntries, supports } from '../../db/schema';

/**
 * A support as the application handles it: its supporter identity is the database's (set by a trigger at
 * insert), and its place on the supporter wall is kept by the wall's own queries (supporter-wall module).
 */
export type SupportRow = Omit<
  typeof supports.$inferSelect,
  'supporterId' | 'showOnWall' | 'wallHiddenAt' | 'wallLeftAt'
>;
export type LedgerEntryValues = typeof ledgerEntries.$inferInsert;

export async function insertSupportRow(db: Db, values: typeof supports.$inferInsert): Promise<SupportRow> {
  const [row] = await db.insert(supports).values(values).returning();
  if (!row) throw new Error('insert into supports returned nothing');
  return row;
}

export async function insertLedgerEntries(db: Db, entries: LedgerEntryValues[]): Promise<void> {
  if (entries.length > 0) await db.insert(ledgerEntries).values(entries);
}

/** What the platform owes a creator: the sum of their account (net earned minus paid out). */
export async function sumAccount(db: Db, creatorId: string, account: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.creatorId, creatorId), eq(ledgerEntries.account, account)));
  return row?.total ?? 0;
}
