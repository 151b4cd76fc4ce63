import fc from 'fast-check';
import type { ZodType } from 'zod';
import { CREATOR_TYPE_IDS } from '@beabro/shared/data/creator-types';
import { SOCIAL_PLATFORM_IDS } from '@beabro/shared/data/social-platforms';
import {
  ONBOARDING_MESSAGES,
  SOCIAL_LINK_MESSAGES,
  bioSchema,
  creatorTypeSchema,
  displayNameSchema,
  normalizeSocialHandle,
  normalizeUsername,
  onboardingBasicsSchema,
  onboardingSchema,
  onboardingSocialLinksSchema,
  onboardingSupportSchema,
  socialLinksSchema,
  toCreatorProfileDraft,
  usernameSchema,
} from '@beabro/shared/schemas/onboarding';
import type { SocialPlatform } from '@beabro/shared/data/social-platforms';

function messagesAt(schema: ZodType, input: unknown, path = ''): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join('.') === path).map((issue) => issue.message);
}

describe('ONBOARDING_MESSAGES', () => {
  it('carries the field and form messages word for word', () => {
    expect(ONBOARDING_MESSAGES.displayNameRequired).toBe('Display name is required');
    expect(ONBOARDING_MESSAGES.usernameRequired).toBe('Username is required');
    expect(ONBOARDING_MESSAGES.usernameTooShort).toBe('Username must be at least 3 characters');
    expect(ONBOARDING_MESSAGES.usernameInvalidChars).toBe(
      'Username can only contain letters, numbers, and underscores',
    );
    expect(ONBOARDING_MESSAGES.usernameNotAvailable).toBe('Username is not available');
    expect(ONBOARDING_MESSAGES.usernameAvailable).toBe('Username is available!');
    expect(ONBOARDING_MESSAGES.bioRequired).toBe('Bio is required');
    expect(ONBOARDING_MESSAGES.creatorTypeRequired).toBe('Creator type is required');
    expect(ONBOARDING_MESSAGES.profileCreationFailed).toBe('Failed to create profile. Please try again.');
    expect(ONBOARDING_MESSAGES.minimumAmountRange).toBe('Minimum amount must be between $1 and $100');
  });
});

describe('normalizeUsername', () => {
  it.each([
    ['John Doe', 'johndoe'],
    ['Cool_Name-99!', 'cool_name99'],
    ['  spaced  out ', 'spacedout'],
    ['Ünïcödé', 'ncd'],
    ['@bro', 'bro'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(normalizeUsername(input)).toBe(expected);
  });

  it('always yields only a-z, 0-9 and underscore, and is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (input) => {
        const once = normalizeUsername(input);
        expect(once).toMatch(/^[a-z0-9_]*$/);
        expect(normalizeUsername(once)).toBe(once);
      }),
    );
  });

  it('keeps inputs that are already valid', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9_]{0,30}$/), (input) => {
        expect(normalizeUsername(input)).toBe(input);
      }),
    );
  });
});

