import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@beabro/shared/schemas/auth';
import { NAME_MAX_LENGTH } from '@beabro/shared/data/defaults';
import { users } from '../../db/schema';
import { SIGN_IN_REQUIRED } from '../../lib/messages';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { ACCOUNT_PROFILE_LIMIT } from './account-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nameOf = async (id: string) =>
  (await t.database.db.select({ name: users.displayName }).from(users).where(eq(users.id, id)))[0]?.name;

describe('PATCH /api/account/profile', () => {
  it('changes the account’s name, trimmed, and answers with the session user', async () => {
    const { client, user } = await fakeUser(t, { role: 'supporter', name: 'Sam Supporter' });
    const res = await client.patch('/api/account/profile', { displayName: '  Sam the Bro  ' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().user).toMatchObject({ id: user.id, displayName: 'Sam the Bro' });
    expect((await client.get('/api/auth/me')).json().user.displayName).toBe('Sam the Bro');
    expect(await nameOf(user.id)).toBe('Sam the Bro');
  });

  it('refuses an empty or too long name with the field message, changing nothing', async () => {
    const { client, user } = await fakeUser(t, { role: 'supporter', name: 'Kept Name' });
    const empty = await client.patch('/api/account/profile', { displayName: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ displayName: AUTH_MESSAGES.nameRequired });
    const long = await client.patch('/api/account/profile', { displayName: 'x'.repeat(NAME_MAX_LENGTH + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors).toEqual({ displayName: AUTH_MESSAGES.nameTooLong });
    const missing = await client.patch('/api/account/profile', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ displayName: AUTH_MESSAGES.nameRequired });
    expect(await nameOf(user.id)).toBe('Kept Name');
  });

  it('needs a session', async () => {
    const res = await t.client().patch('/api/account/profile', { displayName: 'Nobody' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(SIGN_IN_REQUIRED);
  });

  it('is rate-limited per account', async () => {
    const { client, user } = await fakeUser(t, { role: 'supporter' });
    for (let i = 0; i < ACCOUNT_PROFILE_LIMIT.limit; i++)
      expect((await client.patch('/api/account/profile', { displayName: `Name ${i}` })).statusCode).toBe(200);
    const limited = await client.patch('/api/account/profile', { displayName: 'One too many' });
    expect(limited.statusCode).toBe(429);
    expect(await nameOf(user.id)).toBe(`Name ${ACCOUNT_PROFILE_LIMIT.limit - 1}`);
  });
});
