import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@beabro/shared/api-schemas/account';
import { AUTH_MESSAGES } from '@beabro/shared/schemas/auth';
import { SETTINGS_MESSAGES } from '@beabro/shared/schemas/settings';
import { creatorProfiles, follows, sessions, signInKnownIps, supports, users } from '../../db/schema';
import { SIGN_IN_REQUIRED } from '../../lib/messages';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { EMAIL_TAKEN_MESSAGE } from '../auth/auth-service';
import { SESSION_COOKIE } from '../sessions/session-service';
import { DELETED_USER_DISPLAY_NAME } from './account-service';
import { CURRENT_PASSWORD_LIMIT } from '../users/verify-current-password';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

async function userRow(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

async function liveSessionCount(userId: string) {
  const rows = await db()
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return rows.length;
}

/** A second browser signed in to the same account. */
async function signInElsewhere(email: string, password: string) {
  const client = t.client();
  const res = await client.post('/api/auth/sign-in', { email, password });
  expect(res.statusCode).toBe(200);
  return client;
}

async function signInStatus(email: string, password: string) {
  return (await t.client().post('/api/auth/sign-in', { email, password })).statusCode;
}

let usernameCounter = 0;
async function makeCreatorProfile(userId: string) {
  const username = `creator_${process.pid}_${++usernameCounter}`;
  await db()
    .insert(creatorProfiles)
    .values({ userId, username, displayName: 'Maker', bio: 'I build things', creatorType: 'developer' });
  return username;
}

async function insertSupport(values: {
  creatorId: string;
  supporterUserId?: string | null;
  supporterName?: string | null;
  supporterEmail?: string | null;
  amountCents: number;
}) {
  const [row] = await db()
    .insert(supports)
    .values({
      currency: 'usd',
      platformFeeCents: 50,
      processingFeeCents: 59,
      creatorNetCents: values.amountCents - 109,
      message: 'Keep going',
      ...values,
    })
    .returning();
  if (!row) throw new Error('support not inserted');
  return row;
}

async function supportRow(id: string) {
  const [row] = await db().select().from(supports).where(eq(supports.id, id));
  return row;
}

describe('visitors', () => {
  it('get 401 with a message on every endpoint, whatever the body, and nothing is written', async () => {
    const visitor = t.client();
    const before = await db().select({ count: users.id }).from(users);
    const attempts = [
      visitor.patch('/api/account/email', { email: 'new@example.com', password: 'whatever1' }),
      visitor.patch('/api/account/email', { email: 'bad' }),
      visitor.patch('/api/account/password', {
        currentPassword: 'whatever1',
        newPassword: 'another one',
        confirmPassword: 'another one',
      }),
      visitor.patch('/api/account/password', {}),
      visitor.delete('/api/account', { password: 'whatever1' }),
      visitor.delete('/api/account'),
      visitor.get('/api/account/notifications'),
      visitor.patch('/api/account/notifications', { newSupport: false }),
      visitor.patch('/api/account/notifications', { bogus: 1 }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SIGN_IN_REQUIRED });
    }
    expect(await db().select({ count: users.id }).from(users)).toHaveLength(before.length);
  });

  it('a revoked session cookie counts as a visitor', async () => {
    const { client, user } = await fakeUser(t);
    const token = client.cookie(SESSION_COOKIE) ?? '';
    await client.post('/api/auth/sign-out');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/notifications',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(res.statusCode).toBe(401);
    expect(await liveSessionCount(user.id)).toBe(0);
  });
});

