import { safeNextPath } from './safe-next-path';

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
