import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../db/schema';
import { AUTH_MESSAGES } from '@beabro/shared/schemas/auth';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from '../rate-limit/device-cookie';
import { SIGN_IN_LIMITS } from '../rate-limit/sign-in-throttle';
import { EMAIL_TAKEN_MESSAGE } from './auth-service';
import { SIGN_UP_ATTEMPT_EMAIL_KIND } from './sign-up-attempt-email';
import { SESSION_COOKIE } from '../sessions/session-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signUpBody = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Maya Builder',
  email,
  password: 'a good password',
  confirmPassword: 'a good password',
  role: 'creator',
  ...extra,
});

describe('sign-up', () => {
  it('creates the account, signs it in with an HttpOnly SameSite=Lax cookie, and stores only a password hash', async () => {
    const client = t.client();
    const res = await client.post('/api/auth/sign-up', signUpBody('Maya@Example.com'));
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email: 'maya@example.com',
      displayName: 'Maya Builder',
      userType: 'creator',
      isCreator: false,
      username: null,
      emailVerified: false,
    });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect((await client.get('/api/auth/me')).json().user.email).toBe('maya@example.com');

    const [row] = await t.database.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.email, 'maya@example.com'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers 400 with the exact field messages and writes nothing', async () => {
    const client = t.client();
    const res = await client.post('/api/auth/sign-up', {
      name: '',
      email: 'not-an-email',
      password: 'short',
      confirmPassword: 'different',
      role: 'supporter',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      name: AUTH_MESSAGES.nameRequired,
      email: AUTH_MESSAGES.emailInvalid,
      password: AUTH_MESSAGES.passwordTooShort,
      confirmPassword: AUTH_MESSAGES.passwordsDoNotMatch,
    });
    const empty = await client.post('/api/auth/sign-up', {});
    expect(empty.json().fieldErrors).toMatchObject({
      name: AUTH_MESSAGES.nameRequired,
      email: AUTH_MESSAGES.emailRequired,
      password: AUTH_MESSAGES.passwordRequired,
    });
    expect((await client.get('/api/auth/me')).json().user).toBeNull();
  });

  it('refuses a second account with the same email whatever its case, and tells the owner once a day', async () => {
    await t.client().post('/api/auth/sign-up', signUpBody('dup@example.com'));
    const res = await t.client().post('/api/auth/sign-up', signUpBody('DUP@example.com'));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: EMAIL_TAKEN_MESSAGE });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'dup@example.com'))).toHaveLength(1);

    expect((await t.client().post('/api/auth/sign-up', signUpBody('dup@example.com'))).statusCode).toBe(400);
    const notices = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, 'dup@example.com'), eq(emailOutbox.kind, SIGN_UP_ATTEMPT_EMAIL_KIND)));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe('Someone tried to sign up with your Be a Bro email');
    expect(notices[0]?.textBody).toContain('no account was created and nothing changed');
    expect(notices[0]?.textBody).toMatch(/Sign in: http:\/\/[^/\s]+\/auth\b/);
    expect(notices[0]?.textBody).toMatch(/Reset your password: http:\/\/[^/\s]+\/reset-password\b/);
  });

  it('defaults the role to supporter', async () => {
    const res = await t.client().post('/api/auth/sign-up', signUpBody('default-role@example.com', { role: undefined }));
    expect(res.json().user.userType).toBe('supporter');
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password, case-insensitively on the email', async () => {
    const { email, password } = await fakeUser(t);
    const client = t.client();
    const res = await client.post('/api/auth/sign-in', { email: email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });

  it('answers only "Authentication failed. Please try again." for a wrong password or an unknown email', async () => {
    const { email } = await fakeUser(t);
    const wrong = await t.client().post('/api/auth/sign-in', { email, password: 'wrong password' });
    const unknown = await t
      .client()
      .post('/api/auth/sign-in', { email: 'nobody@example.com', password: 'wrong password' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: AUTH_MESSAGES.authenticationFailed });
    }
  });

  it('sign-out revokes the session on the server, not just the cookie', async () => {
    const { client } = await fakeUser(t);
    const token = client.cookie(SESSION_COOKIE);
    expect(token).toBeTruthy();
    expect((await client.post('/api/auth/sign-out')).statusCode).toBe(204);
    expect((await client.get('/api/auth/me')).json().user).toBeNull();
    // Replaying the old cookie does not bring the session back.
    const replay = await t.app.inject({ url: '/api/auth/me', cookies: { [SESSION_COOKIE]: token ?? '' } });
    expect(replay.json().user).toBeNull();
  });
});

describe('defences', () => {
  it('refuses state-changing requests without the CSRF header or from another origin', async () => {
    const noHeader = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'a@b.co', password: 'whatever1' },
    });
    expect(noHeader.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: { 'x-requested-with': 'beabro', origin: 'https://evil.example', host: 'localhost' },
      payload: { email: 'a@b.co', password: 'whatever1' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('slows down guessing one account from many networks with 429 and Retry-After', async () => {
    const { email } = await fakeUser(t);
    let last;
    for (let i = 0; i <= SIGN_IN_LIMITS.perAccount.freeAttempts; i++)
      last = await t.client().post('/api/auth/sign-in', { email, password: 'wrong password' });
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json().message).toMatch(/^Too many attempts\. Please try again in \d+ (seconds?|minutes?)\.$/);
  });

  it('limits wrong passwords from one network on one account, without locking the owner out from their own', async () => {
    const { client: owner, email, password } = await fakeUser(t);
    const guesser = t.client();
    const answers = [];
    for (let i = 0; i <= SIGN_IN_LIMITS.perIpAndAccount.limit; i++)
      answers.push((await guesser.post('/api/auth/sign-in', { email, password: 'wrong password' })).statusCode);
    expect(answers).toEqual([...Array<number>(SIGN_IN_LIMITS.perIpAndAccount.limit).fill(401), 429]);
    // Enough networks guess to throttle the account everywhere else...
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.freeAttempts; i++)
      await t.client().post('/api/auth/sign-in', { email, password: 'wrong password' });
    expect((await t.client().post('/api/auth/sign-in', { email, password })).statusCode).toBe(429);
    // ...and the owner still signs in from the network they signed up from.
    const res = await owner.post('/api/auth/sign-in', { email, password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email);
  });

  it('a browser that signed in before keeps signing in while others on its network guess (the device cookie)', async () => {
    const { client: owner, email, password } = await fakeUser(t);
    const signedIn = await owner.post('/api/auth/sign-in', { email, password });
    expect(signedIn.cookies.find((c) => c.name === DEVICE_COOKIE)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
      maxAge: DEVICE_COOKIE_DAYS * 86_400,
    });
    // Someone behind the same address (a shared NAT) guesses the owner's password and sprays other accounts.
    const neighbour = t.client();
    const fromOwnersNetwork = (body: unknown) =>
      neighbour.request({ method: 'POST', url: '/api/auth/sign-in', payload: body as string, remoteAddress: owner.ip });
    for (let i = 0; i < SIGN_IN_LIMITS.perIpAndAccount.limit; i++)
      await fromOwnersNetwork({ email, password: 'wrong password' });
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.limit; i++)
      await fromOwnersNetwork({ email: `sprayed${i}@example.com`, password: 'wrong password' });
    expect((await fromOwnersNetwork({ email, password })).statusCode).toBe(429);
    // The owner's browser is a known device there.
    await owner.post('/api/auth/sign-out');
    const again = await owner.post('/api/auth/sign-in', { email, password });
    expect(again.statusCode).toBe(200);
    expect(again.json().user.email).toBe(email);
  });
});