describe('step 1 fields', () => {
  it('displayName: required, trimmed, at most 50', () => {
    expect(messagesAt(displayNameSchema, '')).toEqual([ONBOARDING_MESSAGES.displayNameRequired]);
    expect(messagesAt(displayNameSchema, '   ')).toEqual([ONBOARDING_MESSAGES.displayNameRequired]);
    expect(messagesAt(displayNameSchema, undefined)).toEqual([ONBOARDING_MESSAGES.displayNameRequired]);
    expect(messagesAt(displayNameSchema, 'x'.repeat(51))).toEqual([ONBOARDING_MESSAGES.displayNameTooLong]);
    expect(displayNameSchema.parse('  Pixel Pat ')).toBe('Pixel Pat');
  });

  it('username: required', () => {
    expect(messagesAt(usernameSchema, '')).toEqual([ONBOARDING_MESSAGES.usernameRequired]);
    expect(messagesAt(usernameSchema, undefined)).toEqual([ONBOARDING_MESSAGES.usernameRequired]);
  });

  it('username: at least 3 characters', () => {
    expect(messagesAt(usernameSchema, 'ab')).toEqual([ONBOARDING_MESSAGES.usernameTooShort]);
    expect(usernameSchema.parse('abc')).toBe('abc');
  });

  it('username: at most 30 characters', () => {
    expect(messagesAt(usernameSchema, 'a'.repeat(31))).toEqual([ONBOARDING_MESSAGES.usernameTooLong]);
    expect(usernameSchema.parse('a'.repeat(30))).toBe('a'.repeat(30));
  });

  it.each(['pixel-pat', 'pixel pat', 'pixel.pat', 'bro!', 'émile'])(
    'username: reports invalid characters in %j',
    (username) => {
      expect(messagesAt(usernameSchema, username)).toEqual([ONBOARDING_MESSAGES.usernameInvalidChars]);
    },
  );

  it('username: lowercases (as the input does) and trims', () => {
    expect(usernameSchema.parse('  Pixel_Pat ')).toBe('pixel_pat');
  });

  it.each(['admin', 'Support', 'api', 'test', 'user', 'dashboard', 'settings', 'supporterdashboard', 'remotes'])(
    'username: reports reserved %j as not available',
    (username) => {
      expect(messagesAt(usernameSchema, username)).toEqual([ONBOARDING_MESSAGES.usernameNotAvailable]);
    },
  );

  it('bio: required, at most 200 characters of raw text', () => {
    expect(messagesAt(bioSchema, '')).toEqual([ONBOARDING_MESSAGES.bioRequired]);
    expect(messagesAt(bioSchema, '  \n ')).toEqual([ONBOARDING_MESSAGES.bioRequired]);
    expect(messagesAt(bioSchema, 'b'.repeat(201))).toEqual([ONBOARDING_MESSAGES.bioTooLong]);
    expect(bioSchema.parse('b'.repeat(200))).toHaveLength(200);
  });

  it('creatorType: one of the eight ids', () => {
    for (const id of CREATOR_TYPE_IDS) expect(creatorTypeSchema.parse(id)).toBe(id);
    expect(messagesAt(creatorTypeSchema, '')).toEqual([ONBOARDING_MESSAGES.creatorTypeRequired]);
    expect(messagesAt(creatorTypeSchema, undefined)).toEqual([ONBOARDING_MESSAGES.creatorTypeRequired]);
    // The sample data we were given uses "gaming", which is not an offered type.
    expect(messagesAt(creatorTypeSchema, 'gaming')).toEqual([ONBOARDING_MESSAGES.creatorTypeRequired]);
  });

  it('onboardingBasicsSchema reports every empty field at once', () => {
    const result = onboardingBasicsSchema.safeParse({ displayName: '', username: '', bio: '', creatorType: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['displayName', ONBOARDING_MESSAGES.displayNameRequired],
      ['username', ONBOARDING_MESSAGES.usernameRequired],
      ['bio', ONBOARDING_MESSAGES.bioRequired],
      ['creatorType', ONBOARDING_MESSAGES.creatorTypeRequired],
    ]);
  });
});

