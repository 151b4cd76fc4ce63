import { RESERVED_USERNAMES, isReservedUsername } from '@beabro/shared/data/reserved-usernames';

describe('reserved usernames', () => {
  it.each(['admin', 'support', 'api', 'test', 'user'])('reserves %j', (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  it.each(['auth', 'create', 'dashboard', 'supporter-dashboard', 'settings', 'analytics', 'help', 'discover', 'remotes', 'verify-email', 'subscriptions'])(
    'route segment %j is reserved',
    (segment) => {
      expect(isReservedUsername(segment)).toBe(true);
    },
  );

  it.each(['Supporter-Dashboard', 'supporterdashboard', 'SUPPORTER_DASHBOARD', 'remotes.json', 'favicon.ico', 'robots.txt', 'Admin'])(
    'normalised spelling %j is reserved',
    (name) => {
      expect(isReservedUsername(name)).toBe(true);
    },
  );

  it.each(['static', 'assets', 'login', 'logout', 'signup', 'about', 'terms', 'privacy', 'robots', 'favicon', 'health', 'docs', 'mail', 'dev'])(
    'infrastructure name %j is reserved',
    (name) => {
      expect(isReservedUsername(name)).toBe(true);
    },
  );

  it('leaves ordinary names free', () => {
    for (const name of ['pixelpat', 'mayamakesart', 'admin_fan', 'tester', 'users']) expect(isReservedUsername(name)).toBe(false);
  });

  it('stores only lowercase entries', () => {
    for (const name of RESERVED_USERNAMES) expect(name).toBe(name.toLowerCase());
  });
});
