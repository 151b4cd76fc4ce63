import { ANALYTICS_CSV_COLUMNS, ANONYMOUS_SUPPORTER_NAME } from '@beabro/shared/api-schemas/analytics';
import type { AnalyticsSupportRow } from './analytics-repository';

/** Characters a spreadsheet reads as the start of a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One RFC 4180 field. A text cell a spreadsheet would run as a formula gets a leading apostrophe (shown
 * as text, never executed); a field with a comma, quote or line break is quoted, quotes doubled.
 */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Records joined by CRLF (RFC 4180), ending with one. */
export function csvDocument(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** "12.50" from 1250: plain dollars, no symbol or grouping, so spreadsheets read a number. */
export function csvDollars(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function supporterCell(row: AnalyticsSupportRow): string {
  if (row.isAnonymous) return ANONYMOUS_SUPPORTER_NAME;
  return row.supporterName?.trim() || '';
}

function typeCell(row: AnalyticsSupportRow): string {
  if (row.isRenewal) return 'Monthly renewal';
  return row.isRecurring ? 'Monthly' : 'One-time';
}

/**
 * The period's supports as a CSV file, oldest first. Anonymous supports stay anonymous; supporters' email
 * addresses are not included (the creator never sees them elsewhere either).
 */
export function supportsCsv(rows: readonly AnalyticsSupportRow[]): string {
  return csvDocument([
    ANALYTICS_CSV_COLUMNS,
    ...rows.map((row) => [
      row.createdAt.toISOString(),
      supporterCell(row),
      csvDollars(row.amountCents),
      csvDollars(row.platformFeeCents),
      csvDollars(row.processingFeeCents),
      csvDollars(row.creatorNetCents),
      typeCell(row),
      row.message,
    ]),
  ]);
}
