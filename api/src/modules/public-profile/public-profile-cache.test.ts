import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { creatorProfiles, follows, supports, supportTiers, users } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { checkoutBody, payCheckout } from '../checkout/checkout-test-factories';
import { PublicProfileReader } from './public-profile-cache';
import { fakeCreator, fakeSignedInCreator, fakeSupport, insertAccount } from './public-profile-test-factories';

// The public profile is cached per API process; these prove a change shows on the very next read,
// whether the change came through the API or straight into the database (another instance, a job).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

async function read(username: string, client = t.client()): Promise<PublicCreatorProfileDto> {
  const res = await client.get(`/api/creators/${username}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('public profile cache', () => {
  it('answers repeated reads from the cache, identical to a fresh computation', async () => {
    const creator = await fakeCreator(db(), { showEarnings: true });
    await fakeSupport(db(), creator.userId, { amountCents: 1_200, message: 'Hi' });
    const reader = new PublicProfileReader(db());
    const first = await reader.read(creator.username, null);
    const second = await reader.read(creator.username, null);
    expect(reader.stats).toMatchObject({ hits: 1, misses: 1 });
    expect(second).toEqual(first);
    expect(first.kind).toBe('json');
    // The route answers the same JSON as the cached string.
    expect(await read(creator.username)).toEqual(JSON.parse(first.body as string));
  });

  it('shows a checkout made through the API on the next read', async () => {
    const creator = await fakeCreator(db(), { showEarnings: true });
    expect((await read(creator.username)).totalEarnedCents).toBe(0);
    expect(
      (await payCheckout(t.client(), creator.username, checkoutBody({ amount: 7, name: 'Rita', message: 'Go!' })))
        .statusCode,
    ).toBe(200);
    const after = await read(creator.username);
    expect(after).toMatchObject({ totalEarnedCents: 700, supporterCount: 1 });
    expect(after.recentSupports[0]).toMatchObject({ name: 'Rita', amountCents: 700, message: 'Go!' });
  });

  it('shows writes made straight into the database (another instance, a job) on the next read', async () => {
    const creator = await fakeCreator(db(), { showEarnings: true, showSupporterCount: true });
    const reader = new PublicProfileReader(db());
    await read(creator.username);
    expect((await reader.read(creator.username, null)).kind).toBe('json');

    await fakeSupport(db(), creator.userId, { amountCents: 900 });
    expect((await read(creator.username)).totalEarnedCents).toBe(900);
    const viaReader = await reader.read(creator.username, null);
    expect(JSON.parse(viaReader.body as string)).toMatchObject({ totalEarnedCents: 900 });

    await db()
      .update(creatorProfiles)
      .set({ bio: 'A brand new bio.' })
      .where(eq(creatorProfiles.userId, creator.userId));
    expect((await read(creator.username)).bio).toBe('A brand new bio.');

    await db().update(supportTiers).set({ name: 'Coffee' }).where(eq(supportTiers.creatorId, creator.userId));
    expect((await read(creator.username)).tiers.every((tier) => tier.name === 'Coffee')).toBe(true);

    await db().update(supports).set({ isAnonymous: true }).where(eq(supports.creatorId, creator.userId));
    expect((await read(creator.username)).recentSupports[0]?.name).toBeNull();

    await db().delete(supports).where(eq(supports.creatorId, creator.userId));
    expect((await read(creator.username)).totalEarnedCents).toBe(0);
  });

  it('shows follows, unfollows and a follower deleting their account on the next read', async () => {
    const creator = await fakeCreator(db());
    const fan = await fakeUser(t);
    expect((await read(creator.username)).followers).toBe(0);
    expect((await fan.client.post(`/api/creators/${creator.username}/follow`)).statusCode).toBe(200);
    expect(await read(creator.username)).toMatchObject({ followers: 1, viewer: { isFollowing: false } });
    expect(await read(creator.username, fan.client)).toMatchObject({
      followers: 1,
      viewer: { isOwner: false, isFollowing: true },
    });

    const other = await insertAccount(db(), { userType: 'supporter' });
    await db().insert(follows).values({ followerId: other.id, creatorId: creator.userId });
    expect((await read(creator.username)).followers).toBe(2);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, other.id));
    expect((await read(creator.username)).followers).toBe(1);

    expect((await fan.client.delete(`/api/creators/${creator.username}/follow`)).statusCode).toBe(200);
    expect(await read(creator.username, fan.client)).toMatchObject({ followers: 0, viewer: { isFollowing: false } });
  });

  it('shows profile edits made through the API, and tells the owner it is theirs', async () => {
    const { profile, client } = await fakeSignedInCreator(t);
    expect((await read(profile.username)).displayName).toBe(profile.displayName);
    expect((await client.patch('/api/creator-profile', { displayName: 'Renamed Creator' })).statusCode).toBe(200);
    expect((await read(profile.username)).displayName).toBe('Renamed Creator');
    expect((await read(profile.username, client)).viewer).toEqual({ isOwner: true, isFollowing: false });
  });

  it('answers 404 on the next read once the profile or its account is deleted', async () => {
    const a = await fakeCreator(db());
    const b = await fakeCreator(db());
    await read(a.username);
    await read(b.username);
    await db().update(creatorProfiles).set({ deletedAt: new Date() }).where(eq(creatorProfiles.userId, a.userId));
    expect((await t.client().get(`/api/creators/${a.username}`)).statusCode).toBe(404);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, b.userId));
    expect((await t.client().get(`/api/creators/${b.username}`)).statusCode).toBe(404);
  });

  it('serves concurrent reads with one version read per round, each seeing writes committed before it arrived', async () => {
    const creator = await fakeCreator(db(), { showEarnings: true });
    const reader = new PublicProfileReader(db());
    await reader.read(creator.username, null);
    const before = reader.stats.versionReads;
    const answers = await Promise.all(Array.from({ length: 20 }, () => reader.read(creator.username, null)));
    expect(reader.stats.versionReads - before).toBeLessThanOrEqual(2);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    await fakeSupport(db(), creator.userId, { amountCents: 400 });
    const afterWrite = await Promise.all(Array.from({ length: 5 }, () => reader.read(creator.username, null)));
    for (const answer of afterWrite) expect(JSON.parse(answer.body as string)).toMatchObject({ totalEarnedCents: 400 });
  });
});
