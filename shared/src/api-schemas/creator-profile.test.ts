import { SUPPORTED_PAYOUT_COUNTRIES } from '@beabro/shared/data/defaults';
import { SUPPORT_TIERS } from '@beabro/shared/data/support-tiers';
import {
  COUNTRY_CODES,
  CREATOR_PROFILE_MESSAGES,
  TIER_MESSAGES,
  countrySchema,
  supportTiersSchema,
  tierEmojiSchema,
  updateCreatorProfileSchema,
  usernameChangeTooSoonMessage,
} from '@beabro/shared/api-schemas/creator-profile';
import { ONBOARDING_MESSAGES } from '@beabro/shared/schemas/onboarding';

const sampleTiersInput = () =>
  SUPPORT_TIERS.map((tier) => ({
    name: tier.name,
    emoji: tier.emoji,
    description: tier.description,
    perks: [...tier.perks],
    isRecurring: tier.isRecurring,
    amount: tier.amountCents / 100,
  }));

describe('supportTiersSchema', () => {
  it('accepts the sample tiers every new creator starts with', () => {
    expect(supportTiersSchema.safeParse({ tiers: sampleTiersInput() }).success).toBe(true);
  });

  it('wants exactly four tiers', () => {
    for (const tiers of [[], sampleTiersInput().slice(0, 3), [...sampleTiersInput(), sampleTiersInput()[0]]]) {
      const result = supportTiersSchema.safeParse({ tiers });
      expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([TIER_MESSAGES.count]);
    }
  });

  it('trims texts and defaults description and perks', () => {
    const [, ...rest] = sampleTiersInput();
    const parsed = supportTiersSchema.parse({
      tiers: [{ name: '  Coffee ', emoji: ' ☕ ', isRecurring: false, amount: '3' }, ...rest],
    });
    expect(parsed.tiers[0]).toEqual({
      name: 'Coffee',
      emoji: '☕',
      description: '',
      perks: [],
      isRecurring: false,
      amount: 3,
    });
  });
});

describe('tierEmojiSchema', () => {
  it.each(['🤝', '⛽', '❤️', '❤', '1️⃣', '🇬🇧', '👩🏽‍💻', '👨‍👩‍👧‍👦', '🏴󠁧󠁢󠁳󠁣󠁴󠁿'])('accepts %s', (emoji) => {
    expect(tierEmojiSchema.safeParse(emoji).success).toBe(true);
  });

  it.each([
    ['', TIER_MESSAGES.emojiRequired],
    ['abc', TIER_MESSAGES.emojiInvalid],
    ['#', TIER_MESSAGES.emojiInvalid],
    ['7', TIER_MESSAGES.emojiInvalid],
    ['🤝 hi', TIER_MESSAGES.emojiInvalid],
    ['<img>', TIER_MESSAGES.emojiInvalid],
    ['🤝🤝🤝🤝🤝🤝🤝🤝🤝', TIER_MESSAGES.emojiTooLong],
  ])('refuses %j with %j', (emoji, message) => {
    const result = tierEmojiSchema.safeParse(emoji);
    expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([message]);
  });
});

describe('countrySchema', () => {
  it('holds every ISO 3166-1 alpha-2 code (and XK) and the payout countries', () => {
    expect(COUNTRY_CODES.size).toBe(250);
    for (const { code } of SUPPORTED_PAYOUT_COUNTRIES) expect(COUNTRY_CODES.has(code)).toBe(true);
  });

  it('upper-cases and accepts real codes only', () => {
    expect(countrySchema.parse(' de ')).toBe('DE');
    for (const bad of ['ZZ', 'UK', 'USA', 'U', '', '12', 42]) {
      const result = countrySchema.safeParse(bad);
      expect(result.success ? [] : result.error.issues.map((i) => i.message)).toEqual([
        CREATOR_PROFILE_MESSAGES.countryInvalid,
      ]);
    }
  });
});

describe('updateCreatorProfileSchema', () => {
  it('leaves out what was not sent', () => {
    expect(updateCreatorProfileSchema.parse({})).toEqual({});
    expect(updateCreatorProfileSchema.parse({ displayName: ' Maya ' })).toEqual({ displayName: 'Maya' });
  });

  it('tells "remove the goal" (null or an emptied input) from "unchanged" (absent)', () => {
    expect(updateCreatorProfileSchema.parse({ goalAmount: null })).toEqual({ goalAmount: null });
    expect(updateCreatorProfileSchema.parse({ goalAmount: '  ' })).toEqual({ goalAmount: null });
    expect(updateCreatorProfileSchema.parse({ goalAmount: '250' })).toEqual({ goalAmount: 250 });
    expect('goalAmount' in updateCreatorProfileSchema.parse({ goalTitle: 'x' })).toBe(false);
  });

  it('lets settings clear the bio but keeps every other rule of the forms', () => {
    expect(updateCreatorProfileSchema.parse({ bio: '' })).toEqual({ bio: '' });
    const result = updateCreatorProfileSchema.safeParse({
      username: 'admin',
      displayName: '',
      minimumAmount: 0,
      showEarnings: 'on',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.success ? [] : result.error.issues).map((i) => [i.path.join('.'), i.message]),
    );
    expect(messages).toEqual({
      username: ONBOARDING_MESSAGES.usernameNotAvailable,
      displayName: ONBOARDING_MESSAGES.displayNameRequired,
      minimumAmount: ONBOARDING_MESSAGES.minimumAmountRange,
      showEarnings: 'Choose on or off',
    });
  });
});

describe('usernameChangeTooSoonMessage', () => {
  it('names the UTC calendar date as "Month D, YYYY"', () => {
    expect(usernameChangeTooSoonMessage(new Date('2025-04-04T23:30:00Z'))).toBe(
      'You can change your username again on April 4, 2025.',
    );
    expect(usernameChangeTooSoonMessage(new Date('2026-01-01T00:00:00Z'))).toBe(
      'You can change your username again on January 1, 2026.',
    );
  });
});
