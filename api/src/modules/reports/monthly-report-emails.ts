import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import type { OutgoingEmail } from '../email/email-outbox';
import { composeEmail, EMAIL_REASONS, notificationSettingsUrl, type EmailBlock } from '../email/email-template';
import { monthlyReportKey, type MonthFigures, type ReportRecipient } from './monthly-report-repository';

export interface MonthlyReport {
  /** The creator's currency: every amount of the report is in it. */
  currency: Currency;
  /** "YYYY-MM". */
  month: string;
  /** "October 2026". */
  monthLabel: string;
  figures: MonthFigures;
  topSupporters: Array<{ name: string; totalCents: number; supportCount: number }>;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The report of one creator's month; a month with nothing in it gets a short one (the creator asked for a report every month). */
export async function monthlyReportEmail(
  to: ReportRecipient,
  report: MonthlyReport,
  origin: string,
): Promise<OutgoingEmail> {
  const base = origin.replace(/\/+$/, '');
  const { figures: f } = report;
  const subject = `Your ${report.monthLabel} report on Be a Bro`;
  const blocks: EmailBlock[] = [];
  if (f.supportCount === 0 && f.refundCount === 0) {
    blocks.push(
      `Hi ${to.displayName}, no supports came in during ${report.monthLabel}.`,
      `Sharing your page is the best way to change that: ${base}/${to.username}`,
    );
  } else {
    blocks.push(`Hi ${to.displayName}, here is how ${report.monthLabel} went.`);
    const rows: Array<[string, string]> = [
      ['Supports', String(f.supportCount)],
      ['Gross', formatMoney(f.grossCents, report.currency)],
      ['Net after fees', formatMoney(f.netCents, report.currency)],
      ['New supporters', String(f.newSupporters)],
      ['Monthly supporters active', String(f.monthlySupporters)],
    ];
    if (f.refundCount > 0) {
      rows.push(
        ['Refunds', `${plural(f.refundCount, 'refund', 'refunds')}, ${formatMoney(f.refundedCents, report.currency)}`],
        ['Net after fees and refunds', formatMoney(f.netCents - f.refundDebitCents, report.currency)],
      );
    }
    blocks.push({ details: rows });
    if (report.topSupporters.length > 0) {
      blocks.push('Your top supporters this month:', {
        details: report.topSupporters.map(
          (s) =>
            [
              s.name,
              `${formatMoney(s.totalCents, report.currency)} (${plural(s.supportCount, 'support', 'supports')})`,
            ] as [string, string],
        ),
      });
    }
  }
  return composeEmail(
    { kind: 'creator-monthly-report', dedupeKey: monthlyReportKey(to.creatorId, report.month), to: to.email, subject },
    {
      heading: `Your ${report.monthLabel} on Be a Bro`,
      blocks,
      action: { label: 'See your analytics', url: `${base}/analytics` },
      footer: ['Figures in US dollars, for the calendar month in UTC. Refunds count in the month they were made.'],
      reason: EMAIL_REASONS.creatorNotification,
      notificationSettingsUrl: notificationSettingsUrl(origin),
    },
  );
}
