export interface SocialPlatformInfo {
  id: SocialPlatform;
  label: string;
  /** Shown in front of the input so the creator types only their handle, e.g. "github.com/" or "@". */
  inputPrefix: string;
  /** Instagram, X and TikTok handles are written "@name"; the "@" is optional when typing and never stored. */
  usesAt: boolean;
  placeholder: string;
  /** https base the stored handle is appended to. For `website` the stored value is itself the address. */
  urlPrefix: string;
  /** Hosts a pasted profile URL may use; the onboarding schema strips them so pasting a full link works. */
  hosts: readonly string[];
  /** What a valid stored value looks like; anchored, so it also rules out "/", "?", "#" and scheme tricks. */
  pattern: RegExp;
  /** Human description of `pattern`, used in validation messages. */
  rule: string;
}

// Each platform's own public naming rules (as documented by the platform), kept a little lenient
// where platforms have changed them over time, so old handles still pass.
const PLATFORMS: readonly SocialPlatformInfo[] = [
  {
    id: 'website',
    label: 'Website',
    inputPrefix: 'https://',
    usesAt: false,
    placeholder: 'yourwebsite.com',
    urlPrefix: 'https://',
    hosts: [],
    // domain (ASCII or punycode, with a real TLD, so no IPs or localhost) plus optional path/query/fragment
    pattern:
      /^(?=.{4,200}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})(?:[/?#][A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*)?$/,
    rule: 'a domain such as example.com, optionally followed by a path, at most 200 characters',
  },
  {
    id: 'youtube',
    label: 'YouTube',
    inputPrefix: 'youtube.com/@',
    usesAt: false,
    placeholder: 'yourchannel',
    urlPrefix: 'https://www.youtube.com/@',
    hosts: ['youtube.com', 'www.youtube.com', 'm.youtube.com'],
    pattern: /^[A-Za-z0-9._-]{3,30}$/,
    rule: '3-30 letters, numbers, periods, hyphens and underscores',
  },
  {
    id: 'instagram',
    label: 'Instagram',
    inputPrefix: '@',
    usesAt: true,
    placeholder: 'yourhandle',
    urlPrefix: 'https://www.instagram.com/',
    hosts: ['instagram.com', 'www.instagram.com'],
    pattern: /^(?!\.)(?!.*\.\.)(?!.*\.$)[A-Za-z0-9._]{1,30}$/,
    rule: 'up to 30 letters, numbers, periods and underscores, not starting or ending with a period',
  },
  {
    id: 'twitter',
    label: 'X (Twitter)',
    inputPrefix: '@',
    usesAt: true,
    placeholder: 'yourhandle',
    urlPrefix: 'https://x.com/',
    hosts: ['x.com', 'www.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com'],
    pattern: /^[A-Za-z0-9_]{1,15}$/,
    rule: 'up to 15 letters, numbers and underscores',
  },
  {
    id: 'linkedin',
    label: 'LinkedIn',
    inputPrefix: 'linkedin.com/in/',
    usesAt: false,
    placeholder: 'yourname',
    urlPrefix: 'https://www.linkedin.com/in/',
    hosts: ['linkedin.com', 'www.linkedin.com'],
    pattern: /^[A-Za-z0-9-]{3,100}$/,
    rule: '3-100 letters, numbers and hyphens',
  },
  {
    id: 'tiktok',
    label: 'TikTok',
    inputPrefix: '@',
    usesAt: true,
    placeholder: 'yourhandle',
    urlPrefix: 'https://www.tiktok.com/@',
    hosts: ['tiktok.com', 'www.tiktok.com'],
    pattern: /^(?!.*\.$)[A-Za-z0-9._]{2,24}$/,
    rule: '2-24 letters, numbers, periods and underscores, not ending with a period',
  },
  {
    id: 'twitch',
    label: 'Twitch',
    inputPrefix: 'twitch.tv/',
    usesAt: false,
    placeholder: 'yourchannel',
    urlPrefix: 'https://www.twitch.tv/',
    hosts: ['twitch.tv', 'www.twitch.tv', 'm.twitch.tv'],
    pattern: /^[A-Za-z0-9_]{4,25}$/,
    rule: '4-25 letters, numbers and underscores',
  },
  {
    id: 'github',
    label: 'GitHub',
    inputPrefix: 'github.com/',
    usesAt: false,
    placeholder: 'yourusername',
    urlPrefix: 'https://github.com/',
    hosts: ['github.com', 'www.github.com'],
    pattern: /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/,
    rule: 'up to 39 letters, numbers and single hyphens, not starting or ending with a hyphen',
  },
  {
    id: 'behance',
    label: 'Behance',
    inputPrefix: 'behance.net/',
    usesAt: false,
    placeholder: 'yourusername',
    urlPrefix: 'https://www.behance.net/',
    hosts: ['behance.net', 'www.behance.net'],
    pattern: /^[A-Za-z0-9_-]{3,30}$/,
    rule: '3-30 letters, numbers, hyphens and underscores',
  },
  {
    id: 'soundcloud',
    label: 'SoundCloud',
    inputPrefix: 'soundcloud.com/',
    usesAt: false,
    placeholder: 'yourname',
    urlPrefix: 'https://soundcloud.com/',
    hosts: ['soundcloud.com', 'www.soundcloud.com', 'm.soundcloud.com'],
    pattern: /^[A-Za-z0-9_-]{3,25}$/,
    rule: '3-25 letters, numbers, hyphens and underscores',
  },
  {
    id: 'facebook',
    label: 'Facebook',
    inputPrefix: 'facebook.com/',
    usesAt: false,
    placeholder: 'yourpage',
    urlPrefix: 'https://www.facebook.com/',
    hosts: ['facebook.com', 'www.facebook.com', 'm.facebook.com', 'fb.com'],
    pattern: /^[A-Za-z0-9.]{5,50}$/,
    rule: '5-50 letters, numbers and periods',
  },
];

/** The eleven onboarding platforms, in display order (docs/product-rules.md#social-links). */
export const SOCIAL_PLATFORMS: readonly SocialPlatformInfo[] = Object.freeze(PLATFORMS.map((p) => Object.freeze(p)));

/** Ids in display order; a tuple so zod schemas can be built from it. */
export const SOCIAL_PLATFORM_IDS = [
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
] as const;

/** The eleven platforms offered in onboarding. */
export type SocialPlatform = (typeof SOCIAL_PLATFORM_IDS)[number];

const BY_ID = new Map(SOCIAL_PLATFORMS.map((p) => [p.id, p]));

export function getSocialPlatform(id: SocialPlatform): SocialPlatformInfo {
  const platform = BY_ID.get(id);
  if (!platform) throw new RangeError(`Unknown social platform: ${String(id)}`);
  return platform;
}

export function isSocialPlatform(value: unknown): value is SocialPlatform {
  return typeof value === 'string' && BY_ID.has(value as SocialPlatform);
}

/** True when `value` is a stored (already normalised) handle, or website address without scheme, for `platform`. */
export function isValidSocialHandle(platform: SocialPlatform, value: string): boolean {
  return getSocialPlatform(platform).pattern.test(value);
}

/**
 * Public https URL for a stored handle, or null when the value is not a valid handle for the platform.
 * It re-checks instead of trusting the caller because stored links end up in `href`s: a value that
 * slipped past validation must never become a `javascript:` or off-site link.
 */
export function socialPlatformUrl(platform: SocialPlatform, handle: string): string | null {
  const info = getSocialPlatform(platform);
  if (!info.pattern.test(handle)) return null;
  let url: URL;
  try {
    url = new URL(info.urlPrefix + handle);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  // For handle platforms, the host must stay the platform's own (the pattern already forbids "/" and "@"
  // tricks; this is the belt to those braces).
  if (platform !== 'website' && url.host !== new URL(info.urlPrefix).host) return null;
  return url.href;
}
