// Test factories for the operator console (tests only): an operator signed in through the real two-factor flow,
// or a cookie of an operator session that passed two-factor without one.
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { Db } from '../../db/database';
import { operators, twoFactorCredentials } from '../../db/schema';
import { fakeUser, type TestApp } from '../../testing/test-app';
import { SESSION_COOKIE, startSession } from '../sessions/session-service';
import { setOperator } from './operator-accounts';

const STEP_SECONDS = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/** A TOTP code the server accepts next for this account (the current step's, or the next one's once used). */
export async function nextTotpCode(db: Db, secret: string, userId: string): Promise<string> {
  const [row] = await db
    .select({ last: twoFactorCredentials.lastUsedTimeStep })
    .from(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, userId));
  const step = Math.max(currentStep(), (row?.last ?? 0) + 1);
  if (step > currentStep() + 1) throw new Error('no code left in the accepted window');
  return generate({ secret, epoch: step * STEP_SECONDS });
}

/**
 * An operator as a person becomes one: signs up, turns on two-factor in Settings, is made an operator (what
 * `operator:add` does), then signs in with password and code. Its client holds the operator session.
 */
export async function fakeOperator(t: TestApp, overrides: { email?: string } = {}) {
  const db = t.database.db;
  const account = await fakeUser(t, overrides);
  const setup = await account.client.post('/api/account/two-factor/setup');
  if (setup.statusCode !== 200) throw new Error(`two-factor set-up failed: ${setup.statusCode} ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const enabled = await account.client.post('/api/account/two-factor/enable', {
    password: account.password,
    code: await nextTotpCode(db, secret, account.user.id),
  });
  if (enabled.statusCode !== 200) throw new Error(`two-factor enable failed: ${enabled.statusCode} ${enabled.body}`);
  const change = await setOperator(db, account.email, false);
  if (change.kind !== 'added') throw new Error(`operator:add did not add: ${change.kind}`);
  const password = await account.client.post('/api/auth/sign-in', { email: account.email, password: account.password });
  if (password.statusCode !== 202) throw new Error(`sign-in did not ask for a code: ${password.statusCode}`);
  const { challenge } = (password.json() as { twoFactor: { challenge: string } }).twoFactor;
  const signedIn = await account.client.post('/api/auth/sign-in/two-factor', {
    challenge,
    code: await nextTotpCode(db, secret, account.user.id),
  });
  if (signedIn.statusCode !== 200)
    throw new Error(`two-factor sign-in failed: ${signedIn.statusCode} ${signedIn.body}`);
  return { ...account, secret };
}

/** A cookie header of a new session of an operator (made one if not yet), as after a two-factor sign-in. */
export async function operatorSessionCookie(db: Db, userId: string, twoFactor = true): Promise<string> {
  await db.insert(operators).values({ userId, addedBy: 'test' }).onConflictDoNothing();
  const { token } = await startSession(db, userId, { twoFactor });
  return `${SESSION_COOKIE}=${token}`;
}
