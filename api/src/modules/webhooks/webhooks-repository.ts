import { and, asc, count, desc, eq, inArray, isNull, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { creatorProfiles, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The creator's page, held (FOR UPDATE) so concurrent additions cannot pass the endpoint limit. */
export async function lockLiveCreator(tx: Db, creatorId: string): Promise<boolean> {
  const rows = await tx
    .select({ userId: creatorProfiles.userId })
    .from(creatorProfiles)
    .where(and(eq(creatorProfiles.userId, creatorId), isNull(creatorProfiles.deletedAt)))
    .for('update');
  return rows.length > 0;
}

export async function hasLiveCreatorPage(db: Db, creatorId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: creatorProfiles.userId })
    .from(creatorProfiles)
    .where(and(eq(creatorProfiles.userId, creatorId), isNull(creatorProfiles.deletedAt)));
  return rows.length > 0;
}

export async function countEndpoints(tx: Db, creatorId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.creatorId, creatorId));
  return Number(row?.n ?? 0);
}

export async function listEndpointRows(db: Db, creatorId: string): Promise<WebhookEndpointRow[]> {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.creatorId, creatorId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
}

export async function findEndpoint(
  db: Db,
  creatorId: string,
  id: string,
  options: { lock?: boolean } = {},
): Promise<WebhookEndpointRow | undefined> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.creatorId, creatorId)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function insertEndpoint(
  tx: Db,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [row] = await tx.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error('webhook endpoint insert returned nothing');
  return row;
}

export async function updateEndpoint(
  tx: Db,
  id: string,
  changes: Partial<typeof webhookEndpoints.$inferInsert>,
): Promise<WebhookEndpointRow> {
  const [row] = await tx.update(webhookEndpoints).set(changes).where(eq(webhookEndpoints.id, id)).returning();
  if (!row) throw new Error(`webhook endpoint ${id} vanished`);
  return row;
}

export async function deleteEndpointRow(db: Db, creatorId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.creatorId, creatorId)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** Pending deliveries of a re-enabled endpoint are due at once. */
/** A deleted account's endpoints (URLs and secrets) and their delivery log go with it (deliveries cascade). */
export async function deleteEndpointsOfCreator(tx: Db, creatorId: string): Promise<void> {
  await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.creatorId, creatorId));
}

export async function makePendingDeliveriesDue(tx: Db, endpointId: string, now: Date): Promise<void> {
  await tx
    .update(webhookDeliveries)
    .set({ nextAttemptAt: now })
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'pending')));
}

export async function insertDelivery(
  tx: Db,
  values: typeof webhookDeliveries.$inferInsert,
): Promise<WebhookDeliveryRow> {
  const [row] = await tx.insert(webhookDeliveries).values(values).returning();
  if (!row) throw new Error('webhook delivery insert returned nothing');
  return row;
}

/** Newest first. */
export async function listDeliveryRows(db: Db, endpointId: string, limit: number): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
}

export interface ClaimedDelivery {
  delivery: WebhookDeliveryRow;
  endpoint: WebhookEndpointRow;
}

/**
 * Takes up to `limit` due deliveries of enabled endpoints of live creators: rows another sender holds are
 * skipped (SKIP LOCKED), the ones taken get their attempt counted and `next_attempt_at` pushed to
 * `leaseUntil`, so no other sender takes them while they are sent outside any transaction. A sender that
 * dies mid-way leaves them to be retried when the lease runs out.
 *
 * Fairness: at most `perEndpoint` deliveries of one endpoint are taken (its oldest due), none of the
 * `busyEndpointIds` (this sender already has as many of theirs in flight), so one slow endpoint's backlog
 * never fills a claim that other endpoints' deliveries are waiting behind.
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  limit: number,
  leaseUntil: Date,
  expiredBefore: Date,
  fairness: { perEndpoint: number; busyEndpointIds: string[] } = { perEndpoint: limit, busyEndpointIds: [] },
): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    // Due deliveries whose event is older than the retry window are given up, whatever kept them pending
    // (an outcome that could not be recorded): never re-sent at every lease.
    const expired = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          lt(webhookDeliveries.createdAt, expiredBefore),
        ),
      )
      .for('update', { skipLocked: true });
    if (expired.length > 0) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed', failedAt: now })
        .where(
          inArray(
            webhookDeliveries.id,
            expired.map((row) => row.id),
          ),
        );
    }
    const dueConditions = and(
      eq(webhookDeliveries.status, 'pending'),
      lte(webhookDeliveries.nextAttemptAt, now),
      eq(webhookEndpoints.enabled, true),
      isNull(creatorProfiles.deletedAt),
      fairness.busyEndpointIds.length > 0
        ? notInArray(webhookDeliveries.endpointId, fairness.busyEndpointIds)
        : undefined,
    );
    // Row locks cannot be taken in a query with a window function: rank first, lock the chosen after.
    const ranked = tx
      .select({
        id: webhookDeliveries.id,
        rank: sql<number>`row_number() over (partition by ${webhookDeliveries.endpointId} order by ${webhookDeliveries.nextAttemptAt}, ${webhookDeliveries.createdAt})`.as(
          'rank',
        ),
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .innerJoin(creatorProfiles, eq(creatorProfiles.userId, webhookDeliveries.creatorId))
      .where(dueConditions)
      .as('ranked');
    const due = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          inArray(
            webhookDeliveries.id,
            tx.select({ id: ranked.id }).from(ranked).where(lte(ranked.rank, fairness.perEndpoint)),
          ),
          // Checked again under the lock: a row another sender just claimed is no longer due.
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const claimed = await tx
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: leaseUntil, lastAttemptAt: now })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((row) => row.id),
        ),
      )
      .returning();
    const endpoints = await tx
      .select()
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(claimed.map((row) => row.endpointId))]));
    const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    return claimed.flatMap((delivery) => {
      const endpoint = byId.get(delivery.endpointId);
      return endpoint ? [{ delivery, endpoint }] : [];
    });
  });
}

/** The delivery, still this sender's claim (same attempt count, still pending), held for the outcome's transaction. */
export async function lockClaimedDelivery(
  tx: Db,
  id: string,
  claimedAttempts: number,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await tx
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.id, id),
        eq(webhookDeliveries.attempts, claimedAttempts),
        eq(webhookDeliveries.status, 'pending'),
      ),
    )
    .for('update');
  return row;
}

export async function updateDelivery(
  tx: Db,
  id: string,
  changes: Partial<typeof webhookDeliveries.$inferInsert>,
): Promise<void> {
  await tx.update(webhookDeliveries).set(changes).where(eq(webhookDeliveries.id, id));
}

export async function lockEndpointById(tx: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).for('update');
  return row;
}

export async function findCreatorEmail(tx: Db, creatorId: string): Promise<string | null> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, creatorId));
  return row?.email ?? null;
}