describe('step 3 support settings', () => {
  it('applies the defaults: minimum 3, suggested 5/15/25/50, no goal, empty goal title', () => {
    expect(onboardingSupportSchema.parse({})).toEqual({
      minimumAmount: 3,
      suggestedAmounts: [5, 15, 25, 50],
      goalTitle: '',
    });
  });

  it('hands out a fresh suggested-amounts array each time', () => {
    const first = onboardingSupportSchema.parse({});
    first.suggestedAmounts[0] = 99;
    expect(onboardingSupportSchema.parse({}).suggestedAmounts[0]).toBe(5);
  });

  it('accepts numeric strings from inputs', () => {
    expect(
      onboardingSupportSchema.parse({
        minimumAmount: ' 1 ',
        suggestedAmounts: ['1', '2', '3', '100'],
        goalAmount: '500',
      }),
    ).toEqual({
      minimumAmount: 1,
      suggestedAmounts: [1, 2, 3, 100],
      goalAmount: 500,
      goalTitle: '',
    });
  });

  it.each([0, 101, -5, '', 'abc', '1e2', '0x10', null, Number.NaN, Number.POSITIVE_INFINITY])(
    'minimumAmount %j: "Minimum amount must be between $1 and $100"',
    (minimumAmount) => {
      expect(messagesAt(onboardingSupportSchema, { minimumAmount }, 'minimumAmount')).toEqual([
        ONBOARDING_MESSAGES.minimumAmountRange,
      ]);
    },
  );

  it('minimumAmount: bounds 1 and 100 are allowed, cents are not', () => {
    expect(onboardingSupportSchema.parse({ minimumAmount: 1 }).minimumAmount).toBe(1);
    expect(
      onboardingSupportSchema.parse({ minimumAmount: 100, suggestedAmounts: [100, 100, 100, 100] }).minimumAmount,
    ).toBe(100);
    expect(messagesAt(onboardingSupportSchema, { minimumAmount: 2.5 }, 'minimumAmount')).toEqual([
      ONBOARDING_MESSAGES.minimumAmountWhole,
    ]);
  });

  it('suggestedAmounts: each at least $1, whole, at most the single-support cap; errors point at the index', () => {
    const input = { suggestedAmounts: [0, '', 2.5, 10_001] };
    expect(messagesAt(onboardingSupportSchema, input, 'suggestedAmounts.0')).toEqual([
      ONBOARDING_MESSAGES.suggestedAmountTooSmall,
    ]);
    expect(messagesAt(onboardingSupportSchema, input, 'suggestedAmounts.1')).toEqual([
      ONBOARDING_MESSAGES.suggestedAmountTooSmall,
    ]);
    expect(messagesAt(onboardingSupportSchema, input, 'suggestedAmounts.2')).toEqual([
      ONBOARDING_MESSAGES.suggestedAmountWhole,
    ]);
    expect(messagesAt(onboardingSupportSchema, input, 'suggestedAmounts.3')).toEqual([
      ONBOARDING_MESSAGES.suggestedAmountTooLarge,
    ]);
  });

  it('suggestedAmounts: exactly four', () => {
    expect(messagesAt(onboardingSupportSchema, { suggestedAmounts: [5, 15, 25] }, 'suggestedAmounts')).toEqual([
      ONBOARDING_MESSAGES.suggestedAmountsCount,
    ]);
    expect(messagesAt(onboardingSupportSchema, { suggestedAmounts: 'x' }, 'suggestedAmounts')).toEqual([
      ONBOARDING_MESSAGES.suggestedAmountsCount,
    ]);
  });

  it('goalAmount: optional; empty means no goal; 0 allowed; negative, cents and huge rejected', () => {
    expect(onboardingSupportSchema.parse({ goalAmount: '' }).goalAmount).toBeUndefined();
    expect(onboardingSupportSchema.parse({ goalAmount: null }).goalAmount).toBeUndefined();
    expect(onboardingSupportSchema.parse({ goalAmount: 0 }).goalAmount).toBe(0);
    expect(messagesAt(onboardingSupportSchema, { goalAmount: -1 }, 'goalAmount')).toEqual([
      ONBOARDING_MESSAGES.goalAmountNegative,
    ]);
    expect(messagesAt(onboardingSupportSchema, { goalAmount: '-1' }, 'goalAmount')).toEqual([
      ONBOARDING_MESSAGES.goalAmountNegative,
    ]);
    expect(messagesAt(onboardingSupportSchema, { goalAmount: 99.5 }, 'goalAmount')).toEqual([
      ONBOARDING_MESSAGES.goalAmountWhole,
    ]);
    expect(messagesAt(onboardingSupportSchema, { goalAmount: 'lots' }, 'goalAmount')).toEqual([
      ONBOARDING_MESSAGES.goalAmountWhole,
    ]);
    expect(messagesAt(onboardingSupportSchema, { goalAmount: 10_000_001 }, 'goalAmount')).toEqual([
      ONBOARDING_MESSAGES.goalAmountTooLarge,
    ]);
  });

  it('goalTitle: optional, trimmed, at most 80', () => {
    expect(onboardingSupportSchema.parse({ goalTitle: '  New mic ' }).goalTitle).toBe('New mic');
    expect(messagesAt(onboardingSupportSchema, { goalTitle: 't'.repeat(81) }, 'goalTitle')).toEqual([
      ONBOARDING_MESSAGES.goalTitleTooLong,
    ]);
  });

  it('property: every whole amount in range is accepted as is', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.integer({ min: 0, max: 9_900 }), { minLength: 4, maxLength: 4 }),
        (min, above) => {
          const amounts = above.map((extra) => min + extra);
          const parsed = onboardingSupportSchema.parse({ minimumAmount: min, suggestedAmounts: amounts });
          expect(parsed.minimumAmount).toBe(min);
          expect(parsed.suggestedAmounts).toEqual(amounts);
        },
      ),
    );
  });

  it('refuses a minimum above the smallest suggested amount (that tier could never be paid), next to the minimum', () => {
    const input = { minimumAmount: 30, suggestedAmounts: [5, 15, 25, 50] };
    expect(messagesAt(onboardingSupportSchema, input, 'minimumAmount')).toEqual([
      ONBOARDING_MESSAGES.minimumAboveSupportOptions,
    ]);
    expect(messagesAt(onboardingSchema, input, 'minimumAmount')).toEqual([
      ONBOARDING_MESSAGES.minimumAboveSupportOptions,
    ]);
    // Equal is fine; a minimum that is wrong by itself shows only its own message.
    expect(onboardingSupportSchema.safeParse({ minimumAmount: 5, suggestedAmounts: [5, 15, 25, 50] }).success).toBe(
      true,
    );
    expect(messagesAt(onboardingSupportSchema, { minimumAmount: 101 }, 'minimumAmount')).toEqual([
      ONBOARDING_MESSAGES.minimumAmountRange,
    ]);
  });
});

