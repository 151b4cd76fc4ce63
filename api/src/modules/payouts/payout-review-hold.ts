import { eq } from 'drizzle-orm';
import { PAYOUT_HOLD_MESSAGES } from '@beabro/shared/api-schemas/payouts';
import type { OperatorSettingsDto } from '@beabro/shared/api-schemas/operator';
import type { Db } from '../../db/database';
import { creatorProfiles, operatorSettings } from '../../db/schema';
import { findSuspension } from '../users/account-suspension-repository';

const DEFAULT_SETTINGS: OperatorSettingsDto = { reviewThresholdCents: 50_000, reviewHoldDays: 14 };
const DAY_MS = 86_400_000;

/** The operators' review settings (the one row of operator_settings). */
export async function readReviewSettings(db: Db): Promise<OperatorSettingsDto> {
  const [row] = await db.select().from(operatorSettings).where(eq(operatorSettings.id, 1));
  return row
    ? { reviewThresholdCents: row.reviewThresholdCents, reviewHoldDays: row.reviewHoldDays }
    : DEFAULT_SETTINGS;
}

export interface OperatorHold {
  reason: string;
  key: string;
}

/**
 * Holds the operators decide: a suspended account; payouts waiting for review (a lost fraud dispute); a
 * not-yet-reviewed creator's first payout above the review threshold, until reviewed or until the hold days
 * after their first support have passed. Null when none applies.
 */
export async function operatorHoldFor(
  db: Db,
  creatorId: string,
  amountCents: number,
  firstPayout: { paidBefore: boolean; firstSupportAt: Date | null },
  at: Date,
): Promise<OperatorHold | null> {
  if (await findSuspension(db, creatorId)) return { reason: PAYOUT_HOLD_MESSAGES.suspended, key: 'suspended' };
  const [profile] = await db
    .select({ reviewedAt: creatorProfiles.reviewedAt, payoutsReviewReason: creatorProfiles.payoutsReviewReason })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId));
  if (!profile) return null;
  if (profile.payoutsReviewReason !== null) return { reason: PAYOUT_HOLD_MESSAGES.underReview, key: 'under-review' };
  if (profile.reviewedAt !== null || firstPayout.paidBefore || !firstPayout.firstSupportAt) return null;
  const settings = await readReviewSettings(db);
  if (amountCents <= settings.reviewThresholdCents) return null;
  const releaseAt = firstPayout.firstSupportAt.getTime() + settings.reviewHoldDays * DAY_MS;
  if (releaseAt <= at.getTime()) return null;
  return { reason: PAYOUT_HOLD_MESSAGES.awaitingReview, key: 'awaiting-review' };
}
