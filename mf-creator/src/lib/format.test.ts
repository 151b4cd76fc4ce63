import { formatChange, formatPercent, formatRelative, plural } from './format';

describe('format', () => {
  it('writes percentages with one decimal at most and signs changes', () => {
    expect(formatPercent(25)).toBe('25%');
    expect(formatPercent(7.5)).toBe('7.5%');
    expect(formatPercent(null)).toBe('—');
    expect(formatChange(5.5)).toBe('+5.5%');
    expect(formatChange(-66.7)).toBe('-66.7%');
    expect(formatChange(0)).toBe('0%');
  });

  it('says how long ago, then the date after a week', () => {
    const now = new Date('2025-06-15T12:00:00Z');
    expect(formatRelative('2025-06-15T11:59:30Z', now)).toBe('just now');
    expect(formatRelative('2025-06-15T10:00:00Z', now)).toBe('2 hours ago');
    expect(formatRelative('2025-06-14T12:00:00Z', now)).toBe('1 day ago');
    expect(formatRelative('2025-06-01T12:00:00Z', now)).toBe('Jun 1, 2025');
  });

  it('pluralises with grouped numbers', () => {
    expect(plural(1, 'support')).toBe('1 support');
    expect(plural(1200, 'support')).toBe('1,200 supports');
    expect(plural(2, 'person', 'people')).toBe('2 people');
  });
});
