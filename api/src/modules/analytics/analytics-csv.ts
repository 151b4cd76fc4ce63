import { analyticsCsvColumns, ANONYMOUS_SUPPORTER_NAME } from '@beabro/shared/api-schemas/analytics';
import type { Currency } from '@beabro/shared/money/currencies';
import { csvDocument, csvDollars } from '../../lib/csv';
import type { AnalyticsRefundRow, AnalyticsSupportRow } from './analytics-repository';

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
 * sees them elsewhere either). Amounts are in the creator's currency, named in the header.
 */
export function supportsCsv(
  currency: Currency,
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
  return csvDocument([analyticsCsvColumns(currency), ...lines.map((line) => line.cells)]);
}
