import { authHref, parseAuthSearchParams } from './auth-search-params';

const parse = (search: string) => parseAuthSearchParams(new URLSearchParams(search));

describe('parseAuthSearchParams', () => {
  it('defaults to sign-in, role supporter, no next', () => {
    expect(parse('')).toEqual({ mode: 'signin', role: 'supporter', next: null });
    expect(parse('mode=nonsense&role=admin')).toEqual({ mode: 'signin', role: 'supporter', next: null });
  });

  it('reads sign-up, the preselected role and a safe next', () => {
    expect(parse('mode=signup&role=creator&next=/create')).toEqual({
      mode: 'signup',
      role: 'creator',
      next: '/create',
    });
    expect(parse('next=%2Fsettings%3Ftab%3Daccount')).toMatchObject({ next: '/settings?tab=account' });
  });

  it('drops a next that leaves the site', () => {
    expect(parse('next=https://evil.example').next).toBeNull();
    expect(parse('next=//evil.example').next).toBeNull();
  });
});

describe('authHref', () => {
  it('builds short links that round-trip', () => {
    expect(authHref('/auth', { mode: 'signin' })).toBe('/auth');
    expect(authHref('/auth', { mode: 'signup', role: 'supporter' })).toBe('/auth?mode=signup');
    const href = authHref('/auth', { mode: 'signup', role: 'creator', next: '/create' });
    expect(href).toBe('/auth?mode=signup&role=creator&next=/create');
    expect(parse(href.split('?')[1] ?? '')).toEqual({ mode: 'signup', role: 'creator', next: '/create' });
  });
});
