import type { Db } from '../../db/database';
import { enqueueEmail } from '../email/email-outbox';
import { monthlyReportEmail } from './monthly-report-emails';
import { listReportRecipients, listTopSupporters, sumMonth } from './monthly-report-repository';

/** Reports go out on the 1st; a run in the next days still sends what the 1st missed (every instance down). */
export const REPORT_WINDOW_DAYS = 3;
const BATCH = 100;
const TOP_SUPPORTERS = 3;

const LABEL = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The calendar month (UTC) before the one `now` is in. */
export function previousMonth(now: Date): { month: string; label: string; start: Date; end: Date } {
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return { month: start.toISOString().slice(0, 7), label: LABEL.format(start), start, end };
}

export function inReportWindow(now: Date): boolean {
  return now.getUTCDate() <= REPORT_WINDOW_DAYS;
}

/**
 * The monthly-reports job: in the first days of a month, queues last month's report to every creator
 * whose monthly-report setting is on, in batches, one creator at a time. Each report has a dedupe key
 * per creator and month, and creators whose report is queued are not read again, so a re-run (or a
 * run on another instance) sends nothing twice; outside the window it does nothing.
 */
export async function runMonthlyReports(
  db: Db,
  origin: string,
  now: Date,
  log: (message: string) => void = console.error,
): Promise<{ month: string; queued: number; errors: number; skipped?: string }> {
  const period = previousMonth(now);
  if (!inReportWindow(now))
    return {
      month: period.month,
      queued: 0,
      errors: 0,
      skipped: `reports are sent on days 1 to ${REPORT_WINDOW_DAYS} of a month`,
    };
  let queued = 0;
  let errors = 0;
  let after: string | null = null;
  for (;;) {
    const batch = await listReportRecipients(db, period.month, period.end, after, BATCH);
    for (const recipient of batch) {
      // One creator whose report throws is logged and left for the next run (not queued, so still listed then).
      try {
        const figures = await sumMonth(db, recipient.creatorId, period.start, period.end);
        const topSupporters =
          figures.supportCount > 0
            ? await listTopSupporters(db, recipient.creatorId, period.start, period.end, TOP_SUPPORTERS)
            : [];
        await enqueueEmail(
          db,
          await monthlyReportEmail(
            recipient,
            { month: period.month, monthLabel: period.label, currency: recipient.currency, figures, topSupporters },
            origin,
          ),
        );
        queued += 1;
      } catch (error) {
        errors += 1;
        log(
          `the ${period.month} report of creator ${recipient.creatorId} could not be queued: ${(error as Error).stack ?? String(error)}`,
        );
      }
    }
    if (batch.length < BATCH) break;
    after = batch.at(-1)?.creatorId ?? null;
  }
  return { month: period.month, queued, errors };
}
