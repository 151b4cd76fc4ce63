import { ANALYTICS_CSV_COLUMNS, ANONYMOUS_SUPPORTER_NAME } from '@beabro/shared/api-schemas/analytics';
import type { AnalyticsRefundRow, AnalyticsSupportRow } from './analytics-repository';

/** Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEGATIVE_NUMBER = /^-\d+(?:\.\d+)?$/;

/**
 * One RFC 4180 field. A text cell a spreadsheet would run as a formula gets a leading apostrophe (shown
 * as text, never executed); a field with a comma, quote or line break is quoted, quotes doubled.
 */
export function csvField(value: string): string {
  // A plain negative number ("-3.00", a refund) is read as a number, never run: it keeps its sign.
  const safe = FORMULA_START.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Records joined by CRLF (RFC 4180), ending with one. */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** "12.50" from 1250: plain dollars, no symbol or grouping, so spreadsheets read a number. */
export function csvDollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function supporterCell(row: Pick<AnalyticsSupportRow, 'isAnonymous' | 'supporterName'>): string {
  if (row.isAnonymous) return ANONYMOUS_SUPPORTER_NAME;
  return row.supporterName?.trim() || '';
}

function typeCell(row: AnalyticsSupportRow): string {
  if (row.isRenewal) return 'Monthly renewal';
  return row.isRecurring ? 'Monthly' : 'One-time';
}

/**
 * The period's supports and refunds as a CSV file, oldest first. A refund is a row of its own on its
 * date, with negative amounts: the money back to the supporter, the platform fee returned, no processing
 * fee (it is not returned) and what came off the creator; so the columns add up to the period's figures.
 * Anonymous supports stay anonymous; supporters' email addresses are not included (the creator never
 * sees them elsewhere either).
 */
export function supportsCsv(
  rows: readonly AnalyticsSupportRow[],
  refunded: readonly AnalyticsRefundRow[] = [],
): string {
  const lines: Array<{ at: Date; cells: string[] }> = [
    ...rows.map((row) => ({
      at: row.createdAt,
      cells: [
        row.createdAt.toISOString(),
        supporterCell(row),
        csvDollars(row.amountCents),
        csvDollars(row.platformFeeCents),
        csvDollars(row.processingFeeCents),
        csvDollars(row.creatorNetCents),
        typeCell(row),
        row.message,
      ],
    })),
    ...refunded.map((refund) => ({
      at: refund.completedAt,
      cells: [
        refund.completedAt.toISOString(),
        supporterCell(refund),
        csvDollars(-refund.amountCents),
        csvDollars(-refund.platformFeeReturnedCents),
        csvDollars(0),
        csvDollars(-refund.creatorDebitCents),
        `Refund of the support of ${refund.supportCreatedAt.toISOString().slice(0, 10)}`,
        '',
      ],
    })),
  ];
  // Stable: a support and a refund at the same instant keep supports first.
  lines.sort((a, b) => a.at.getTime() - b.at.getTime());
  return csvDocument([ANALYTICS_CSV_COLUMNS, ...lines.map((line) => line.cells)]);
}
