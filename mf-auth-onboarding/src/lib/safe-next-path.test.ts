import { encodeNextParam, safeNextPath } from './safe-next-path';

describe('safeNextPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/create', '/create'],
    ['/settings?tab=account', '/settings?tab=account'],
    ['/pixelpat/support#tiers', '/pixelpat/support#tiers'],
  ])('keeps the same-site path %s', (raw, expected) => {
    expect(safeNextPath(raw)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    'https://evil.example/',
    '//evil.example/path',
    '/\\evil.example',
    '/\tevil',
    '\t/evil',
    ' /dashboard',
    'javascript:alert(1)',
    '/auth',
    '/auth?mode=signup',
  ])('refuses %j', (raw) => {
    expect(safeNextPath(raw)).toBeNull();
  });
});

describe('encodeNextParam', () => {
  it('encodes everything but the slashes', () => {
    expect(encodeNextParam('/create')).toBe('/create');
    expect(encodeNextParam('/settings?tab=a&b=c')).toBe('/settings%3Ftab%3Da%26b%3Dc');
    expect(new URLSearchParams(`next=${encodeNextParam('/settings?tab=a&b=c')}`).get('next')).toBe(
      '/settings?tab=a&b=c',
    );
  });
});