describe('step 2 social links', () => {
  const valid: Record<SocialPlatform, string[]> = {
    website: [
      'example.com',
      'https://example.com',
      'HTTPS://Example.com/about',
      'my-site.co.uk/path?x=1',
      'example.com/',
    ],
    youtube: ['pixelpat', '@pixelpat', 'https://www.youtube.com/@pixelpat', 'youtube.com/@pixel.pat-1'],
    instagram: ['maya.makes.art', '@maya_makes', 'https://www.instagram.com/maya.makes.art/', 'a'],
    twitter: ['jack', '@jack', 'https://twitter.com/jack', 'x.com/jack_99', 'https://x.com/jack?lang=en'],
    linkedin: ['jane-doe', 'linkedin.com/in/jane-doe', 'https://www.linkedin.com/in/jane-doe/'],
    tiktok: ['@dancer.one', 'dancer_1', 'https://www.tiktok.com/@dancer.one'],
    twitch: ['pixelpat_live', 'twitch.tv/pixelpat', 'https://www.twitch.tv/pixelpat'],
    github: ['octocat', 'octo-cat', 'https://github.com/octocat', 'github.com/octocat/'],
    behance: ['mayaokafor', 'behance.net/maya-okafor'],
    soundcloud: ['beats_by_bro', 'https://soundcloud.com/beats-by-bro'],
    facebook: ['greenstreets', 'facebook.com/green.streets', 'https://m.facebook.com/greenstreets'],
  };
  const invalid: Record<SocialPlatform, string[]> = {
    website: [
      'localhost',
      '192.168.0.1',
      'not a site',
      'example',
      'example.com:8080',
      'user:pw@example.com',
      `${'a'.repeat(200)}.com`,
    ],
    youtube: ['ab', 'has space', 'youtube.com/channel/UC123', 'a/b'],
    instagram: ['.leading', 'trailing.', 'double..dot', 'has-hyphen', 'x'.repeat(31)],
    twitter: ['has.dot', 'x'.repeat(16), 'has-hyphen'],
    linkedin: ['ab', 'jane_doe', 'jane doe'],
    tiktok: ['a', 'ends.', 'x'.repeat(25)],
    twitch: ['abc', 'has-hyphen', 'x'.repeat(26)],
    github: ['-octo', 'octo-', 'oc--to', 'x'.repeat(40), 'octo_cat'],
    behance: ['ab', 'has.dot'],
    soundcloud: ['ab', 'has.dot'],
    facebook: ['abcd', 'has_underscore'],
  };

  for (const platform of SOCIAL_PLATFORM_IDS) {
    it.each(valid[platform])(`${platform}: accepts %j`, (input) => {
      const result = normalizeSocialHandle(platform, input);
      expect(result.ok).toBe(true);
    });

    it.each(invalid[platform])(`${platform}: rejects %j with its message`, (input) => {
      const expected =
        platform === 'website'
          ? expect.stringMatching(/^Website|^Enter a valid website/)
          : SOCIAL_LINK_MESSAGES.handleInvalid[platform];
      expect(messagesAt(socialLinksSchema, { [platform]: input }, platform)).toEqual([expected]);
    });

    it(`${platform}: script and foreign-scheme values are rejected`, () => {
      for (const input of [
        'javascript:alert(1)',
        'JavaScript:alert(document.cookie)',
        'data:text/html,<script>',
        '<script>alert(1)</script>',
      ]) {
        expect(normalizeSocialHandle(platform, input).ok).toBe(false);
      }
    });
  }

  it('stores handles without "@", scheme or platform prefix', () => {
    expect(
      socialLinksSchema.parse({
        instagram: '@maya.makes.art',
        twitter: 'https://twitter.com/jack?lang=en',
        youtube: 'https://www.youtube.com/@pixelpat',
        linkedin: 'linkedin.com/in/jane-doe/',
        github: 'https://github.com/octocat',
        website: 'https://Example.com/About',
      }),
    ).toEqual({
      instagram: 'maya.makes.art',
      twitter: 'jack',
      youtube: 'pixelpat',
      linkedin: 'jane-doe',
      github: 'octocat',
      website: 'example.com/About',
    });
  });

  it('website: https only, with a clear message', () => {
    for (const input of ['http://example.com', 'ftp://example.com', 'javascript:alert(1)']) {
      expect(messagesAt(socialLinksSchema, { website: input }, 'website')).toEqual([
        SOCIAL_LINK_MESSAGES.websiteHttpsOnly,
      ]);
    }
    expect(messagesAt(socialLinksSchema, { website: 'localhost' }, 'website')).toEqual([
      SOCIAL_LINK_MESSAGES.websiteInvalid,
    ]);
  });

  it('website: internationalised domains are stored as punycode', () => {
    expect(socialLinksSchema.parse({ website: 'münchen.de' })).toEqual({ website: 'xn--mnchen-3ya.de' });
  });

  it('website: rejects addresses over 200 characters', () => {
    expect(messagesAt(socialLinksSchema, { website: `example.com/${'p'.repeat(200)}` }, 'website')).toEqual([
      SOCIAL_LINK_MESSAGES.websiteTooLong,
    ]);
  });

  it('empty or missing fields mean "not linked" and are dropped; unknown platforms are ignored', () => {
    expect(socialLinksSchema.parse({ website: '', github: '   ', twitter: undefined, discord: 'bro#1234' })).toEqual(
      {},
    );
    expect(onboardingSocialLinksSchema.parse({})).toEqual({ socialLinks: {} });
  });

  it('reports non-text values', () => {
    expect(messagesAt(socialLinksSchema, { github: 42 }, 'github')).toEqual([SOCIAL_LINK_MESSAGES.notText]);
  });

  it('every per-platform message names the platform', () => {
    expect(SOCIAL_LINK_MESSAGES.handleInvalid.github).toMatch(/GitHub/);
    expect(SOCIAL_LINK_MESSAGES.handleInvalid.twitter).toMatch(/X \(Twitter\)/);
  });
});

