import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { pageViews } from '../../db/schema';

export type ViewedPage = (typeof pageViews.$inferSelect)['page'];

/** One more view of `page` on `day` (YYYY-MM-DD, UTC); a single upsert, so concurrent views never lose a count. */
export async function incrementDailyViews(db: Db, creatorId: string, page: ViewedPage, day: string): Promise<void> {
  await db
    .insert(pageViews)
    .values({ creatorId, page, day, count: 1 })
    .onConflictDoUpdate({
      target: [pageViews.creatorId, pageViews.page, pageViews.day],
      set: { count: sql`${pageViews.count} + 1` },
    });
}
