import { describe, expect, it } from 'vitest';
import { analyticsCsvColumns } from '@beabro/shared/api-schemas/analytics';
import { csvDocument, csvDollars, csvField } from '../../lib/csv';
import { supportsCsv } from './analytics-csv';
import type { AnalyticsRefundRow, AnalyticsSupportRow } from './analytics-repository';

describe('csvField (RFC 4180)', () => {
  it('leaves plain text alone', () => {
    expect(csvField('Sam Kim')).toBe('Sam Kim');
    expect(csvField('')).toBe('');
  });

  it('quotes fields with commas, quotes or line breaks, doubling the quotes', () => {
    expect(csvField('Hi, Pat')).toBe('"Hi, Pat"');
    expect(csvField('She said "go"')).toBe('"She said ""go"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('neutralises cells a spreadsheet would run as formulas with a leading apostrophe', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvField('+1 555')).toBe("'+1 555");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('\r=1')).toBe(`"'\r=1"`);
    // Only the first character matters; a plain negative number (a refund) stays a number.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('-3.00')).toBe('-3.00');
    expect(csvField('-3.00+1')).toBe("'-3.00+1");
  });

  it('joins records with CRLF and ends with one', () => {
    expect(
      csvDocument([
        ['a', 'b'],
        ['c', 'd,e'],
      ]),
    ).toBe('a,b\r\nc,"d,e"\r\n');
  });

  it('writes dollars as plain numbers with two decimals', () => {
    expect(csvDollars(0)).toBe('0.00');
    expect(csvDollars(5)).toBe('0.05');
    expect(csvDollars(123_456)).toBe('1234.56');
    expect(csvDollars(-5)).toBe('-0.05');
    expect(csvDollars(-123_456)).toBe('-1234.56');
  });
});

describe('supportsCsv', () => {
  const row = (overrides: Partial<AnalyticsSupportRow>): AnalyticsSupportRow => ({
    id: '00000000-0000-4000-8000-000000000000',
    createdAt: new Date('2025-06-15T10:00:00Z'),
    supporterName: 'Sam',
    isAnonymous: false,
    amountCents: 2_500,
    platformFeeCents: 125,
    processingFeeCents: 103,
    creatorNetCents: 2_272,
    message: '',
    isRecurring: false,
    isRenewal: false,
    ...overrides,
  });

  it('has the header row, then one row per support, and keeps anonymous supporters anonymous', () => {
    const csv = supportsCsv('usd', [
      row({}),
      row({ isAnonymous: true, supporterName: 'Secret Name', isRecurring: true, message: 'Go, go!' }),
      row({ isRenewal: true, isRecurring: true }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(analyticsCsvColumns('usd').join(','));
    expect(lines[1]).toBe('2025-06-15T10:00:00.000Z,Sam,25.00,1.25,1.03,22.72,One-time,');
    expect(lines[2]).toBe('2025-06-15T10:00:00.000Z,Anonymous,25.00,1.25,1.03,22.72,Monthly,"Go, go!"');
    expect(lines[3]).toContain(',Monthly renewal,');
    expect(csv).not.toContain('Secret Name');
    expect(lines).toHaveLength(5);
    expect(lines[4]).toBe('');
  });

  it('adds each refund as a row of its own on its date, with negative amounts and no processing fee, in date order', () => {
    const refund: AnalyticsRefundRow = {
      completedAt: new Date('2025-06-14T09:00:00Z'),
      amountCents: 1_000,
      platformFeeReturnedCents: 50,
      creatorDebitCents: 950,
      supporterName: 'Secret Name',
      isAnonymous: true,
      supportCreatedAt: new Date('2025-06-01T08:00:00Z'),
    };
    const lines = supportsCsv('usd', [row({})], [refund]).split('\r\n');
    expect(lines[1]).toBe(
      '2025-06-14T09:00:00.000Z,Anonymous,-10.00,-0.50,0.00,-9.50,Refund of the support of 2025-06-01,',
    );
    expect(lines[2]).toBe('2025-06-15T10:00:00.000Z,Sam,25.00,1.25,1.03,22.72,One-time,');
  });
});