describe('onboardingSchema and toCreatorProfileDraft', () => {
  const input = {
    displayName: 'Pixel Pat',
    username: 'PixelPat',
    bio: 'Streaming for good.',
    creatorType: 'creator',
    socialLinks: { twitch: 'twitch.tv/pixelpat_live', twitter: '@pixelpat' },
    minimumAmount: '4',
    suggestedAmounts: [5, 10, 20, 40],
    goalAmount: '2000',
    goalTitle: 'New setup',
  };

  it('validates the whole wizard', () => {
    expect(onboardingSchema.parse(input)).toEqual({
      ...input,
      username: 'pixelpat',
      socialLinks: { twitch: 'pixelpat_live', twitter: 'pixelpat' },
      minimumAmount: 4,
      goalAmount: 2000,
      // "Show earnings" stays off unless the wizard turns it on.
      showEarnings: false,
    });
    expect(onboardingSchema.parse({ ...input, showEarnings: true }).showEarnings).toBe(true);
    expect(onboardingSchema.safeParse({ ...input, showEarnings: 'on' }).success).toBe(false);
  });

  it('converts to a draft in cents', () => {
    expect(toCreatorProfileDraft(onboardingSchema.parse(input))).toEqual({
      displayName: 'Pixel Pat',
      username: 'pixelpat',
      bio: 'Streaming for good.',
      creatorType: 'creator',
      socialLinks: { twitch: 'pixelpat_live', twitter: 'pixelpat' },
      minimumAmountCents: 400,
      suggestedAmountsCents: [500, 1_000, 2_000, 4_000],
      goalAmountCents: 200_000,
      goalTitle: 'New setup',
    });
  });

  it('a draft without a goal has goalAmountCents null', () => {
    const { goalAmount: _goal, goalTitle: _title, ...rest } = input;
    expect(toCreatorProfileDraft(onboardingSchema.parse(rest))).toMatchObject({ goalAmountCents: null, goalTitle: '' });
  });
});
