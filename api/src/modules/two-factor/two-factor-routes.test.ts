import { and, eq, inArray, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@beabro/shared/api-schemas/account';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES } from '@beabro/shared/api-schemas/two-factor';
import { AUTH_MESSAGES } from '@beabro/shared/schemas/auth';
import {
  emailOutbox,
  rateLimits,
  sessions,
  twoFactorChallenges,
  twoFactorCredentials,
  twoFactorRecoveryCodes,
} from '../../db/schema';
import { createTestApp, fakeUser, type TestApp, type TestClient } from '../../testing/test-app';
import { SESSION_COOKIE } from '../sessions/session-service';
import { SIGN_IN_LIMITS } from '../rate-limit/sign-in-throttle';
import { CHALLENGE_MAX_FAILURES } from './two-factor-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
type Account = Awaited<ReturnType<typeof fakeUser>>;

const STEP_SECONDS = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/**
 * A code the server accepts next: of the current step, or of the next one (accepted as clock drift) when
 * the current step was used already. A test uses at most two codes per account, so this never waits.
 */
async function nextCode(secret: string, userId: string): Promise<string> {
  const [row] = await db()
    .select({ last: twoFactorCredentials.lastUsedTimeStep })
    .from(twoFactorCredentials)
    .where(eq(twoFactorCredentials.userId, userId));
  const step = Math.max(currentStep(), (row?.last ?? 0) + 1);
  if (step > currentStep() + 1) throw new Error('no code left in the accepted window');
  return generate({ secret, epoch: step * STEP_SECONDS });
}

/** A code the server refuses: the app's code of an hour ago. */
const staleCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) - 3600 });

async function startSetup(account: Account) {
  const res = await account.client.post('/api/account/two-factor/setup');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { secret: string; otpauthUrl: string; qrCodeDataUrl: string };
}

/** An account with two-factor sign-in on; its secret and recovery codes. */
async function accountWithTwoFactor() {
  const account = await fakeUser(t);
  const { secret } = await startSetup(account);
  const res = await account.client.post('/api/account/two-factor/enable', {
    password: account.password,
    code: await nextCode(secret, account.user.id),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...account, secret, recoveryCodes: (res.json() as { recoveryCodes: string[] }).recoveryCodes };
}

async function passwordStep(client: TestClient, email: string, password: string) {
  const res = await client.post('/api/auth/sign-in', { email, password });
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as { twoFactor: { challenge: string; expiresAt: string } }).twoFactor;
}

async function emailsTo(address: string, kind: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)));
}

