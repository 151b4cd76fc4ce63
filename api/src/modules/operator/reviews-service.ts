import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OperatorSettingsDto, ReviewQueueItemDto } from '@beabro/shared/api-schemas/operator';
import type { Db } from '../../db/database';
import { creatorProfiles, operatorSettings, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { readReviewSettings } from '../payouts/payout-review-hold';
import { recordAudit } from './audit-log';

export const NOT_A_CREATOR_MESSAGE = 'This account has no creator page to review.';

/**
 * GET /api/operator/reviews: creators not reviewed yet (or whose payouts wait for a review) who have
 * supports or a payout, oldest first.
 */
export async function listReviewQueue(db: Db): Promise<ReviewQueueItemDto[]> {
  const rows = await db
    .select({
      userId: creatorProfiles.userId,
      username: creatorProfiles.username,
      displayName: creatorProfiles.displayName,
      currency: creatorProfiles.currency,
      createdAt: creatorProfiles.createdAt,
      firstSupportAt: sql<
        Date | string | null
      >`(select min(s.created_at) from supports s where s.creator_id = ${creatorProfiles.userId})`,
      supportsCount:
        sql<number>`(select count(*) from supports s where s.creator_id = ${creatorProfiles.userId})`.mapWith(Number),
      grossCents:
        sql<number>`(select coalesce(sum(s.amount_cents), 0) from supports s where s.creator_id = ${creatorProfiles.userId})`.mapWith(
          Number,
        ),
      unpaidCents:
        sql<number>`(select coalesce(sum(l.amount_cents), 0) from ledger_entries l where l.account = 'creator:' || ${creatorProfiles.userId}::text)`.mapWith(
          Number,
        ),
    })
    .from(creatorProfiles)
    .innerJoin(users, eq(users.id, creatorProfiles.userId))
    .where(
      and(
        isNull(creatorProfiles.deletedAt),
        isNull(users.deletedAt),
        sql`(${creatorProfiles.reviewedAt} is null or ${creatorProfiles.payoutsReviewReason} is not null)`,
        sql`(exists (select 1 from supports s where s.creator_id = ${creatorProfiles.userId}) or exists (select 1 from payouts p where p.creator_id = ${creatorProfiles.userId}))`,
      ),
    )
    .orderBy(creatorProfiles.createdAt)
    .limit(200);
  return rows.map((row) => ({
    userId: row.userId,
    username: row.username,
    displayName: row.displayName,
    createdAt: row.createdAt.toISOString(),
    firstSupportAt: row.firstSupportAt === null ? null : new Date(row.firstSupportAt).toISOString(),
    supportsCount: row.supportsCount,
    currency: row.currency,
    grossCents: row.grossCents,
    unpaidCents: row.unpaidCents,
  }));
}

/** POST /api/operator/people/:userId/review: the creator is reviewed; payouts held for review go next run. */
export async function markReviewed(db: Db, userId: string, actor: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ reviewedAt: creatorProfiles.reviewedAt, payoutsReviewReason: creatorProfiles.payoutsReviewReason })
      .from(creatorProfiles)
      .where(eq(creatorProfiles.userId, userId))
      .for('update');
    if (!profile) throw new AppError('not_found', NOT_A_CREATOR_MESSAGE);
    await tx
      .update(creatorProfiles)
      .set({ reviewedAt: now, payoutsReviewReason: null })
      .where(eq(creatorProfiles.userId, userId));
    await recordAudit(tx, {
      actor,
      action: 'creator.review',
      target: `user:${userId}`,
      before: {
        reviewedAt: profile.reviewedAt?.toISOString() ?? null,
        payoutsReviewReason: profile.payoutsReviewReason,
      },
      after: { reviewedAt: now.toISOString(), payoutsReviewReason: null },
    });
  });
}

export const getSettings = readReviewSettings;

/** PUT /api/operator/settings (audited). */
export async function updateSettings(
  db: Db,
  settings: OperatorSettingsDto,
  actor: string,
): Promise<OperatorSettingsDto> {
  return db.transaction(async (tx) => {
    const before = await readReviewSettings(tx);
    await tx
      .insert(operatorSettings)
      .values({ id: 1, ...settings })
      .onConflictDoUpdate({ target: operatorSettings.id, set: settings });
    await recordAudit(tx, { actor, action: 'settings.update', target: 'settings:review', before, after: settings });
    return settings;
  });
}
