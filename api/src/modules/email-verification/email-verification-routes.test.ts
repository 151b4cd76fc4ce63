import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_VERIFICATION_MESSAGES } from '@beabro/shared/api-schemas/email-verification';
import { emailOutbox, emailVerificationTokens, users } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import {
  RESEND_VERIFICATION_LIMIT,
  VERIFICATION_EMAIL_KIND,
  VERIFICATION_EMAIL_SUBJECT,
  VERIFICATION_TOKEN_TTL_MS,
} from './email-verification-service';
import { NO_EMAIL, outboxHtml } from '../../testing/outbox-html';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EMAIL_SENDER_ENABLED: 'false', PUBLIC_URL: 'https://beabro.test/' });
});
afterAll(() => t.close());

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const emailsTo = (address: string) =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));
const LINK = /https:\/\/beabro\.test\/verify-email\?token=([A-Za-z0-9_-]{43})/;

/** The token of the latest verification email sent to `address`. */
async function latestToken(address: string): Promise<string> {
  const rows = (await emailsTo(address))
    .filter((r) => r.kind === VERIFICATION_EMAIL_KIND)
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const token = LINK.exec(rows.at(-1)?.textBody ?? '')?.[1];
  if (!token) throw new Error(`no verification link sent to ${address}`);
  return token;
}

const verifiedAt = async (userId: string) =>
  (await t.database.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)))[0]?.at ?? null;

describe('sign-up', () => {
  it('queues exactly one verification email whose link verifies the account', async () => {
    const { client, email, user } = await fakeUser(t, { name: 'Maya <b>Builder</b>' });
    const emails = await emailsTo(email);
    expect(emails).toHaveLength(1);
    const [sent] = emails;
    expect(sent).toMatchObject({ kind: VERIFICATION_EMAIL_KIND, subject: VERIFICATION_EMAIL_SUBJECT, sentAt: null });
    expect(sent?.textBody).toContain('Hi Maya <b>Builder</b>,');
    expect(await outboxHtml(sent ?? NO_EMAIL)).toContain('Hi Maya &lt;b&gt;Builder&lt;/b&gt;,');
    const token = await latestToken(email);
    expect(await outboxHtml(sent ?? NO_EMAIL)).toContain(`href="https://beabro.test/verify-email?token=${token}"`);

    // Only the hash is stored, with the address it verifies and a 48 h expiry.
    const [stored] = await t.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, user.id));
    expect(stored).toMatchObject({ tokenHash: sha256(token), email, usedAt: null });
    expect((stored?.expiresAt.getTime() ?? 0) - (stored?.createdAt.getTime() ?? 0)).toBeCloseTo(
      VERIFICATION_TOKEN_TTL_MS,
      -4,
    );
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await client.get('/api/auth/me')).json().user.emailVerified).toBe(false);
    const res = await client.post('/api/auth/verify-email', { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      verified: true,
      email,
      user: expect.objectContaining({ id: user.id, email, emailVerified: true }),
    });
    expect((await client.get('/api/auth/me')).json().user.emailVerified).toBe(true);
  });

  it('builds the link on the request’s own origin when PUBLIC_URL is not set', async () => {
    const plain = await createTestApp({ EMAIL_SENDER_ENABLED: 'false', ALLOWED_HOSTS: 'bro.example:8080' });
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { 'x-requested-with': 'beabro', host: 'bro.example:8080' },
        payload: {
          name: 'Origin Test',
          email: 'origin@example.com',
          password: 'a good password',
          confirmPassword: 'a good password',
        },
      });
      expect(res.statusCode).toBe(201);
      const [row] = await plain.database.db
        .select()
        .from(emailOutbox)
        .where(eq(emailOutbox.toAddress, 'origin@example.com'));
      expect(row?.textBody).toMatch(/http:\/\/bro\.example:8080\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    } finally {
      await plain.close();
    }
  });
});