describe('PATCH /api/account/email', () => {
  it('stores the new address lower-cased, unverified, and answers with the session user', async () => {
    const { client, user, password, email } = await fakeUser(t);
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    const newEmail = `Changed.${user.id}@Example.com`;
    const res = await client.patch('/api/account/email', { email: `  ${newEmail} `, password });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      user: {
        id: user.id,
        email: newEmail.toLowerCase(),
        username: null,
        displayName: expect.any(String),
        isCreator: false,
        userType: 'supporter',
        emailVerified: false,
      },
    });
    const row = await userRow(user.id);
    expect(row.email).toBe(newEmail.toLowerCase());
    expect(row.emailVerifiedAt).toBeNull();
    expect((await client.get('/api/auth/me')).json().user.email).toBe(newEmail.toLowerCase());
    expect(await signInStatus(newEmail, password)).toBe(200);
    expect(await signInStatus(email, password)).toBe(401);
  });

  it('refuses the address it already has (in any case), changing nothing and keeping it verified', async () => {
    const { client, user, password, email } = await fakeUser(t);
    const verifiedAt = new Date('2024-01-02T03:04:05Z');
    await db().update(users).set({ emailVerifiedAt: verifiedAt }).where(eq(users.id, user.id));
    const res = await client.patch('/api/account/email', { email: email.toUpperCase(), password });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: ACCOUNT_MESSAGES.sameEmail });
    expect((await client.get('/api/auth/me')).json().user).toMatchObject({ email, emailVerified: true });
    expect((await userRow(user.id)).emailVerifiedAt?.toISOString()).toBe(verifiedAt.toISOString());
  });

  it('refuses a wrong current password and writes nothing', async () => {
    const { client, user, email } = await fakeUser(t);
    const res = await client.patch('/api/account/email', {
      email: `other.${user.id}@example.com`,
      password: 'not my password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ password: ACCOUNT_MESSAGES.currentPasswordIncorrect });
    expect((await userRow(user.id)).email).toBe(email);
  });

  it('validates with the exact sign-up email messages and requires the current password', async () => {
    const { client, user, password, email } = await fakeUser(t);
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ email: '', password }, { email: AUTH_MESSAGES.emailRequired }],
      [{ email: 'not-an-email', password }, { email: AUTH_MESSAGES.emailInvalid }],
      [{ email: `${'a'.repeat(250)}@example.com`, password }, { email: AUTH_MESSAGES.emailTooLong }],
      [{ password }, { email: AUTH_MESSAGES.emailRequired }],
      [{ email: `fine.${user.id}@example.com`, password: '' }, { password: ACCOUNT_MESSAGES.currentPasswordRequired }],
      [{ email: `fine.${user.id}@example.com` }, { password: ACCOUNT_MESSAGES.currentPasswordRequired }],
    ];
    for (const [body, fieldErrors] of cases) {
      const res = await client.patch('/api/account/email', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    }
    expect((await userRow(user.id)).email).toBe(email);
  });

  it('refuses an address another account has, whatever its case, and writes nothing', async () => {
    const other = await fakeUser(t);
    const { client, user, password, email } = await fakeUser(t);
    const res = await client.patch('/api/account/email', { email: other.email.toUpperCase(), password });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: EMAIL_TAKEN_MESSAGE });
    expect((await userRow(user.id)).email).toBe(email);
    expect((await userRow(other.user.id)).email).toBe(other.email);
  });

  it('checks the password before saying an address is taken', async () => {
    const other = await fakeUser(t);
    const { client } = await fakeUser(t);
    const res = await client.patch('/api/account/email', { email: other.email, password: 'not my password' });
    expect(res.json().fieldErrors).toEqual({ password: ACCOUNT_MESSAGES.currentPasswordIncorrect });
  });

  it('lets the unique index decide when the address is taken after the check', async () => {
    // A row the "is it taken" lookup skips (deleted) but the unique index still sees: the update itself must fail.
    const ghost = `ghost.${process.pid}@example.com`;
    await db()
      .insert(users)
      .values({ email: ghost, displayName: 'Ghost', userType: 'supporter', deletedAt: new Date() });
    const { client, user, password, email } = await fakeUser(t);
    const res = await client.patch('/api/account/email', { email: ghost, password });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: EMAIL_TAKEN_MESSAGE });
    expect((await userRow(user.id)).email).toBe(email);
  });

  it('two accounts claiming one new address at once: exactly one gets it', async () => {
    const a = await fakeUser(t);
    const b = await fakeUser(t);
    const wanted = `contested.${process.pid}@example.com`;
    const results = await Promise.all([
      a.client.patch('/api/account/email', { email: wanted, password: a.password }),
      b.client.patch('/api/account/email', { email: wanted, password: b.password }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)?.json().fieldErrors).toEqual({ email: EMAIL_TAKEN_MESSAGE });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, wanted))).toHaveLength(1);
  });

  it('rate-limits attempts per user with 429 and Retry-After, without touching other users', async () => {
    const { client, user, password, email } = await fakeUser(t);
    for (let i = 0; i < CURRENT_PASSWORD_LIMIT.limit; i++) {
      expect(
        (await client.patch('/api/account/email', { email: `x${i}.${user.id}@example.com`, password: 'wrong guess' }))
          .statusCode,
      ).toBe(400);
    }
    const limited = await client.patch('/api/account/email', { email: `right.${user.id}@example.com`, password });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/^Too many attempts\./);
    expect((await userRow(user.id)).email).toBe(email);
    // The budget is shared by every check of the current password.
    expect((await client.delete('/api/account', { password })).statusCode).toBe(429);
    expect((await userRow(user.id)).deletedAt).toBeNull();

    const other = await fakeUser(t);
    expect(
      (
        await other.client.patch('/api/account/email', {
          email: `free.${other.user.id}@example.com`,
          password: other.password,
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('PATCH /api/account/password', () => {
  const body = (currentPassword: string, newPassword: string, confirmPassword = newPassword) => ({
    currentPassword,
    newPassword,
    confirmPassword,
  });

  it('stores a new argon2id hash, keeps this session, signs out the others; the new password works and the old does not', async () => {
    const { client, user, email, password } = await fakeUser(t);
    const elsewhere = await signInElsewhere(email, password);
    const other = await fakeUser(t);
    const oldHash = (await userRow(user.id)).passwordHash;

    const res = await client.patch('/api/account/password', body(password, 'a brand new secret'));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    const newHash = (await userRow(user.id)).passwordHash;
    expect(newHash).toMatch(/^\$argon2id\$/);
    expect(newHash).not.toBe(oldHash);
    expect((await client.get('/api/auth/me')).json().user?.id).toBe(user.id);
    expect((await elsewhere.get('/api/auth/me')).json().user).toBeNull();
    expect(await liveSessionCount(user.id)).toBe(1);
    expect(await signInStatus(email, password)).toBe(401);
    expect(await signInStatus(email, 'a brand new secret')).toBe(200);
    // Another account's sessions are not touched.
    expect((await other.client.get('/api/auth/me')).json().user?.id).toBe(other.user.id);
  });

  it('refuses a wrong current password, keeps the hash and every session', async () => {
    const { client, user, email, password } = await fakeUser(t);
    const elsewhere = await signInElsewhere(email, password);
    const oldHash = (await userRow(user.id)).passwordHash;
    const res = await client.patch('/api/account/password', body('not my password', 'a brand new secret'));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ currentPassword: ACCOUNT_MESSAGES.currentPasswordIncorrect });
    expect((await userRow(user.id)).passwordHash).toBe(oldHash);
    expect((await elsewhere.get('/api/auth/me')).json().user?.id).toBe(user.id);
    expect(await signInStatus(email, password)).toBe(200);
  });

  it('validates with the exact settings messages and writes nothing', async () => {
    const { client, user, email, password } = await fakeUser(t);
    const elsewhere = await signInElsewhere(email, password);
    const oldHash = (await userRow(user.id)).passwordHash;
    const cases: Array<[unknown, Record<string, string>]> = [
      [body(password, 'short'), { newPassword: 'Password must be at least 8 characters' }],
      [body(password, 'a long enough one', 'something else'), { confirmPassword: 'Passwords do not match' }],
      [body(password, password), { newPassword: SETTINGS_MESSAGES.newPasswordSameAsCurrent }],
      [
        body('', ''),
        {
          currentPassword: SETTINGS_MESSAGES.currentPasswordRequired,
          newPassword: SETTINGS_MESSAGES.newPasswordRequired,
        },
      ],
      [
        {},
        {
          currentPassword: SETTINGS_MESSAGES.currentPasswordRequired,
          newPassword: SETTINGS_MESSAGES.newPasswordRequired,
          confirmPassword: 'Passwords do not match',
        },
      ],
    ];
    for (const [input, fieldErrors] of cases) {
      const res = await client.patch('/api/account/password', input);
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    }
    expect((await userRow(user.id)).passwordHash).toBe(oldHash);
    expect((await elsewhere.get('/api/auth/me')).json().user?.id).toBe(user.id);
  });

  it('rate-limits attempts per user', async () => {
    const { client, user, password } = await fakeUser(t);
    const oldHash = (await userRow(user.id)).passwordHash;
    for (let i = 0; i < CURRENT_PASSWORD_LIMIT.limit; i++)
      await client.patch('/api/account/password', body(`guess number ${i}`, 'a brand new secret'));
    const limited = await client.patch('/api/account/password', body(password, 'a brand new secret'));
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await userRow(user.id)).passwordHash).toBe(oldHash);
  });
});

describe('DELETE /api/account', () => {
  /** A creator who follows and supports another creator, and is followed and supported by a third user. */
  async function creatorWithHistory() {
    const owner = await fakeUser(t, { role: 'creator' });
    const username = await makeCreatorProfile(owner.user.id);
    const otherCreator = await fakeUser(t, { role: 'creator' });
    await makeCreatorProfile(otherCreator.user.id);
    const fan = await fakeUser(t);
    await db()
      .insert(follows)
      .values([
        { followerId: owner.user.id, creatorId: otherCreator.user.id },
        { followerId: fan.user.id, creatorId: owner.user.id },
        { followerId: fan.user.id, creatorId: otherCreator.user.id },
      ]);
    const made = await insertSupport({
      creatorId: otherCreator.user.id,
      supporterUserId: owner.user.id,
      supporterName: 'Owner Person',
      supporterEmail: owner.email,
      amountCents: 2500,
    });
    const received = await insertSupport({
      creatorId: owner.user.id,
      supporterUserId: fan.user.id,
      supporterName: 'Fan Person',
      supporterEmail: fan.email,
      amountCents: 1500,
    });
    return { owner, username, otherCreator, fan, made, received };
  }

  it('in one go: sessions dead, cookie cleared, profile hidden, follows gone, supports detached with amounts intact, user row stripped', async () => {
    const { owner, username, otherCreator, fan, made, received } = await creatorWithHistory();
    const elsewhere = await signInElsewhere(owner.email, owner.password);
    // Signing in remembered the networks the owner signs in from (see sign-in throttling).
    expect(
      (await db().select().from(signInKnownIps).where(eq(signInKnownIps.userId, owner.user.id))).length,
    ).toBeGreaterThan(0);

    const res = await owner.client.delete('/api/account', { password: owner.password });
    expect(res.statusCode).toBe(204);
    const cookie = (res.cookies as Array<{ name: string; value: string; expires?: Date }>).find(
      (c) => c.name === SESSION_COOKIE,
    );
    expect(cookie?.value).toBe('');
    expect(owner.client.cookie(SESSION_COOKIE)).toBeUndefined();

    // Sessions: all revoked on the server, not just the cookie.
    expect(await liveSessionCount(owner.user.id)).toBe(0);
    expect((await elsewhere.get('/api/auth/me')).json().user).toBeNull();
    expect((await elsewhere.get('/api/account/notifications')).statusCode).toBe(401);
    expect(await signInStatus(owner.email, owner.password)).toBe(401);

    // The user row keeps its id, loses the person.
    const row = await userRow(owner.user.id);
    expect(row).toMatchObject({
      email: null,
      passwordHash: null,
      emailVerifiedAt: null,
      displayName: DELETED_USER_DISPLAY_NAME,
    });
    expect(row.deletedAt).toBeInstanceOf(Date);
    expect(await db().select().from(signInKnownIps).where(eq(signInKnownIps.userId, owner.user.id))).toEqual([]);

    // The profile is no longer public; its username stays taken.
    const [profile] = await db().select().from(creatorProfiles).where(eq(creatorProfiles.userId, owner.user.id));
    expect(profile?.username).toBe(username);
    expect(profile?.deletedAt).toBeInstanceOf(Date);

    // Follows by and of the user are gone; the others stay.
    expect(await db().select().from(follows).where(eq(follows.followerId, owner.user.id))).toEqual([]);
    expect(await db().select().from(follows).where(eq(follows.creatorId, owner.user.id))).toEqual([]);
    expect(await db().select().from(follows).where(eq(follows.followerId, fan.user.id))).toHaveLength(1);

    // The support made stays in the ledger, detached from the person.
    expect(await supportRow(made.id)).toEqual({
      ...made,
      supporterUserId: null,
      supporterName: null,
      supporterEmail: null,
    });
    // The support received is the fan's record and is untouched.
    expect(await supportRow(received.id)).toEqual(received);

    // Nobody else is affected.
    expect((await fan.client.get('/api/auth/me')).json().user?.id).toBe(fan.user.id);
    expect((await otherCreator.client.get('/api/auth/me')).json().user?.id).toBe(otherCreator.user.id);
    expect((await userRow(fan.user.id)).email).toBe(fan.email);
  });

  it('frees the email address for a new account', async () => {
    const { client, email, password } = await fakeUser(t);
    expect((await client.delete('/api/account', { password })).statusCode).toBe(204);
    const res = await t
      .client()
      .post('/api/auth/sign-up', { name: 'Again', email, password, confirmPassword: password, role: 'supporter' });
    expect(res.statusCode).toBe(201);
  });

  it('detaches guest supports made with the address only when the user had verified it', async () => {
    const creator = await fakeUser(t, { role: 'creator' });
    await makeCreatorProfile(creator.user.id);
    const verified = await fakeUser(t);
    await db().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, verified.user.id));
    const unverified = await fakeUser(t);
    const guestOfVerified = await insertSupport({
      creatorId: creator.user.id,
      supporterName: 'Guest V',
      supporterEmail: verified.email,
      amountCents: 700,
    });
    const guestOfUnverified = await insertSupport({
      creatorId: creator.user.id,
      supporterName: 'Guest U',
      supporterEmail: unverified.email,
      amountCents: 900,
    });

    expect((await verified.client.delete('/api/account', { password: verified.password })).statusCode).toBe(204);
    expect((await unverified.client.delete('/api/account', { password: unverified.password })).statusCode).toBe(204);

    expect(await supportRow(guestOfVerified.id)).toEqual({
      ...guestOfVerified,
      supporterName: null,
      supporterEmail: null,
    });
    // Anyone can sign up with an address they do not own: that must not erase its owner's records.
    expect(await supportRow(guestOfUnverified.id)).toEqual(guestOfUnverified);
  });

  it('refuses a wrong or missing password and writes nothing', async () => {
    const { owner, username, made } = await creatorWithHistory();
    const before = await userRow(owner.user.id);
    const wrong = await owner.client.delete('/api/account', { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ password: ACCOUNT_MESSAGES.currentPasswordIncorrect });
    const missing = await owner.client.delete('/api/account', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ password: ACCOUNT_MESSAGES.currentPasswordRequired });
    const tooLong = await owner.client.delete('/api/account', { password: 'x'.repeat(500) });
    expect(tooLong.json().fieldErrors).toEqual({ password: ACCOUNT_MESSAGES.currentPasswordIncorrect });

    expect(await userRow(owner.user.id)).toEqual(before);
    expect((await owner.client.get('/api/auth/me')).json().user?.id).toBe(owner.user.id);
    const [profile] = await db().select().from(creatorProfiles).where(eq(creatorProfiles.username, username));
    expect(profile?.deletedAt).toBeNull();
    expect(await db().select().from(follows).where(eq(follows.followerId, owner.user.id))).toHaveLength(1);
    expect(await db().select().from(follows).where(eq(follows.creatorId, owner.user.id))).toHaveLength(1);
    expect(await supportRow(made.id)).toEqual(made);
  });

  it('rolls everything back when a step inside the transaction fails', async () => {
    const { owner, username, made } = await creatorWithHistory();
    // Make the last step (detaching supports) fail: a trigger refuses updates of this one support.
    await db().execute(
      sql.raw(
        `create or replace function refuse_support_update() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
      ),
    );
    await db().execute(
      sql.raw(
        `create trigger refuse_support_update before update on supports for each row when (old.id = '${made.id}') execute function refuse_support_update()`,
      ),
    );
    try {
      const res = await owner.client.delete('/api/account', { password: owner.password });
      expect(res.statusCode).toBe(500);
    } finally {
      await db().execute(sql.raw('drop trigger refuse_support_update on supports'));
    }
    expect((await userRow(owner.user.id)).email).toBe(owner.email);
    expect(await liveSessionCount(owner.user.id)).toBeGreaterThan(0);
    const [profile] = await db().select().from(creatorProfiles).where(eq(creatorProfiles.username, username));
    expect(profile?.deletedAt).toBeNull();
    expect(await db().select().from(follows).where(eq(follows.followerId, owner.user.id))).toHaveLength(1);
    expect((await owner.client.get('/api/auth/me')).json().user?.id).toBe(owner.user.id);
  });
});

describe('/api/account/notifications', () => {
  const all = (value: boolean) => ({
    newSupport: value,
    monthlyReport: value,
    goalReached: value,
    supporterMessages: value,
    newPosts: value,
  });

  async function notifyColumns(id: string) {
    const row = await userRow(id);
    return {
      newSupport: row.notifyNewSupport,
      monthlyReport: row.notifyMonthlyReport,
      goalReached: row.notifyGoalReached,
      supporterMessages: row.notifySupporterMessages,
      newPosts: row.notifyNewPosts,
    };
  }

  it('starts with every toggle on', async () => {
    const { client } = await fakeUser(t);
    const res = await client.get('/api/account/notifications');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual(all(true));
  });

  it('a partial patch switches only the toggles given and answers with all five', async () => {
    const { client, user } = await fakeUser(t);
    const res = await client.patch('/api/account/notifications', { newSupport: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...all(true), newSupport: false });
    const res2 = await client.patch('/api/account/notifications', { goalReached: false, monthlyReport: false });
    expect(res2.json()).toEqual({
      newSupport: false,
      monthlyReport: false,
      goalReached: false,
      supporterMessages: true,
      newPosts: true,
    });
    expect(await notifyColumns(user.id)).toEqual(res2.json());
    expect((await client.get('/api/account/notifications')).json()).toEqual(res2.json());
  });

  it('a full patch sets all five; an empty one changes nothing', async () => {
    const { client, user } = await fakeUser(t);
    expect((await client.patch('/api/account/notifications', all(false))).json()).toEqual(all(false));
    const empty = await client.patch('/api/account/notifications', {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual(all(false));
    expect(await notifyColumns(user.id)).toEqual(all(false));
  });

  it('refuses non-booleans and unknown keys with 400 and writes nothing', async () => {
    const { client, user } = await fakeUser(t);
    const notBoolean = await client.patch('/api/account/notifications', { newSupport: false, goalReached: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(notBoolean.json().fieldErrors).toEqual({ goalReached: SETTINGS_MESSAGES.mustBeOnOrOff });
    const unknown = await client.patch('/api/account/notifications', { newSupport: false, weeklyDigest: true });
    expect(unknown.statusCode).toBe(400);
    const newPostsNotBoolean = await client.patch('/api/account/notifications', { newPosts: 'no' });
    expect(newPostsNotBoolean.json().fieldErrors).toEqual({ newPosts: SETTINGS_MESSAGES.mustBeOnOrOff });
    expect(Object.values(unknown.json().fieldErrors)).toEqual([`${ACCOUNT_MESSAGES.unknownSetting}: weeklyDigest`]);
    for (const json of ['null', '[]', '"newSupport"', 'false']) {
      const res = await client.request({
        method: 'PATCH',
        url: '/api/account/notifications',
        headers: { 'content-type': 'application/json' },
        payload: json,
      });
      expect(res.statusCode).toBe(400);
    }
    expect(await notifyColumns(user.id)).toEqual(all(true));
  });

  it("one user's changes never touch another's", async () => {
    const a = await fakeUser(t);
    const b = await fakeUser(t);
    await b.client.patch('/api/account/notifications', all(false));
    expect((await a.client.get('/api/account/notifications')).json()).toEqual(all(true));
    expect(await notifyColumns(a.user.id)).toEqual(all(true));
    expect(await notifyColumns(b.user.id)).toEqual(all(false));
  });
});

describe('another signed-in user', () => {
  it('changing their own email, password or deleting their account leaves the first user as they were', async () => {
    const first = await fakeUser(t, { role: 'creator' });
    await makeCreatorProfile(first.user.id);
    const second = await fakeUser(t);
    await db().insert(follows).values({ followerId: second.user.id, creatorId: first.user.id });
    const firstBefore = await userRow(first.user.id);

    expect(
      (await second.client.patch('/api/account/email', { email: first.email, password: second.password })).statusCode,
    ).toBe(400);
    expect(
      (
        await second.client.patch('/api/account/email', {
          email: `second.${second.user.id}@example.com`,
          password: second.password,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await second.client.patch('/api/account/password', {
          currentPassword: second.password,
          newPassword: 'second new secret',
          confirmPassword: 'second new secret',
        })
      ).statusCode,
    ).toBe(204);
    expect((await second.client.patch('/api/account/notifications', { newSupport: false })).statusCode).toBe(200);
    // The first user's password does not work on the second user's account.
    expect((await second.client.delete('/api/account', { password: first.password })).statusCode).toBe(400);
    expect((await second.client.delete('/api/account', { password: 'second new secret' })).statusCode).toBe(204);

    expect(await userRow(first.user.id)).toEqual(firstBefore);
    expect((await first.client.get('/api/auth/me')).json().user?.id).toBe(first.user.id);
    expect(await signInStatus(first.email, first.password)).toBe(200);
    const [profile] = await db().select().from(creatorProfiles).where(eq(creatorProfiles.userId, first.user.id));
    expect(profile?.deletedAt).toBeNull();
  });
});