async function liveSessions(userId: string) {
  return db()
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

describe('turning two-factor sign-in on', () => {
  it('gives a secret, its otpauth URI and a QR code; nothing is on until a code confirms it', async () => {
    const account = await fakeUser(t);
    const setup = await startSetup(account);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/Be%20a%20Bro:/);
    expect(setup.qrCodeDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(setup.qrCodeDataUrl.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
    expect((await account.client.get('/api/account/two-factor')).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });

    // The secret is stored encrypted, never as given.
    const [row] = await db()
      .select()
      .from(twoFactorCredentials)
      .where(eq(twoFactorCredentials.userId, account.user.id));
    expect(row?.secretEncrypted).toMatch(/^v1\./);
    expect(row?.secretEncrypted).not.toContain(setup.secret);

    // Signing in still needs only the password.
    expect(
      (await t.client().post('/api/auth/sign-in', { email: account.email, password: account.password })).statusCode,
    ).toBe(200);
  });

  it('refuses a wrong code or a wrong password next to the field, and stays off', async () => {
    const account = await fakeUser(t);
    const { secret } = await startSetup(account);
    const wrongCode = await account.client.post('/api/account/two-factor/enable', {
      password: account.password,
      code: await staleCode(secret),
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fieldErrors).toEqual({ code: TWO_FACTOR_MESSAGES.codeInvalid });

    const wrongPassword = await account.client.post('/api/account/two-factor/enable', {
      password: 'not my password',
      code: await nextCode(secret, account.user.id),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fieldErrors).toEqual({ password: ACCOUNT_MESSAGES.currentPasswordIncorrect });

    const malformed = await account.client.post('/api/account/two-factor/enable', {
      password: account.password,
      code: '12ab',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fieldErrors).toEqual({ code: TWO_FACTOR_MESSAGES.codeFormat });
    const empty = await account.client.post('/api/account/two-factor/enable', {});
    expect(empty.json().fieldErrors).toEqual({
      password: ACCOUNT_MESSAGES.currentPasswordRequired,
      code: TWO_FACTOR_MESSAGES.codeRequired,
    });

    expect((await account.client.get('/api/account/two-factor')).json()).toMatchObject({ enabled: false });
    expect(
      await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, account.user.id)),
    ).toEqual([]);
    expect(await emailsTo(account.email, 'two-factor-enabled')).toEqual([]);
  });

  it('with the right code: on, ten recovery codes (only hashes kept), other sessions signed out, an email sent', async () => {
    const account = await fakeUser(t);
    const otherDevice = t.client();
    expect(
      (await otherDevice.post('/api/auth/sign-in', { email: account.email, password: account.password })).statusCode,
    ).toBe(200);
    expect(await liveSessions(account.user.id)).toHaveLength(2);

    const { secret } = await startSetup(account);
    const res = await account.client.post('/api/account/two-factor/enable', {
      password: account.password,
      code: await nextCode(secret, account.user.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { recoveryCodes } = res.json() as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    const stored = await db()
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, account.user.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    const storedText = JSON.stringify(stored);
    for (const code of recoveryCodes) expect(storedText).not.toContain(code.replace(/-/g, ''));

    // This device stays signed in; the other one is signed out.
    expect((await account.client.get('/api/auth/me')).json().user?.id).toBe(account.user.id);
    expect((await otherDevice.get('/api/auth/me')).json().user).toBeNull();
    expect(await liveSessions(account.user.id)).toHaveLength(1);

    const status = (await account.client.get('/api/account/two-factor')).json();
    expect(status).toMatchObject({ enabled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT });
    const [email] = await emailsTo(account.email, 'two-factor-enabled');
    expect(email?.subject).toBe('Two-factor sign-in is on');
    expect(email?.textBody).toContain('Every other device was signed out');
    expect(email?.textBody).not.toContain(secret);

    // Already on: a new set-up is refused and the secret stays.
    const again = await account.client.post('/api/account/two-factor/setup');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.alreadyEnabled);
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('the right password gives a challenge, not a session; the code signs in; the challenge works once', async () => {
    const account = await accountWithTwoFactor();
    const client = t.client();
    const challenge = await passwordStep(client, account.email, account.password);
    expect(new Date(challenge.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60 * 1000);
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await client.get('/api/auth/me')).json().user).toBeNull();

    const res = await client.post('/api/auth/sign-in/two-factor', {
      challenge: challenge.challenge,
      code: await nextCode(account.secret, account.user.id),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.id).toBe(account.user.id);
    expect((await client.get('/api/auth/me')).json().user?.email).toBe(account.email);

    const reused = await t
      .client()
      .post('/api/auth/sign-in/two-factor', { challenge: challenge.challenge, code: account.recoveryCodes[0] });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(TWO_FACTOR_MESSAGES.challengeInvalid);
  });

  it('a challenge given before a password change no longer completes after it', async () => {
    const account = await accountWithTwoFactor();
    const challenge = await passwordStep(t.client(), account.email, account.password);
    const changed = await account.client.patch('/api/account/password', {
      currentPassword: account.password,
      newPassword: 'a brand new secret',
      confirmPassword: 'a brand new secret',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    const res = await t.client().post('/api/auth/sign-in/two-factor', {
      challenge: challenge.challenge,
      code: await nextCode(account.secret, account.user.id),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(TWO_FACTOR_MESSAGES.challengeInvalid);
    expect(await liveSessions(account.user.id)).toHaveLength(1);
  });

  it('a wrong password still answers only "Authentication failed" and gives no challenge', async () => {
    const account = await accountWithTwoFactor();
    const res = await t.client().post('/api/auth/sign-in', { email: account.email, password: 'not the password' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: AUTH_MESSAGES.authenticationFailed });
    expect(
      await db().select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, account.user.id)),
    ).toEqual([]);
  });

  it('refuses a code used already (replay), next to the field', async () => {
    const account = await accountWithTwoFactor();
    const code = await nextCode(account.secret, account.user.id);
    const first = t.client();
    const firstChallenge = await passwordStep(first, account.email, account.password);
    expect(
      (await first.post('/api/auth/sign-in/two-factor', { challenge: firstChallenge.challenge, code })).statusCode,
    ).toBe(200);

    const second = t.client();
    const secondChallenge = await passwordStep(second, account.email, account.password);
    const replay = await second.post('/api/auth/sign-in/two-factor', { challenge: secondChallenge.challenge, code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().fieldErrors).toEqual({ code: TWO_FACTOR_MESSAGES.codeAlreadyUsed });
    expect((await second.get('/api/auth/me')).json().user).toBeNull();
  });

  it('a recovery code signs in once, in any case and spacing; then it no longer works', async () => {
    const account = await accountWithTwoFactor();
    const [recovery = ''] = account.recoveryCodes;
    const client = t.client();
    const challenge = await passwordStep(client, account.email, account.password);
    const typed = ` ${recovery.toUpperCase().replace(/-/g, ' ')} `;
    const res = await client.post('/api/auth/sign-in/two-factor', { challenge: challenge.challenge, code: typed });
    expect(res.statusCode, res.body).toBe(200);
    expect((await client.get('/api/account/two-factor')).json()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
    });

    const later = t.client();
    const again = await passwordStep(later, account.email, account.password);
    const reused = await later.post('/api/auth/sign-in/two-factor', { challenge: again.challenge, code: recovery });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().fieldErrors).toEqual({ code: TWO_FACTOR_MESSAGES.codeOrRecoveryInvalid });
    expect((await later.get('/api/auth/me')).json().user).toBeNull();
  });

  it('a challenge takes a few wrong codes, then the password must be entered again', async () => {
    const account = await accountWithTwoFactor();
    const client = t.client();
    const { challenge } = await passwordStep(client, account.email, account.password);
    for (let i = 1; i < CHALLENGE_MAX_FAILURES; i++) {
      const res = await client.post('/api/auth/sign-in/two-factor', {
        challenge,
        code: await staleCode(account.secret),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ code: TWO_FACTOR_MESSAGES.codeOrRecoveryInvalid });
    }
    const last = await client.post('/api/auth/sign-in/two-factor', {
      challenge,
      code: await staleCode(account.secret),
    });
    expect(last.statusCode).toBe(401);
    expect(last.json().message).toBe(TWO_FACTOR_MESSAGES.challengeInvalid);
    // Even the right code cannot use the spent challenge.
    const right = await client.post('/api/auth/sign-in/two-factor', {
      challenge,
      code: await nextCode(account.secret, account.user.id),
    });
    expect(right.statusCode).toBe(401);
    expect((await client.get('/api/auth/me')).json().user).toBeNull();
  });

  it('ten wrong codes at once from ten networks: at most CHALLENGE_MAX_FAILURES of them are checked', async () => {
    const account = await accountWithTwoFactor();
    const { challenge } = await passwordStep(t.client(), account.email, account.password);
    const clients = Array.from({ length: 10 }, () => t.client());
    const code = await staleCode(account.secret);
    const answers = await Promise.all(
      clients.map((client) => client.post('/api/auth/sign-in/two-factor', { challenge, code })),
    );
    expect(answers.filter((res) => res.statusCode === 400)).toHaveLength(CHALLENGE_MAX_FAILURES - 1);
    expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(10 - (CHALLENGE_MAX_FAILURES - 1));
    // Each code checked counts against its network's sign-in limit: the refused ones were never checked.
    const keys = clients.map((client) => `${SIGN_IN_LIMITS.perIp.name}:${client.ip}`);
    const counted = await db()
      .select({ count: rateLimits.count })
      .from(rateLimits)
      .where(inArray(rateLimits.key, keys));
    expect(counted.reduce((sum, row) => sum + row.count, 0)).toBe(CHALLENGE_MAX_FAILURES);
  });

  it('wrong codes count against the sign-in limits like wrong passwords: 429 with Retry-After, even with new challenges', async () => {
    const account = await accountWithTwoFactor();
    const client = t.client();
    let refused: Awaited<ReturnType<TestClient['post']>> | null = null;
    // The network's budget for this account is SIGN_IN_LIMITS.perIpAndAccount.limit wrong attempts; a right
    // password does not give it back while the code is missing.
    for (let i = 0; i <= SIGN_IN_LIMITS.perIpAndAccount.limit && !refused; i++) {
      const first = await client.post('/api/auth/sign-in', { email: account.email, password: account.password });
      if (first.statusCode === 429) {
        refused = first;
        break;
      }
      const { challenge } = (first.json() as { twoFactor: { challenge: string } }).twoFactor;
      const res = await client.post('/api/auth/sign-in/two-factor', {
        challenge,
        code: await staleCode(account.secret),
      });
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(400);
    }
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // The right code is refused too while the limit lasts, from that network.
    const { challenge } = await passwordStep(t.client(), account.email, account.password);
    const blocked = await client.post('/api/auth/sign-in/two-factor', {
      challenge,
      code: await nextCode(account.secret, account.user.id),
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('a forged or malformed challenge gets 4xx with a message, never a session', async () => {
    const client = t.client();
    for (const body of [
      { challenge: 'x'.repeat(43), code: '123456' },
      { challenge: '', code: '123456' },
      { challenge: 'abc', code: 'not a code' },
      {},
    ]) {
      const res = await client.post('/api/auth/sign-in/two-factor', body);
      expect([400, 401]).toContain(res.statusCode);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
  });
});

describe('turning two-factor sign-in off and renewing recovery codes', () => {
  it('refuses a wrong password or a wrong code next to the field, and stays on', async () => {
    const account = await accountWithTwoFactor();
    const wrongPassword = await account.client.post('/api/account/two-factor/disable', {
      password: 'not my password',
      code: await nextCode(account.secret, account.user.id),
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().fieldErrors).toEqual({ password: ACCOUNT_MESSAGES.currentPasswordIncorrect });
    const wrongCode = await account.client.post('/api/account/two-factor/disable', {
      password: account.password,
      code: await staleCode(account.secret),
    });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().fieldErrors).toEqual({ code: TWO_FACTOR_MESSAGES.codeOrRecoveryInvalid });
    expect((await account.client.get('/api/account/two-factor')).json()).toMatchObject({ enabled: true });
    expect(await emailsTo(account.email, 'two-factor-disabled')).toEqual([]);
  });

  it('with the password and a code: off, the recovery codes gone, an email sent, and sign-in needs only the password', async () => {
    const account = await accountWithTwoFactor();
    const res = await account.client.post('/api/account/two-factor/disable', {
      password: account.password,
      code: await nextCode(account.secret, account.user.id),
    });
    expect(res.statusCode, res.body).toBe(204);
    expect((await account.client.get('/api/account/two-factor')).json()).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    expect(
      await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, account.user.id)),
    ).toEqual([]);
    expect(
      await db().select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, account.user.id)),
    ).toEqual([]);
    const [email] = await emailsTo(account.email, 'two-factor-disabled');
    expect(email?.subject).toBe('Two-factor sign-in is off');
    expect(
      (await t.client().post('/api/auth/sign-in', { email: account.email, password: account.password })).statusCode,
    ).toBe(200);
    // Off already: 409 with a message.
    const again = await account.client.post('/api/account/two-factor/disable', {
      password: account.password,
      code: '123456',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TWO_FACTOR_MESSAGES.notEnabled);
  });

  it('a recovery code turns it off too (the phone is lost)', async () => {
    const account = await accountWithTwoFactor();
    const res = await account.client.post('/api/account/two-factor/disable', {
      password: account.password,
      code: account.recoveryCodes[3],
    });
    expect(res.statusCode, res.body).toBe(204);
  });

  it('renews the recovery codes: ten new ones work, the old ones no longer do', async () => {
    const account = await accountWithTwoFactor();
    const [spent = '', old = ''] = account.recoveryCodes;
    const res = await account.client.post('/api/account/two-factor/recovery-codes', {
      password: account.password,
      code: spent,
    });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = (res.json() as { recoveryCodes: string[] }).recoveryCodes;
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh).not.toContain(old);
    expect((await account.client.get('/api/account/two-factor')).json()).toMatchObject({
      recoveryCodesLeft: RECOVERY_CODE_COUNT,
    });

    const client = t.client();
    const oldTry = await client.post('/api/auth/sign-in/two-factor', {
      challenge: (await passwordStep(client, account.email, account.password)).challenge,
      code: old,
    });
    expect(oldTry.statusCode).toBe(400);
    const newTry = await client.post('/api/auth/sign-in/two-factor', {
      challenge: (await passwordStep(client, account.email, account.password)).challenge,
      code: fresh[0],
    });
    expect(newTry.statusCode, newTry.body).toBe(200);
  });

  it('deleting the account forgets the secret and the recovery codes', async () => {
    const account = await accountWithTwoFactor();
    expect((await account.client.delete('/api/account', { password: account.password })).statusCode).toBe(204);
    expect(
      await db().select().from(twoFactorCredentials).where(eq(twoFactorCredentials.userId, account.user.id)),
    ).toEqual([]);
    expect(
      await db().select().from(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, account.user.id)),
    ).toEqual([]);
  });

  it('visitors get 401 on every account route', async () => {
    const visitor = t.client();
    for (const res of [
      await visitor.get('/api/account/two-factor'),
      await visitor.post('/api/account/two-factor/setup'),
      await visitor.post('/api/account/two-factor/enable', { password: 'x', code: '123456' }),
      await visitor.post('/api/account/two-factor/disable', {}),
      await visitor.post('/api/account/two-factor/recovery-codes', {}),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});
