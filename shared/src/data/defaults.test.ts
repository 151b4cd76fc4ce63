import * as defaults from '@beabro/shared/data/defaults';

describe('defaults', () => {
  it('has the product amounts and limits', () => {
    expect(defaults.DEFAULT_MINIMUM_AMOUNT_DOLLARS).toBe(3);
    expect([defaults.MINIMUM_AMOUNT_MIN_DOLLARS, defaults.MINIMUM_AMOUNT_MAX_DOLLARS]).toEqual([1, 100]);
    expect(defaults.DEFAULT_SUGGESTED_AMOUNTS_DOLLARS).toEqual([5, 15, 25, 50]);
    expect(defaults.DEFAULT_SUPPORT_AMOUNT_DOLLARS).toBe(5);
    expect(defaults.BIO_MAX_LENGTH).toBe(200);
    expect(defaults.MESSAGE_MAX_LENGTH).toBe(200);
    expect(defaults.PASSWORD_MIN_LENGTH).toBe(8);
    expect(defaults.USERNAME_MIN_LENGTH).toBe(3);
    expect(defaults.USERNAME_CHANGE_INTERVAL_DAYS).toBe(30);
    expect(defaults.MAX_SINGLE_SUPPORT_CENTS).toBe(1_000_000);
    expect(defaults.ONBOARDING_STEP_COUNT).toBe(3);
  });

  it('has the privacy defaults', () => {
    expect(defaults.DEFAULT_PRIVACY_SETTINGS).toEqual({ showEarnings: false, showSupporterCount: true, allowMessages: true });
  });

  it('lists the four payout countries', () => {
    expect(defaults.SUPPORTED_PAYOUT_COUNTRIES).toEqual([
      { code: 'US', name: 'United States' },
      { code: 'CA', name: 'Canada' },
      { code: 'GB', name: 'United Kingdom' },
      { code: 'AU', name: 'Australia' },
    ]);
  });

  it('has the analytics periods and distribution buckets', () => {
    expect(defaults.ANALYTICS_PERIODS).toEqual(['7d', '30d', '90d', '1y']);
    expect(defaults.DEFAULT_ANALYTICS_PERIOD).toBe('30d');
    expect(defaults.SUPPORT_AMOUNT_RANGES.map((r) => r.label)).toEqual(['$1-5', '$6-15', '$16-25', '$26-50']);
  });

  it('the username strip pattern is global and reusable', () => {
    expect('A-b c'.toLowerCase().replace(defaults.USERNAME_DISALLOWED_CHARS, '')).toBe('abc');
    expect('x.y'.replace(defaults.USERNAME_DISALLOWED_CHARS, '')).toBe('xy');
  });
});
