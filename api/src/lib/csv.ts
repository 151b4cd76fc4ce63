/*
 * CSV downloads (RFC 4180): the creator's supports and payouts, the operators' audit log. Cells a spreadsheet would
 * run as a formula are made text (OWASP "CSV injection"); amounts are plain numbers a spreadsheet reads as such.
 */

/** Characters a spreadsheet reads as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEGATIVE_NUMBER = /^-\d+(?:\.\d+)?$/;

/** Put first in a CSV download, so spreadsheets read it as UTF-8. */
export const UTF8_BOM = '\uFEFF';

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

/** "12.50" from 1250: plain units of the currency, no symbol or grouping, so spreadsheets read a number. */
export function csvDollars(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
