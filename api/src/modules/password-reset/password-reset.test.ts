import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES } from '@beabro/shared/api-schemas/password-reset';
import { emailOutbox, passwordResetTokens, sessions, twoFactorChallenges } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp, type TestClient } from '../../testing/test-app';
import { PASSWORD_CHANGED_EMAIL_KIND, PASSWORD_RESET_EMAIL_KIND } from './password-reset-emails';
import { settlePasswordResetDeliveries } from './password-reset-routes';
import { PASSWORD_RESET_LIMITS, PASSWORD_RESET_TOKEN_TTL_MS, requestPasswordReset } from './password-reset-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://beabro.test/' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const LINK = /https:\/\/beabro\.test\/reset-password\?token=([A-Za-z0-9_-]{43})/;
const NEW_PASSWORD = 'a fresh passphrase 7';

const emailsTo = (address: string, kind: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)));

async function latestResetToken(address: string): Promise<string> {
  const rows = (await emailsTo(address, PASSWORD_RESET_EMAIL_KIND)).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const token = LINK.exec(rows.at(-1)?.textBody ?? '')?.[1];
  if (!token) throw new Error(`no reset link sent to ${address}`);
  return token;
}

const liveSessions = (userId: string) =>
  db()
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));

/** Asks for a link and waits until it is queued (the account is looked up after the answer). */
async function askForLink(email: string, client: TestClient = t.client()) {
  const res = await client.post('/api/auth/password-reset', { email });
  expect(res.statusCode, res.body).toBe(202);
  await settlePasswordResetDeliveries(t.app);
  return res;
}

const confirm = (token: string, client: TestClient = t.client(), password = NEW_PASSWORD) =>
  client.post('/api/auth/password-reset/confirm', { token, password, confirmPassword: password });

describe('asking for a reset link', () => {
  it('answers the same whether or not the address has an account, and emails only an account', async () => {
    const { email } = await fakeUser(t);
    const known = await askForLink(email.toUpperCase());
    const unknown = await askForLink('no.account.here@example.com');
    expect(known.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
    expect(unknown.json()).toEqual(known.json());
    expect(known.headers['cache-control']).toBe('no-store');
    expect(await emailsTo('no.account.here@example.com', PASSWORD_RESET_EMAIL_KIND)).toHaveLength(0);
    const [mail] = await emailsTo(email, PASSWORD_RESET_EMAIL_KIND);
    expect(mail?.subject).toBe('Reset your Be a Bro password');
    expect(mail?.textBody).toContain('This link works once, for 30 minutes.');
  });

  it('answers before it looks for the account, so the answer takes the same work either way', async () => {
    const { email } = await fakeUser(t);
    // What the answer waits for: the limits only. The same answer for an account and for none.
    const known = await requestPasswordReset(db(), { email }, '10.9.9.1');
    const unknown = await requestPasswordReset(db(), { email: 'nobody.at.all@example.com' }, '10.9.9.1');
    expect(known.message).toBe(unknown.message);
    expect(await emailsTo(email, PASSWORD_RESET_EMAIL_KIND)).toHaveLength(0);
    // The account is looked up and emailed after the answer.
    await known.deliver('https://beabro.test');
    await unknown.deliver('https://beabro.test');
    expect(await emailsTo(email, PASSWORD_RESET_EMAIL_KIND)).toHaveLength(1);
    expect(await emailsTo('nobody.at.all@example.com', PASSWORD_RESET_EMAIL_KIND)).toHaveLength(0);
  });

  it('keeps only the hash of the token, valid for 30 minutes', async () => {
    const { email, user } = await fakeUser(t);
    await askForLink(email);
    const token = await latestResetToken(email);
    const [stored] = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(stored).toMatchObject({ tokenHash: sha256(token), email, usedAt: null });
    expect(JSON.stringify(stored)).not.toContain(token);
    expect((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)).toBeCloseTo(
      PASSWORD_RESET_TOKEN_TTL_MS,
      -4,
    );
  });

  it('limits links per address (whatever the network) and per network (whatever the address)', async () => {
    const { email } = await fakeUser(t);
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perEmail.limit; i++) await askForLink(email);
    const refused = await t.client().post('/api/auth/password-reset', { email });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // An unknown address is counted the same way, so the limit tells nothing either.
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perEmail.limit; i++) await askForLink('ghost@example.com');
    expect((await t.client().post('/api/auth/password-reset', { email: 'ghost@example.com' })).statusCode).toBe(429);

    const network = t.client();
    for (let i = 0; i < PASSWORD_RESET_LIMITS.perIp.limit; i++) await askForLink(`someone${i}@example.com`, network);
    expect((await network.post('/api/auth/password-reset', { email: 'one.more@example.com' })).statusCode).toBe(429);
    expect(await emailsTo(email, PASSWORD_RESET_EMAIL_KIND)).toHaveLength(PASSWORD_RESET_LIMITS.perEmail.limit);
  });

  it('refuses a malformed address next to the field', async () => {
    const res = await t.client().post('/api/auth/password-reset', { email: 'not-an-address' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: 'Email is invalid' });
  });
});

