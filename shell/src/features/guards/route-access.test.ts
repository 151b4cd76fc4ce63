import type { SessionUser } from '@beabro/shared/types/session-user';
import { decideAccess } from './route-access';

const supporter: SessionUser = {
  id: '6f1c1a52-52a8-4a57-9b3e-0d2f6f0b1a02',
  email: 'sam@example.com',
  username: null,
  displayName: 'Sam',
  isCreator: false,
  userType: 'supporter',
  emailVerified: false,
};
const creatorWithoutPage: SessionUser = { ...supporter, userType: 'creator' };
const creator: SessionUser = { ...supporter, username: 'maya', isCreator: true, userType: 'creator' };

const at = (pathname: string, search = '') => ({ pathname, search });
const signedIn = (user: SessionUser) => ({ status: 'signed-in' as const, user });
const signedOut = { status: 'signed-out' as const, user: null };
const unknown = { status: 'unknown' as const, user: null };

describe('decideAccess', () => {
  it.each(['creator', 'signed-in'] as const)('waits while the session is unknown (%s routes)', (access) => {
    expect(decideAccess(access, unknown, at('/dashboard'))).toEqual({ kind: 'wait' });
  });

  it('sends a signed-out visitor to sign in, keeping the path and query as next', () => {
    expect(decideAccess('creator', signedOut, at('/dashboard'))).toEqual({
      kind: 'redirect',
      to: '/auth?next=/dashboard',
    });
    expect(decideAccess('creator', signedOut, at('/settings', '?tab=account&x=1'))).toEqual({
      kind: 'redirect',
      to: '/auth?next=/settings%3Ftab%3Daccount%26x%3D1',
    });
    expect(decideAccess('signed-in', signedOut, at('/supporter-dashboard'))).toEqual({
      kind: 'redirect',
      to: '/auth?next=/supporter-dashboard',
    });
  });

  it('lets a creator with a page into creator routes, and sends anyone signed in without one to onboarding', () => {
    expect(decideAccess('creator', signedIn(creator), at('/analytics'))).toEqual({ kind: 'allow' });
    expect(decideAccess('creator', signedIn(supporter), at('/dashboard'))).toEqual({ kind: 'redirect', to: '/create' });
    expect(decideAccess('creator', signedIn(creatorWithoutPage), at('/settings'))).toEqual({
      kind: 'redirect',
      to: '/create',
    });
  });

  it('lets any signed-in user into signed-in routes', () => {
    expect(decideAccess('signed-in', signedIn(supporter), at('/supporter-dashboard'))).toEqual({ kind: 'allow' });
    expect(decideAccess('signed-in', signedIn(creator), at('/supporter-dashboard'))).toEqual({ kind: 'allow' });
  });

  it('lets only an operator into an operator route, and tells anyone else why', () => {
    expect(decideAccess('operator', signedIn({ ...creator, isOperator: true }), at('/operator/people'))).toEqual({
      kind: 'allow',
    });
    for (const user of [creator, supporter, { ...supporter, isOperator: false }])
      expect(decideAccess('operator', signedIn(user), at('/operator'))).toEqual({
        kind: 'forbidden',
        message: 'Only operators can open the operator console.',
      });
    expect(decideAccess('operator', signedOut, at('/operator/reports'))).toEqual({
      kind: 'redirect',
      to: '/auth?next=/operator/reports',
    });
    expect(decideAccess('operator', unknown, at('/operator'))).toEqual({ kind: 'wait' });
  });
});
