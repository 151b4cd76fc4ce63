import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import {
  REPORT_REASON_LABELS,
  REPORT_RECEIVED_MESSAGE,
  type ReportDto,
  type ReportRequest,
} from '@beabro/shared/api-schemas/operator';
import type { Db } from '../../db/database';
import { abuseReports, creatorProfiles, posts, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findLiveCreator } from '../creator-profile/find-live-creator';
import { enqueueEmail } from '../email/email-outbox';
import { EMAIL_REASONS, emailParts } from '../email/email-template';
import { consumeRateLimit, ipRateLimitKey, type RateLimitRule } from '../rate-limit/rate-limit-service';
import { isPossibleUsername } from '../public-profile/public-profile-service';
import { recordAudit } from './audit-log';
import { suspendAccount } from './suspension-service';

/** Reports one network may send in an hour (no account needed). */
export const REPORT_LIMIT_PER_IP = { name: 'report:ip', limit: 10, windowSeconds: 60 * 60 } satisfies RateLimitRule;

export const REPORT_MESSAGES = {
  pageNotFound: 'This page was not found.',
  postNotFound: 'This post was not found.',
  reportNotFound: 'This report was not found.',
  alreadyResolved: 'This report was already resolved.',
  notHidden: 'Nothing of this report is hidden.',
} as const;

/** POST /api/reports: a visitor reports a public page or one of its posts. */
export async function submitReport(db: Db, input: ReportRequest, ip: string): Promise<{ message: string }> {
  await consumeRateLimit(db, REPORT_LIMIT_PER_IP, ipRateLimitKey(ip));
  const username = input.username.trim().toLowerCase();
  const creator = isPossibleUsername(username) ? await findLiveCreator(db, username) : undefined;
  if (!creator)
    throw new AppError('not_found', REPORT_MESSAGES.pageNotFound, { username: REPORT_MESSAGES.pageNotFound });
  if (input.postId) {
    const [post] = await db
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.id, input.postId),
          eq(posts.creatorId, creator.userId),
          eq(posts.status, 'published'),
          isNull(posts.hiddenAt),
        ),
      );
    if (!post) throw new AppError('not_found', REPORT_MESSAGES.postNotFound, { postId: REPORT_MESSAGES.postNotFound });
  }
  await db.insert(abuseReports).values({
    creatorId: creator.userId,
    postId: input.postId ?? null,
    reason: input.reason,
    message: input.message ? input.message : null,
    reporterEmail: input.email?.toLowerCase() ?? null,
  });
  return { message: REPORT_RECEIVED_MESSAGE };
}

const reportColumns = {
  report: abuseReports,
  username: creatorProfiles.username,
  postTitle: posts.title,
};

type ReportJoinRow = {
  report: typeof abuseReports.$inferSelect;
  username: string;
  postTitle: string | null;
};

function toDto({ report, username, postTitle }: ReportJoinRow): ReportDto {
  return {
    id: report.id,
    createdAt: report.createdAt.toISOString(),
    reason: report.reason as ReportDto['reason'],
    message: report.message,
    reporterEmail: report.reporterEmail,
    creatorUserId: report.creatorId,
    username,
    postId: report.postId,
    postTitle,
    status: report.status,
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
    resolvedBy: report.resolvedBy,
  };
}

/** GET /api/operator/reports?status=: open ones oldest first, closed ones newest first (at most 100). */
export async function listReports(db: Db, status: 'open' | 'closed'): Promise<ReportDto[]> {
  const rows = await db
    .select(reportColumns)
    .from(abuseReports)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, abuseReports.creatorId))
    .leftJoin(posts, eq(posts.id, abuseReports.postId))
    .where(status === 'open' ? eq(abuseReports.status, 'open') : ne(abuseReports.status, 'open'))
    .orderBy(status === 'open' ? asc(abuseReports.createdAt) : desc(abuseReports.resolvedAt))
    .limit(status === 'open' ? 500 : 100);
  return rows.map(toDto);
}

async function loadReport(db: Db, reportId: string): Promise<ReportJoinRow> {
  const [row] = await db
    .select(reportColumns)
    .from(abuseReports)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, abuseReports.creatorId))
    .leftJoin(posts, eq(posts.id, abuseReports.postId))
    .where(eq(abuseReports.id, reportId))
    .for('update', { of: abuseReports });
  if (!row) throw new AppError('not_found', REPORT_MESSAGES.reportNotFound);
  return row;
}

const OUTCOME_TEXT = {
  hide: (what: string) => `We looked at your report and hid ${what}.`,
  dismiss: (what: string) => `We looked at your report about ${what} and found nothing against our rules.`,
  suspend: (what: string) => `We looked at your report about ${what} and suspended the account behind it.`,
} as const;

