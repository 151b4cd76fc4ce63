import type { FeedPostDto, PublicPostDto } from '@beabro/shared/api-schemas/posts';

/** A published post as a reader who may read it gets it; override any field. */
export function samplePublicPost(overrides: Partial<PublicPostDto> = {}): PublicPostDto {
  return {
    id: '0a3d2c51-4c6e-4f7a-9d0e-7c1b2a3d4e5f',
    slug: 'studio-update',
    title: 'Studio update',
    publishedAt: '2026-11-20T10:00:00.000Z',
    editedAt: null,
    pinned: false,
    audience: 'everyone',
    minTierPosition: null,
    minTierName: null,
    publicAt: null,
    readable: true,
    bodyHtml: '<p>The new <strong>microphone</strong> arrived.</p>',
    excerpt: 'The new microphone arrived.',
    ...overrides,
  };
}

/** The same post for a reader who may not read it: what the API sends (no body, no excerpt). */
export function sampleLockedPost(overrides: Partial<PublicPostDto> = {}): PublicPostDto {
  return samplePublicPost({
    id: '1b4e3d62-5d7f-4a8b-8e1f-8d2c3b4e5f60',
    slug: 'behind-the-scenes',
    title: 'Behind the scenes',
    audience: 'tier',
    minTierPosition: 2,
    minTierName: 'Mission Champion',
    readable: false,
    bodyHtml: null,
    excerpt: null,
    ...overrides,
  });
}

export function sampleFeedPost(overrides: Partial<FeedPostDto> = {}): FeedPostDto {
  return { ...samplePublicPost(), creatorUsername: 'pixelpat', creatorDisplayName: 'Pixel Pat', ...overrides };
}
