import { relativeTime } from './relative-time';

const now = Date.parse('2026-11-21T12:00:00.000Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('says how long ago, in the largest whole unit', () => {
    expect(relativeTime(ago(10), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(relativeTime(ago(86_400), now)).toBe('yesterday');
    expect(relativeTime(ago(3 * 86_400), now)).toBe('3 days ago');
    expect(relativeTime(ago(15 * 86_400), now)).toBe('2 weeks ago');
    expect(relativeTime(ago(45 * 86_400), now)).toBe('last month');
    expect(relativeTime(ago(800 * 86_400), now)).toBe('2 years ago');
  });
});
