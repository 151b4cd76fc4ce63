import type { SessionUser } from '@beabro/shared/types/session-user';
import { accountLinks, displayNameOf, primaryLinks } from './nav-links';

const creator: SessionUser = {
  id: '1',
  email: 'maya@example.com',
  username: 'maya',
  displayName: 'Maya',
  isCreator: true,
  userType: 'creator',
  emailVerified: true,
};
const supporter: SessionUser = {
  id: '2',
  email: 'sam@example.com',
  username: null,
  displayName: '',
  isCreator: false,
  userType: 'supporter',
  emailVerified: false,
};

describe('header links', () => {
  it('gives every visitor For Supporters and Help', () => {
    expect(primaryLinks(null)).toEqual([
      { to: '/discover', label: 'For Supporters' },
      { to: '/help', label: 'Help' },
    ]);
  });

  it('adds Dashboard for a creator and My Missions for a supporter', () => {
    expect(primaryLinks(creator).at(-1)).toEqual({ to: '/dashboard', label: 'Dashboard' });
    expect(primaryLinks(supporter).at(-1)).toEqual({ to: '/supporter-dashboard', label: 'My Missions' });
  });

  it('adds Operator console only for an operator', () => {
    expect(primaryLinks(creator).map((l) => l.label)).not.toContain('Operator console');
    expect(primaryLinks({ ...supporter, isOperator: false }).map((l) => l.label)).not.toContain('Operator console');
    expect(primaryLinks({ ...creator, isOperator: true }).at(-1)).toEqual({
      to: '/operator',
      label: 'Operator console',
    });
  });

  it('shows View Profile only when a username exists, and Analytics only for creators', () => {
    expect(accountLinks(creator).map((l) => l.label)).toEqual(['View Profile', 'Analytics', 'My Missions', 'Settings']);
    expect(accountLinks(creator)[0]?.to).toBe('/maya');
    expect(accountLinks(supporter).map((l) => l.label)).toEqual(['Settings']);
  });

  it('falls back to "Bro" when there is no display name', () => {
    expect(displayNameOf(supporter)).toBe('Bro');
    expect(displayNameOf(null)).toBe('Bro');
    expect(displayNameOf(creator)).toBe('Maya');
  });
});