describe('POST /api/auth/verify-email', () => {
  it('works signed out (or in another browser), answering without a user', async () => {
    const { email, user } = await fakeUser(t);
    const res = await t.client().post('/api/auth/verify-email', { token: await latestToken(email) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ verified: true, email, user: null });
    expect(await verifiedAt(user.id)).not.toBeNull();
  });

  it('does not hand another signed-in account’s data to whoever opens the link', async () => {
    const owner = await fakeUser(t);
    const other = await fakeUser(t);
    const res = await other.client.post('/api/auth/verify-email', { token: await latestToken(owner.email) });
    expect(res.json().user).toBeNull();
    expect(await verifiedAt(owner.user.id)).not.toBeNull();
    expect(await verifiedAt(other.user.id)).toBeNull();
    expect((await other.client.get('/api/auth/me')).json().user.emailVerified).toBe(false);
  });

  it('refuses a used, expired, forged or empty token with one message, and changes nothing', async () => {
    const { email, user } = await fakeUser(t);
    const token = await latestToken(email);
    const invalid = { message: EMAIL_VERIFICATION_MESSAGES.invalidLink };

    for (const forged of ['x'.repeat(43), token.slice(0, -1), `${token}x`]) {
      const res = await t.client().post('/api/auth/verify-email', { token: forged });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalid);
    }
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(201) }, { token: 42 }]) {
      const res = await t.client().post('/api/auth/verify-email', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ token: EMAIL_VERIFICATION_MESSAGES.invalidLink });
    }
    expect(await verifiedAt(user.id)).toBeNull();

    // Expired: the link is refused even though it was never used.
    await t.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(emailVerificationTokens.tokenHash, sha256(token)));
    expect((await t.client().post('/api/auth/verify-email', { token })).json()).toEqual(invalid);
    expect(await verifiedAt(user.id)).toBeNull();
  });

  it('accepts a link once, even when it is opened twice at the same moment', async () => {
    const { email } = await fakeUser(t);
    const token = await latestToken(email);
    const results = await Promise.all([
      t.client().post('/api/auth/verify-email', { token }),
      t.client().post('/api/auth/verify-email', { token }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const again = await t.client().post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.invalidLink });
  });

  it('needs the CSRF header like every state-changing request', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: 'x'.repeat(43) },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses the link of a deleted account', async () => {
    const { client, email, password } = await fakeUser(t);
    const token = await latestToken(email);
    expect((await client.delete('/api/account', { password })).statusCode).toBe(204);
    expect((await t.client().post('/api/auth/verify-email', { token })).statusCode).toBe(400);
  });
});

describe('email change', () => {
  it('sends a link to the new address, and a link to the old address no longer verifies anything', async () => {
    const { client, email, password, user } = await fakeUser(t);
    const oldToken = await latestToken(email);
    const newEmail = `changed.${email}`;
    const res = await client.patch('/api/account/email', { email: newEmail, password });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email: newEmail, emailVerified: false });
    expect(await emailsTo(newEmail)).toHaveLength(1);

    const old = await client.post('/api/auth/verify-email', { token: oldToken });
    expect(old.statusCode).toBe(400);
    expect(old.json()).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.invalidLink });
    expect(await verifiedAt(user.id)).toBeNull();

    const fresh = await client.post('/api/auth/verify-email', { token: await latestToken(newEmail) });
    expect(fresh.json()).toMatchObject({
      verified: true,
      email: newEmail,
      user: { email: newEmail, emailVerified: true },
    });
  });

  it('keeps an old link useless even after changing back to that address', async () => {
    const { client, email, password, user } = await fakeUser(t);
    const firstToken = await latestToken(email);
    await client.patch('/api/account/email', { email: `other.${email}`, password });
    await client.patch('/api/account/email', { email, password });
    expect((await client.post('/api/auth/verify-email', { token: firstToken })).statusCode).toBe(400);
    expect(await verifiedAt(user.id)).toBeNull();
    // The link sent with the change back works.
    expect((await client.post('/api/auth/verify-email', { token: await latestToken(email) })).statusCode).toBe(200);
  });

  it('sends nothing when the address does not actually change, and a verified address stays verified', async () => {
    const { client, email, password } = await fakeUser(t);
    await client.post('/api/auth/verify-email', { token: await latestToken(email) });
    // The same address (in any case) is refused with a field message, so nothing is sent.
    const res = await client.patch('/api/account/email', { email: email.toUpperCase(), password });
    expect(res.statusCode).toBe(400);
    expect((await client.get('/api/auth/me')).json().user).toMatchObject({ email, emailVerified: true });
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('sends nothing when the change is refused', async () => {
    const { client, email, password } = await fakeUser(t);
    const taken = await fakeUser(t);
    expect(
      (await client.patch('/api/account/email', { email: `nobody.${email}`, password: 'wrong password' })).statusCode,
    ).toBe(400);
    expect((await client.patch('/api/account/email', { email: taken.email, password })).statusCode).toBe(400);
    expect(await emailsTo(`nobody.${email}`)).toHaveLength(0);
    expect(await emailsTo(taken.email)).toHaveLength(1);
  });
});

describe('POST /api/account/email-verification (resend)', () => {
  it('asks a visitor to sign in', async () => {
    const res = await t.client().post('/api/account/email-verification');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please sign in to continue.' });
  });

  it('queues a new working link, three times an hour, then answers 429', async () => {
    const { client, email, user } = await fakeUser(t);
    for (let i = 0; i < RESEND_VERIFICATION_LIMIT.limit; i++) {
      const res = await client.post('/api/account/email-verification');
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ sentTo: email });
    }
    expect(await emailsTo(email)).toHaveLength(1 + RESEND_VERIFICATION_LIMIT.limit);
    const limited = await client.post('/api/account/email-verification');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await emailsTo(email)).toHaveLength(1 + RESEND_VERIFICATION_LIMIT.limit);

    // Another account's budget is its own.
    const other = await fakeUser(t);
    expect((await other.client.post('/api/account/email-verification')).statusCode).toBe(202);
    expect(await emailsTo(email)).toHaveLength(1 + RESEND_VERIFICATION_LIMIT.limit);

    // The latest link works, and so does an earlier one for the same address (until used).
    expect((await client.post('/api/auth/verify-email', { token: await latestToken(email) })).statusCode).toBe(200);
    expect(await verifiedAt(user.id)).not.toBeNull();
  });

  it('answers 400 "Your email is already verified." once verified, sending nothing', async () => {
    const { client, email } = await fakeUser(t);
    await client.post('/api/auth/verify-email', { token: await latestToken(email) });
    const res = await client.post('/api/account/email-verification');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.alreadyVerified });
    expect(await emailsTo(email)).toHaveLength(1);
  });
});

