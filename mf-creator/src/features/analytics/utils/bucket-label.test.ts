import { bucketFullLabel, bucketLabel } from './bucket-label';
import { periodFrom } from './analytics-period';

const bucket = (start: string, end = start) => ({ start, end, grossCents: 0, netCents: 0, supports: 0 });

describe('analytics utils', () => {
  it('reads the period from the URL, 30 days for anything else', () => {
    expect(periodFrom('7d')).toBe('7d');
    expect(periodFrom('1y')).toBe('1y');
    expect(periodFrom(null)).toBe('30d');
    expect(periodFrom('forever')).toBe('30d');
  });

  it('labels the axis briefly and the table in full', () => {
    expect(bucketLabel(bucket('2025-05-31'), 'day')).toBe('May 31');
    expect(bucketLabel(bucket('2025-06-01'), 'day', bucket('2025-05-31'))).toBe('Jun 1');
    expect(bucketLabel(bucket('2025-06-02'), 'day', bucket('2025-06-01'))).toBe('2');
    expect(bucketLabel(bucket('2025-06-09', '2025-06-15'), 'week', bucket('2025-06-02', '2025-06-08'))).toBe('Jun 9');
    expect(bucketLabel(bucket('2025-06-01', '2025-06-30'), 'month')).toBe('Jun');
    expect(bucketFullLabel(bucket('2025-06-02'), 'day')).toBe('Jun 2, 2025');
    expect(bucketFullLabel(bucket('2025-06-09', '2025-06-15'), 'week')).toBe('Jun 9 – Jun 15, 2025');
    expect(bucketFullLabel(bucket('2025-02-01', '2025-02-28'), 'month')).toBe('Feb 2025');
    expect(bucketFullLabel(bucket('2025-06-01', '2025-06-15'), 'month')).toBe('Jun 2025 (to Jun 15)');
  });
});