describe('choosing a new password with the link', () => {
  it('sets it once, signs out every session and sends a notice', async () => {
    const { email, password, user, client } = await fakeUser(t);
    const otherDevice = t.client();
    expect((await otherDevice.post('/api/auth/sign-in', { email, password })).statusCode).toBe(200);
    expect(await liveSessions(user.id)).toHaveLength(2);

    await askForLink(email);
    const token = await latestResetToken(email);
    const res = await confirm(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ reset: true });
    // Nobody is signed in by the link itself; every earlier session ended.
    expect(res.cookies).toHaveLength(0);
    expect(await liveSessions(user.id)).toHaveLength(0);
    expect((await client.get('/api/auth/me')).json().user).toBeNull();
    expect((await otherDevice.get('/api/auth/me')).json().user).toBeNull();

    const [notice] = await emailsTo(email, PASSWORD_CHANGED_EMAIL_KIND);
    expect(notice?.subject).toBe('Your Be a Bro password was changed');
    expect(notice?.textBody).toContain('https://beabro.test/reset-password');

    expect((await t.client().post('/api/auth/sign-in', { email, password })).statusCode).toBe(401);
    const signedIn = await t.client().post('/api/auth/sign-in', { email, password: NEW_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.emailVerified).toBe(true);

    // Single use: the same link again changes nothing.
    const again = await confirm(token, t.client(), 'yet another passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    expect((await t.client().post('/api/auth/sign-in', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('spends the other links of the account too', async () => {
    const { email } = await fakeUser(t);
    await askForLink(email);
    const first = await latestResetToken(email);
    await askForLink(email);
    const second = await latestResetToken(email);
    expect(second).not.toBe(first);
    expect((await confirm(second)).statusCode).toBe(200);
    expect((await confirm(first, t.client(), 'not taken either')).statusCode).toBe(400);
  });

  it('refuses an expired, forged or outdated link with one message, changing nothing', async () => {
    const { email, password, user, client } = await fakeUser(t);
    await askForLink(email);
    const token = await latestResetToken(email);
    await db()
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, sha256(token)));
    for (const bad of [token, `${token.slice(0, 40)}AAA`, 'x']) {
      const res = await confirm(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    }

    // A link sent before the account changed its address resets nothing.
    await askForLink(email);
    const beforeChange = await latestResetToken(email);
    const changed = await client.patch('/api/account/email', { email: `moved.${user.id}@example.com`, password });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await confirm(beforeChange)).statusCode).toBe(400);
    expect((await confirm(beforeChange)).statusCode).toBe(400);
    expect((await client.get('/api/auth/me')).json().user?.id).toBe(user.id);
    expect(
      (await t.client().post('/api/auth/sign-in', { email: `moved.${user.id}@example.com`, password })).statusCode,
    ).toBe(200);
  });

  it('refuses passwords that differ or are too short next to their fields', async () => {
    const { email } = await fakeUser(t);
    await askForLink(email);
    const token = await latestResetToken(email);
    const res = await t.client().post('/api/auth/password-reset/confirm', {
      token,
      password: 'short',
      confirmPassword: 'other',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect((await confirm(token)).statusCode).toBe(200);
  });
});

describe('with two-factor sign-in on', () => {
  it('still asks for a code (or a recovery code) after the reset, and ends steps begun with the old password', async () => {
    const account = await fakeUser(t);
    const setup = await account.client.post('/api/account/two-factor/setup');
    const { secret } = setup.json() as { secret: string };
    const enabled = await account.client.post('/api/account/two-factor/enable', {
      password: account.password,
      code: await generate({ secret }),
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const { recoveryCodes } = enabled.json() as { recoveryCodes: string[] };

    const oldStep = await t.client().post('/api/auth/sign-in', { email: account.email, password: account.password });
    expect(oldStep.statusCode).toBe(202);
    const oldChallenge = (oldStep.json() as { twoFactor: { challenge: string } }).twoFactor.challenge;

    await askForLink(account.email);
    expect((await confirm(await latestResetToken(account.email))).statusCode).toBe(200);
    expect(
      await db().select().from(twoFactorChallenges).where(eq(twoFactorChallenges.userId, account.user.id)),
    ).toHaveLength(0);
    const stale = await t.client().post('/api/auth/sign-in/two-factor', {
      challenge: oldChallenge,
      code: recoveryCodes[0],
    });
    expect(stale.statusCode).not.toBe(200);

    const browser = t.client();
    const step = await browser.post('/api/auth/sign-in', { email: account.email, password: NEW_PASSWORD });
    expect(step.statusCode).toBe(202);
    expect(step.cookies).toHaveLength(0);
    const done = await browser.post('/api/auth/sign-in/two-factor', {
      challenge: (step.json() as { twoFactor: { challenge: string } }).twoFactor.challenge,
      code: recoveryCodes[1],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await browser.get('/api/auth/me')).json().user.id).toBe(account.user.id);
  });
});
