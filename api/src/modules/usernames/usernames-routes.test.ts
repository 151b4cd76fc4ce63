import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_MESSAGES } from '@beabro/shared/schemas/onboarding';
import { creatorProfiles } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { fakeCreator } from '../creator-profile/fake-creator';
import { USERNAME_CHECK_LIMIT } from './usernames-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const check = (username: string, client = t.client()) =>
  client.get(`/api/usernames/${encodeURIComponent(username)}/availability`);

describe('GET /api/usernames/:username/availability', () => {
  it('says a free username is available, normalising what was typed first', async () => {
    const res = await check('Fresh Name-42!');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ username: 'freshname42', available: true, message: 'Username is available!' });
  });

  it.each([
    'admin',
    'support',
    'api',
    'test',
    'user',
    'Admin',
    'dashboard',
    'settings',
    'create',
    'auth',
    'help',
    'discover',
    'analytics',
    'supporter-dashboard',
    'remotes',
  ])('refuses the reserved name %j', async (name) => {
    const res = await check(name);
    expect(res.json()).toMatchObject({ available: false, message: 'Username is not available' });
  });

  it('needs at least 3 characters after normalising', async () => {
    for (const name of ['ab', 'a-b', '!!!x']) {
      expect((await check(name)).json()).toMatchObject({
        available: false,
        message: 'Username must be at least 3 characters',
      });
    }
  });

  it('refuses names longer than the limit with the shared message', async () => {
    expect((await check('a'.repeat(31))).json()).toEqual({
      username: 'a'.repeat(31),
      available: false,
      message: ONBOARDING_MESSAGES.usernameTooLong,
    });
  });

  it('refuses a username another profile holds, whatever the case typed, and one of a deleted profile', async () => {
    const { user } = await fakeCreator(t, { username: 'takenname' });
    expect((await check('takenname')).json()).toEqual({
      username: 'takenname',
      available: false,
      message: 'Username is not available',
    });
    expect((await check('TakenName')).json()).toMatchObject({ username: 'takenname', available: false });

    await t.database.db
      .update(creatorProfiles)
      .set({ deletedAt: new Date() })
      .where(eq(creatorProfiles.userId, user.id));
    expect((await check('takenname')).json()).toMatchObject({ available: false, message: 'Username is not available' });
  });

  it('tells the signed-in creator their own username is available to them, and nobody else', async () => {
    const owner = await fakeCreator(t, { username: 'mineonly' });
    expect((await check('mineonly', owner.client)).json()).toEqual({
      username: 'mineonly',
      available: true,
      message: 'Username is available!',
    });
    const other = await fakeUser(t);
    expect((await check('mineonly', other.client)).json()).toMatchObject({ available: false });
  });

  it('is rate-limited per IP, generously', async () => {
    const client = t.client();
    for (let i = 0; i < USERNAME_CHECK_LIMIT.limit; i++) {
      const res = await check(`spree${i}`, client);
      expect(res.statusCode).toBe(200);
    }
    const limited = await check('onemore', client);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another visitor is not affected.
    expect((await check('onemore')).statusCode).toBe(200);
  });
});
