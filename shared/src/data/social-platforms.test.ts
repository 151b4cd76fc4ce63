import fc from 'fast-check';
import {
  SOCIAL_PLATFORMS,
  SOCIAL_PLATFORM_IDS,
  getSocialPlatform,
  isSocialPlatform,
  isValidSocialHandle,
  socialPlatformUrl,
} from '@beabro/shared/data/social-platforms';

describe('social platforms', () => {
  it('lists the eleven platforms in order', () => {
    expect(SOCIAL_PLATFORMS.map((p) => p.id)).toEqual([
      'website',
      'youtube',
      'instagram',
      'twitter',
      'linkedin',
      'tiktok',
      'twitch',
      'github',
      'behance',
      'soundcloud',
      'facebook',
    ]);
    expect([...SOCIAL_PLATFORM_IDS]).toEqual(SOCIAL_PLATFORMS.map((p) => p.id));
  });

  it('instagram, twitter and tiktok use "@"; the others show a URL prefix', () => {
    expect(SOCIAL_PLATFORMS.filter((p) => p.usesAt).map((p) => p.id)).toEqual(['instagram', 'twitter', 'tiktok']);
    for (const platform of SOCIAL_PLATFORMS) {
      expect(platform.inputPrefix).toBe(platform.usesAt ? '@' : platform.inputPrefix);
      if (!platform.usesAt) expect(platform.inputPrefix).toMatch(/[./]/);
      expect(platform.urlPrefix.startsWith('https://')).toBe(true);
      expect(platform.label).not.toBe('');
    }
  });

  it.each([
    ['website', 'example.com', 'https://example.com/'],
    ['website', 'example.com/about?x=1', 'https://example.com/about?x=1'],
    ['youtube', 'pixelpat', 'https://www.youtube.com/@pixelpat'],
    ['instagram', 'maya.makes.art', 'https://www.instagram.com/maya.makes.art'],
    ['twitter', 'jack', 'https://x.com/jack'],
    ['linkedin', 'jane-doe', 'https://www.linkedin.com/in/jane-doe'],
    ['tiktok', 'dancer.one', 'https://www.tiktok.com/@dancer.one'],
    ['twitch', 'pixelpat_live', 'https://www.twitch.tv/pixelpat_live'],
    ['github', 'octocat', 'https://github.com/octocat'],
    ['behance', 'mayaokafor', 'https://www.behance.net/mayaokafor'],
    ['soundcloud', 'beats-by-bro', 'https://soundcloud.com/beats-by-bro'],
    ['facebook', 'greenstreets', 'https://www.facebook.com/greenstreets'],
  ] as const)('%s %j -> %s', (platform, handle, url) => {
    expect(socialPlatformUrl(platform, handle)).toBe(url);
  });

  it.each([
    ['website', 'javascript:alert(1)'],
    ['website', 'http://example.com'],
    ['website', 'https://example.com'],
    ['website', 'user@evil.com'],
    ['github', '../evil'],
    ['github', 'octocat/../../evil.com'],
    ['twitter', '@evil.com'],
    ['instagram', 'a@evil.com'],
    ['youtube', '//evil.com'],
    ['facebook', ''],
  ] as const)('refuses to build a URL from unvalidated %s value %j', (platform, handle) => {
    expect(socialPlatformUrl(platform, handle)).toBeNull();
  });

  it('property: any URL it builds is https and, for handle platforms, stays on the platform host', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SOCIAL_PLATFORM_IDS), fc.string(), (platform, handle) => {
        const url = socialPlatformUrl(platform, handle);
        if (url === null) return;
        const parsed = new URL(url);
        expect(parsed.protocol).toBe('https:');
        if (platform !== 'website') expect(parsed.host).toBe(new URL(getSocialPlatform(platform).urlPrefix).host);
        expect(isValidSocialHandle(platform, handle)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('looks platforms up', () => {
    expect(getSocialPlatform('github').label).toBe('GitHub');
    expect(() => getSocialPlatform('discord' as never)).toThrow(RangeError);
    expect(isSocialPlatform('twitch')).toBe(true);
    expect(isSocialPlatform('discord')).toBe(false);
  });
});