describe('GET /api/auth/verify-email (what the page says about its link)', () => {
  const status = (token: string, client = t.client()) =>
    client.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);

  it('a fresh link is ready and names its address; reading it spends nothing', async () => {
    const { email, user } = await fakeUser(t);
    const token = await latestToken(email);
    for (let i = 0; i < 2; i += 1) {
      const res = await status(token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({ state: 'ready', email, signedInAsOther: false });
    }
    expect(await verifiedAt(user.id)).toBeNull();
    const [row] = await t.database.db
      .select()
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.tokenHash, sha256(token)));
    expect(row?.usedAt).toBeNull();
  });

  it('says already verified, used, expired or outdated, naming the address only while it is the verified one', async () => {
    const verified = await fakeUser(t);
    const verifiedToken = await latestToken(verified.email);
    expect((await t.client().post('/api/auth/verify-email', { token: verifiedToken })).statusCode).toBe(200);
    expect((await status(verifiedToken)).json()).toEqual({
      state: 'already-verified',
      email: verified.email,
      signedInAsOther: false,
    });

    // Used, but the address is not verified: a link spent by an email change and back.
    const changed = await fakeUser(t);
    const firstToken = await latestToken(changed.email);
    await changed.client.patch('/api/account/email', { email: `other.${changed.email}`, password: changed.password });
    expect((await status(firstToken)).json()).toEqual({ state: 'outdated', email: null, signedInAsOther: false });
    await changed.client.patch('/api/account/email', { email: changed.email, password: changed.password });
    expect((await status(firstToken)).json()).toEqual({ state: 'used', email: null, signedInAsOther: false });

    const late = await fakeUser(t);
    const lateToken = await latestToken(late.email);
    await t.database.db
      .update(emailVerificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(emailVerificationTokens.tokenHash, sha256(lateToken)));
    expect((await status(lateToken)).json()).toEqual({ state: 'expired', email: null, signedInAsOther: false });
  });

  it('tells someone signed in with another account that the link is not theirs (and the owner that it is)', async () => {
    const owner = await fakeUser(t);
    const other = await fakeUser(t);
    const token = await latestToken(owner.email);
    expect((await status(token, other.client)).json()).toMatchObject({ state: 'ready', signedInAsOther: true });
    expect((await status(token, owner.client)).json()).toMatchObject({ state: 'ready', signedInAsOther: false });
  });

  it('an unknown or forged link is a 404, a missing or oversized one a 400, all with the "not valid" message', async () => {
    const { email } = await fakeUser(t);
    const token = await latestToken(email);
    for (const forged of ['x'.repeat(43), token.slice(0, -1), `${token}x`]) {
      const res = await status(forged);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: EMAIL_VERIFICATION_MESSAGES.linkUnknown });
    }
    for (const url of [
      '/api/auth/verify-email',
      '/api/auth/verify-email?token=',
      `/api/auth/verify-email?token=${'x'.repeat(201)}`,
    ]) {
      const res = await t.client().get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ token: EMAIL_VERIFICATION_MESSAGES.linkUnknown });
    }
  });
});

describe('POST /verify-email (the page’s form, JavaScript off)', () => {
  const form = (body: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/verify-email',
      payload: body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null', ...headers },
    });

  it('verifies and sends the browser back to the page with the result', async () => {
    const { email, user } = await fakeUser(t);
    const token = await latestToken(email);
    const res = await form(`token=${token}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/verify-email?token=${token}&result=verified`);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await verifiedAt(user.id)).not.toBeNull();

    // A second press: refused, and the page says why from the link.
    expect((await form(`token=${token}`)).headers.location).toBe(`/verify-email?token=${token}&result=refused`);
    expect((await form('token=forged')).headers.location).toBe('/verify-email?token=forged&result=refused');
  });

  it('refuses a form posted from another site, changing nothing', async () => {
    const { email, user } = await fakeUser(t);
    const token = await latestToken(email);
    expect((await form(`token=${token}`, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await form(`token=${token}`, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect(await verifiedAt(user.id)).toBeNull();
  });

  it('answers a malformed form with a 400, never a 500', async () => {
    expect((await form(`token=${'x'.repeat(1001)}`)).statusCode).toBe(400);
    expect((await form('x'.repeat(5000))).statusCode).toBe(413);
  });
});
