import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { accountSuspensions } from '../../db/schema';

export type SuspensionRow = typeof accountSuspensions.$inferSelect;

/** The account's current suspension by an operator, or null. */
export async function findSuspension(db: Db, userId: string): Promise<SuspensionRow | null> {
  const [row] = await db.select().from(accountSuspensions).where(eq(accountSuspensions.userId, userId));
  return row ?? null;
}
