import { describe, expect, it } from 'vitest';
import { encodeNextParam, paths } from '@beabro/shared/contract/paths';

describe('encodeNextParam', () => {
  it('encodes everything but the slashes', () => {
    expect(encodeNextParam('/create')).toBe('/create');
    expect(encodeNextParam('/settings?tab=a&b=c')).toBe('/settings%3Ftab%3Da%26b%3Dc');
  });
});

describe('paths.signIn', () => {
  it.each(['/settings?tab=a&b=c#x', '/pixelpat', '/supporter-dashboard?tab=history'])('round-trips %j', (next) => {
    const path = paths.signIn(next);
    expect(path.startsWith('/auth?next=')).toBe(true);
    expect(new URLSearchParams(path.slice('/auth?'.length)).get('next')).toBe(next);
  });

  it('leaves the slashes of `next` readable', () => {
    expect(paths.signIn('/pixelpat/support')).toBe('/auth?next=/pixelpat/support');
  });
});

describe('paths', () => {
  it('opens settings on a tab, the profile tab without a query', () => {
    expect(paths.settings()).toBe('/settings');
    expect(paths.settings('profile')).toBe('/settings');
    expect(paths.settings('account')).toBe('/settings?tab=account');
  });

  it('carries a chosen tier to the support page', () => {
    expect(paths.support('pixelpat')).toBe('/pixelpat/support');
    expect(paths.support('pixelpat', 2)).toBe('/pixelpat/support?tier=2');
  });

  it('writes the posts pages', () => {
    expect(paths.post('pixelpat', 'studio-update')).toBe('/pixelpat/posts/studio-update');
    expect(paths.editPost('0a3d2c51-4c6e-4f7a-9d0e-7c1b2a3d4e5f')).toBe(
      '/dashboard/posts/0a3d2c51-4c6e-4f7a-9d0e-7c1b2a3d4e5f',
    );
  });
});
