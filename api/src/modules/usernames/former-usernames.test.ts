import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONBOARDING_MESSAGES } from '@beabro/shared/schemas/onboarding';
import { creatorProfiles, formerUsernames, users } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { fakeCreator, onboardingBody } from '../creator-profile/fake-creator';

let t: TestApp;
beforeAll(async () => {
  // Pages are requested with Host: beabro.example, which this server must be told it answers.
  t = await createTestApp({ ALLOWED_HOSTS: 'beabro.example' });
});
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'beabro.example' } });
const db = () => t.database.db;

/** A creator renamed from `from` to `to`, with the 30-day wait lifted so the test can rename again. */
async function renamedCreator(from: string, to: string) {
  const creator = await fakeCreator(t, { username: from });
  const res = await creator.client.patch('/api/creator-profile', { username: to });
  expect(res.statusCode).toBe(200);
  await db()
    .update(creatorProfiles)
    .set({ usernameChangedAt: null })
    .where(eq(creatorProfiles.userId, creator.user.id));
  return creator;
}

describe('a changed username keeps old links working', () => {
  it('redirects the old profile, support page and embedded checkout to the new name (301), keeping the query', async () => {
    await renamedCreator('oldlinks', 'newlinks');
    const profile = await page('/oldlinks?ref=qr');
    expect(profile.statusCode).toBe(301);
    expect(profile.headers.location).toBe('/newlinks?ref=qr');
    // The creator may take the old name back, so browsers must not keep the redirect for good.
    expect(profile.headers['cache-control']).toBe('no-cache');
    const support = await page('/oldlinks/support');
    expect(support.statusCode).toBe(301);
    expect(support.headers.location).toBe('/newlinks/support');
    const embed = await page('/oldlinks/support?embed=1&origin=https%3A%2F%2Fblog.example');
    expect(embed.statusCode).toBe(301);
    expect(embed.headers.location).toBe('/newlinks/support?embed=1&origin=https%3A%2F%2Fblog.example');
    // Capitals first go to the lower-case name, which then redirects.
    expect((await page('/OldLinks')).headers.location).toBe('/oldlinks');
    expect((await page('/newlinks')).statusCode).toBe(200);
    expect((await page('/neverexisted')).statusCode).toBe(404);
  });

  it('follows a chain of changes straight to the current name', async () => {
    const creator = await renamedCreator('chain_one', 'chain_two');
    expect((await creator.client.patch('/api/creator-profile', { username: 'chain_three' })).statusCode).toBe(200);
    expect((await page('/chain_one')).headers.location).toBe('/chain_three');
    expect((await page('/chain_two/support')).headers.location).toBe('/chain_three/support');
  });

  it('keeps the old name from everyone else, in onboarding, Settings and the availability check', async () => {
    await renamedCreator('kept_name', 'kept_new');
    const other = await fakeCreator(t);
    const rename = await other.client.patch('/api/creator-profile', { username: 'kept_name' });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().fieldErrors).toEqual({ username: ONBOARDING_MESSAGES.usernameNotAvailable });
    const { client } = await fakeUser(t, { role: 'creator' });
    const onboarding = await client.post('/api/creator-profile', onboardingBody({ username: 'kept_name' }));
    expect(onboarding.statusCode).toBe(400);
    expect(onboarding.json().fieldErrors).toEqual({ username: ONBOARDING_MESSAGES.usernameNotAvailable });
    expect((await t.client().get('/api/usernames/kept_name/availability')).json()).toMatchObject({
      available: false,
      message: ONBOARDING_MESSAGES.usernameNotAvailable,
    });
  });

  it('lets the creator take the old name back, which ends its redirect', async () => {
    const creator = await renamedCreator('come_back', 'went_away');
    expect((await creator.client.get('/api/usernames/come_back/availability')).json().available).toBe(true);
    const back = await creator.client.patch('/api/creator-profile', { username: 'come_back' });
    expect(back.statusCode).toBe(200);
    expect((await page('/come_back')).statusCode).toBe(200);
    expect((await page('/went_away')).headers.location).toBe('/come_back');
    const rows = await db().select().from(formerUsernames).where(eq(formerUsernames.userId, creator.user.id));
    expect(rows.map((r) => r.username)).toEqual(['went_away']);
  });

  it('stops redirecting once the account is deleted, and the old name stays taken', async () => {
    const creator = await renamedCreator('gone_old', 'gone_new');
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, creator.user.id));
    await db()
      .update(creatorProfiles)
      .set({ deletedAt: new Date() })
      .where(eq(creatorProfiles.userId, creator.user.id));
    expect((await page('/gone_old')).statusCode).toBe(404);
    expect((await t.client().get('/api/usernames/gone_old/availability')).json().available).toBe(false);
  });
});