const CREATOR_TEXT = {
  hide: (what: string) => `After a report, our team hid ${what}.`,
  suspend: () => 'After a report, our team suspended your account.',
} as const;

/**
 * POST /api/operator/reports/:reportId/resolve: hide the page or post, dismiss, or suspend the creator; the
 * reporter (when they gave an address) and the creator (unless dismissed) are emailed; audited.
 */
export async function resolveReport(
  db: Db,
  reportId: string,
  action: 'hide' | 'dismiss' | 'suspend',
  reason: string,
  actor: string,
  now = new Date(),
): Promise<ReportDto> {
  await db.transaction(async (tx) => {
    const row = await loadReport(tx, reportId);
    if (row.report.status !== 'open') throw new AppError('conflict', REPORT_MESSAGES.alreadyResolved);
    const what = row.report.postId && row.postTitle ? `the post "${row.postTitle}"` : `the page @${row.username}`;
    if (action === 'hide') {
      if (row.report.postId) await tx.update(posts).set({ hiddenAt: now }).where(eq(posts.id, row.report.postId));
      else
        await tx.update(creatorProfiles).set({ hiddenAt: now }).where(eq(creatorProfiles.userId, row.report.creatorId));
    }
    if (action === 'suspend') {
      const reasonShown = `${REPORT_REASON_LABELS[row.report.reason as ReportDto['reason']]}: ${reason}`;
      await suspendAccount(tx, row.report.creatorId, reasonShown, actor, now, false).catch((error: unknown) => {
        // Already suspended: the report is still resolved as a suspension.
        if (!(error instanceof AppError && error.code === 'conflict')) throw error;
      });
    }
    const status = action === 'hide' ? 'hidden' : action === 'dismiss' ? 'dismissed' : 'suspended';
    await tx
      .update(abuseReports)
      .set({ status, resolvedAt: now, resolvedBy: actor, resolution: reason })
      .where(eq(abuseReports.id, reportId));
    await recordAudit(tx, {
      actor,
      action: `report.${action}`,
      target: `report:${reportId}`,
      reason,
      before: { status: 'open' },
      after: { status, creatorId: row.report.creatorId, postId: row.report.postId },
    });
    if (row.report.reporterEmail) {
      await enqueueEmail(tx, {
        kind: 'report-outcome',
        dedupeKey: `report-outcome:${reportId}`,
        to: row.report.reporterEmail,
        subject: 'Your report to Be a Bro',
        ...emailParts({
          heading: 'Thank you for your report',
          blocks: [OUTCOME_TEXT[action](what)],
          reason: 'You are receiving this email because this address was given with a report on Be a Bro.',
        }),
      });
    }
    if (action !== 'dismiss') {
      const [creator] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.report.creatorId));
      if (creator?.email)
        await enqueueEmail(tx, {
          kind: 'report-action',
          dedupeKey: `report-action:${reportId}`,
          to: creator.email,
          subject: action === 'hide' ? 'Our team hid part of your page' : 'Your Be a Bro account is suspended',
          ...emailParts({
            heading: action === 'hide' ? 'Something on your page was hidden' : 'Your account is suspended',
            blocks: [
              CREATOR_TEXT[action](what),
              `The reason: ${reason}`,
              'Reply to this email if you think this is a mistake.',
            ],
            reason: EMAIL_REASONS.creatorAccount,
          }),
        });
    }
  });
  return reportById(db, reportId);
}

async function reportById(db: Db, reportId: string): Promise<ReportDto> {
  const [row] = await db
    .select(reportColumns)
    .from(abuseReports)
    .innerJoin(creatorProfiles, eq(creatorProfiles.userId, abuseReports.creatorId))
    .leftJoin(posts, eq(posts.id, abuseReports.postId))
    .where(eq(abuseReports.id, reportId));
  if (!row) throw new AppError('not_found', REPORT_MESSAGES.reportNotFound);
  return toDto(row);
}

/** POST /api/operator/reports/:reportId/unhide: the hidden page or post is shown again (audited). */
export async function unhideReport(db: Db, reportId: string, actor: string): Promise<ReportDto> {
  await db.transaction(async (tx) => {
    const row = await loadReport(tx, reportId);
    if (row.report.status !== 'hidden') throw new AppError('conflict', REPORT_MESSAGES.notHidden);
    if (row.report.postId) await tx.update(posts).set({ hiddenAt: null }).where(eq(posts.id, row.report.postId));
    else
      await tx.update(creatorProfiles).set({ hiddenAt: null }).where(eq(creatorProfiles.userId, row.report.creatorId));
    await recordAudit(tx, {
      actor,
      action: 'report.unhide',
      target: `report:${reportId}`,
      before: { hidden: true },
      after: { hidden: false, creatorId: row.report.creatorId, postId: row.report.postId },
    });
  });
  return reportById(db, reportId);
}
