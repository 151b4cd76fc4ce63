import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { creatorProfiles, follows, users } from '../../db/schema';
import { SIGN_IN_REQUIRED } from '../../lib/messages';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { CANNOT_FOLLOW_YOURSELF_MESSAGE } from './follow-service';
import { CREATOR_NOT_FOUND_MESSAGE, goalPercent } from './public-profile-service';
import { fakeCreator, fakeSignedInCreator, fakeSupport, insertAccount } from './public-profile-test-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const monthStart = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
};
const thisMonth = () => new Date(monthStart().getTime() + 1_000);
const lastMonth = () => new Date(monthStart().getTime() - 1_000);

async function read(username: string, client = t.client()): Promise<PublicCreatorProfileDto> {
  const res = await client.get(`/api/creators/${username}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const setPrivacy = (
  userId: string,
  values: Partial<Pick<typeof creatorProfiles.$inferInsert, 'showEarnings' | 'showSupporterCount' | 'allowMessages'>>,
) => db().update(creatorProfiles).set(values).where(eq(creatorProfiles.userId, userId));

/** A creator whose figures the tests know: 5 supports from 3 distinct supporters, $62 in all, $37 this month. */
async function creatorWithKnownSupports(overrides: Parameters<typeof fakeCreator>[1] = {}) {
  const creator = await fakeCreator(db(), {
    showEarnings: true,
    goalTitle: 'New camera',
    goalAmountCents: 10_000,
    ...overrides,
  });
  const account = await insertAccount(db(), { userType: 'supporter', displayName: 'Signed In Bro' });
  // One guest, twice, with the email in two cases: one supporter.
  await fakeSupport(db(), creator.userId, {
    supporterName: 'Guest A',
    supporterEmail: 'guest.a@example.com',
    amountCents: 1_500,
    createdAt: thisMonth(),
  });
  await fakeSupport(db(), creator.userId, {
    supporterName: 'Guest A',
    supporterEmail: 'GUEST.A@example.com',
    amountCents: 2_500,
    createdAt: lastMonth(),
  });
  // One account, twice, with two different emails: one supporter.
  await fakeSupport(db(), creator.userId, {
    supporterUserId: account.id,
    supporterEmail: 'one@example.com',
    amountCents: 500,
    createdAt: thisMonth(),
  });
  await fakeSupport(db(), creator.userId, {
    supporterUserId: account.id,
    supporterEmail: 'two@example.com',
    amountCents: 700,
    message: 'Second one!',
    createdAt: thisMonth(),
  });
  await fakeSupport(db(), creator.userId, {
    supporterName: 'Secret Name',
    isAnonymous: true,
    isRecurring: true,
    amountCents: 1_000,
    message: 'Keep going',
    createdAt: thisMonth(),
  });
  return creator;
}

describe('GET /api/creators/:username', () => {
  it('computes every figure from the supports rows', async () => {
    const creator = await creatorWithKnownSupports();
    const profile = await read(creator.username);
    expect(profile).toMatchObject({
      username: creator.username,
      displayName: creator.displayName,
      bio: creator.bio,
      creatorType: 'creator',
      creatorTypeLabel: 'Content Creator',
      profileImageUrl: null,
      coverImageUrl: null,
      followers: 0,
      supporterCount: 3,
      totalEarnedCents: 6_200,
      monthlyEarnedCents: 3_700,
      goal: { title: 'New camera', amountCents: 10_000, raisedCents: 6_200, percent: 62, supporterCount: 3 },
      minimumAmountCents: 300,
      acceptsMessages: true,
      paymentCapabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
      viewer: { isOwner: false, isFollowing: false },
    });
    expect(profile.tiers.map((tier) => [tier.position, tier.name, tier.amountCents, tier.isRecurring])).toEqual([
      [0, 'Support the Mission', 500, false],
      [1, 'Fuel the Journey', 1_500, false],
      [2, 'True Believer', 2_500, true],
      [3, 'Mission Champion', 5_000, false],
    ]);
    expect(profile.tiers[0]?.perks.length).toBeGreaterThan(0);
  });

  it('lists the last ten supports, newest first, with anonymous names withheld', async () => {
    const creator = await fakeCreator(db(), { showEarnings: true });
    const base = Date.now() - 100 * 60_000;
    for (let i = 0; i < 12; i++) {
      await fakeSupport(db(), creator.userId, {
        supporterName: `Bro ${i}`,
        amountCents: 100 + i,
        createdAt: new Date(base + i * 60_000),
      });
    }
    await fakeSupport(db(), creator.userId, {
      supporterName: 'Hidden Person',
      isAnonymous: true,
      amountCents: 900,
      createdAt: new Date(base + 20 * 60_000),
    });
    await fakeSupport(db(), creator.userId, {
      supporterName: null,
      amountCents: 800,
      createdAt: new Date(base + 21 * 60_000),
    });
    const profile = await read(creator.username);
    expect(profile.recentSupports).toHaveLength(10);
    expect(profile.recentSupports.map((s) => s.name)).toEqual([
      null,
      null,
      'Bro 11',
      'Bro 10',
      'Bro 9',
      'Bro 8',
      'Bro 7',
      'Bro 6',
      'Bro 5',
      'Bro 4',
    ]);
    expect(profile.recentSupports[2]).toMatchObject({
      amountCents: 111,
      isRecurring: false,
      createdAt: new Date(base + 11 * 60_000).toISOString(),
    });
    expect(JSON.stringify(profile)).not.toContain('Hidden Person');
  });

  it('hides earnings and everything that adds up to them unless the creator shows them', async () => {
    // Goal 6,000: reached (6,200 raised), so "Goal Reached" would tell the total too.
    const creator = await creatorWithKnownSupports({ showEarnings: false, goalAmountCents: 6_000 });
    const hidden = await read(creator.username);
    expect(hidden.totalEarnedCents).toBeNull();
    expect(hidden.monthlyEarnedCents).toBeNull();
    // The goal keeps its title and target; progress times the target would be the total.
    expect(hidden.goal).toEqual({
      title: 'New camera',
      amountCents: 6_000,
      raisedCents: null,
      percent: null,
      supporterCount: 3,
    });
    // Ten amounts a page (and more on later visits) would add up to the earnings.
    expect(hidden.recentSupports).toHaveLength(5);
    expect(hidden.recentSupports.every((s) => s.amountCents === null)).toBe(true);
    expect(hidden.recentSupports.map((s) => s.message)).toEqual(expect.arrayContaining(['Keep going', 'Second one!']));
    expect(hidden.achievements.map((a) => a.id)).toEqual([
      'first-supporter',
      'ten-supporters',
      'fifty-supporters',
      'first-monthly-supporter',
    ]);

    await setPrivacy(creator.userId, { showEarnings: true });
    const shown = await read(creator.username);
    expect(shown.totalEarnedCents).toBe(6_200);
    expect(shown.goal).toMatchObject({ raisedCents: 6_200, percent: 100 });
    expect(shown.recentSupports.map((s) => s.amountCents).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([
      500, 700, 1_000, 1_500, 2_500,
    ]);
    expect(shown.achievements.map((a) => a.id)).toEqual(expect.arrayContaining(['raised-100', 'goal-reached']));
  });

  it('hides the supporter count unless the creator shows it', async () => {
    const creator = await creatorWithKnownSupports({ showSupporterCount: false });
    const hidden = await read(creator.username);
    expect(hidden.supporterCount).toBeNull();
    expect(hidden.goal?.supporterCount).toBeNull();
    expect(hidden.achievements.map((a) => a.id)).not.toContain('first-supporter');

    await setPrivacy(creator.userId, { showSupporterCount: true });
    const shown = await read(creator.username);
    expect(shown.supporterCount).toBe(3);
    expect(shown.achievements.find((a) => a.id === 'first-supporter')?.unlocked).toBe(true);
  });

  it('blanks messages when the creator does not accept them', async () => {
    const creator = await creatorWithKnownSupports();
    const open = await read(creator.username);
    expect(open.recentSupports.map((s) => s.message)).toEqual(expect.arrayContaining(['Keep going', 'Second one!']));

    await setPrivacy(creator.userId, { allowMessages: false });
    const closed = await read(creator.username);
    expect(closed.acceptsMessages).toBe(false);
    expect(closed.recentSupports).toHaveLength(5);
    expect(closed.recentSupports.every((s) => s.message === '')).toBe(true);
  });

  it('rounds the goal percentage and caps it at 100; no goal amount means no goal', async () => {
    const over = await creatorWithKnownSupports({ goalAmountCents: 5_000 });
    expect((await read(over.username)).goal?.percent).toBe(100);
    const third = await fakeCreator(db(), { goalAmountCents: 3_000, showEarnings: true });
    await fakeSupport(db(), third.userId, { amountCents: 2_000 });
    expect((await read(third.username)).goal?.percent).toBe(67);
    const none = await fakeCreator(db(), { goalTitle: 'Just a title', goalAmountCents: null });
    expect((await read(none.username)).goal).toBeNull();
    const zero = await fakeCreator(db(), { goalAmountCents: 0 });
    expect((await read(zero.username)).goal).toBeNull();

    expect(goalPercent(1_000, 3_000)).toBe(33);
    expect(goalPercent(2_999, 3_000)).toBe(100);
    expect(goalPercent(2_984, 3_000)).toBe(99);
    expect(goalPercent(0, 3_000)).toBe(0);
    expect(goalPercent(9_000, 3_000)).toBe(100);
  });

  it('unlocks achievements from the data', async () => {
    const fresh = await fakeCreator(db(), { showEarnings: true });
    expect((await read(fresh.username)).achievements.every((a) => !a.unlocked)).toBe(true);

    const creator = await creatorWithKnownSupports({ goalAmountCents: 6_000 });
    const unlocked = (await read(creator.username)).achievements.filter((a) => a.unlocked).map((a) => a.id);
    expect(unlocked).toEqual(['first-supporter', 'first-monthly-supporter', 'goal-reached']);

    for (let i = 0; i < 7; i++) await fakeSupport(db(), creator.userId, { amountCents: 15_000 });
    const after = (await read(creator.username)).achievements.filter((a) => a.unlocked).map((a) => a.id);
    expect(after).toEqual([
      'first-supporter',
      'ten-supporters',
      'first-monthly-supporter',
      'raised-100',
      'raised-1000',
      'goal-reached',
    ]);
  });

  it('builds https social links from the stored handles and drops invalid ones', async () => {
    const creator = await fakeCreator(db(), {
      socialLinks: {
        twitch: 'pixel_pat',
        website: 'example.com/me',
        instagram: 'javascript:alert(1)',
        discord: 'someone',
      },
      profileImage: '/uploads/0123456789abcdef0123456789abcdef.webp',
      coverImage: 'javascript:alert(1)',
    });
    const profile = await read(creator.username);
    expect(profile.socialLinks).toEqual([
      { platform: 'website', handle: 'example.com/me', url: 'https://example.com/me' },
      { platform: 'twitch', handle: 'pixel_pat', url: 'https://www.twitch.tv/pixel_pat' },
    ]);
    expect(profile.profileImageUrl).toBe('/uploads/0123456789abcdef0123456789abcdef.webp');
    expect(profile.coverImageUrl).toBeNull();
  });

  it('finds the creator whatever the case of the URL', async () => {
    const creator = await fakeCreator(db(), { username: `mixed_${Date.now() % 100_000}` });
    expect((await read(creator.username.toUpperCase())).username).toBe(creator.username);
  });

  it('answers 404 "Creator not found" for unknown, impossible, deleted profiles and deleted accounts', async () => {
    const deletedProfile = await fakeCreator(db());
    await db()
      .update(creatorProfiles)
      .set({ deletedAt: new Date() })
      .where(eq(creatorProfiles.userId, deletedProfile.userId));
    const deletedAccount = await fakeCreator(db());
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, deletedAccount.userId));
    for (const username of ['nobody_here', 'not-a-username', '%25', deletedProfile.username, deletedAccount.username]) {
      const res = await t.client().get(`/api/creators/${username}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: CREATOR_NOT_FOUND_MESSAGE });
    }
  });

  it('tells the viewer whether they own or follow the profile', async () => {
    const owner = await fakeSignedInCreator(t);
    expect((await read(owner.profile.username, owner.client)).viewer).toEqual({ isOwner: true, isFollowing: false });
    const fan = await fakeUser(t);
    await fan.client.post(`/api/creators/${owner.profile.username}/follow`);
    expect((await read(owner.profile.username, fan.client)).viewer).toEqual({ isOwner: false, isFollowing: true });
    expect((await read(owner.profile.username)).viewer).toEqual({ isOwner: false, isFollowing: false });
  });
});

describe('following', () => {
  it('needs a signed-in user', async () => {
    const creator = await fakeCreator(db());
    for (const res of [
      await t.client().post(`/api/creators/${creator.username}/follow`),
      await t.client().delete(`/api/creators/${creator.username}/follow`),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SIGN_IN_REQUIRED });
    }
    expect((await read(creator.username)).followers).toBe(0);
  });

  it('answers 404 for an unknown or deleted creator', async () => {
    const { client } = await fakeUser(t);
    const deleted = await fakeCreator(db(), { deletedAt: new Date() });
    for (const username of ['nobody_here', deleted.username]) {
      const res = await client.post(`/api/creators/${username}/follow`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: CREATOR_NOT_FOUND_MESSAGE });
      expect((await client.delete(`/api/creators/${username}/follow`)).statusCode).toBe(404);
    }
  });

  it('refuses following yourself with 400 "You can\'t follow yourself."', async () => {
    const owner = await fakeSignedInCreator(t);
    const res = await owner.client.post(`/api/creators/${owner.profile.username}/follow`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: CANNOT_FOLLOW_YOURSELF_MESSAGE });
    expect((await read(owner.profile.username)).followers).toBe(0);
  });

  it('is idempotent both ways and counts each follower once', async () => {
    const creator = await fakeCreator(db());
    const path = `/api/creators/${creator.username}/follow`;
    const first = await fakeUser(t);
    const second = await fakeUser(t);

    expect((await first.client.post(path)).json()).toEqual({ following: true, followers: 1 });
    expect((await first.client.post(path)).json()).toEqual({ following: true, followers: 1 });
    expect((await second.client.post(path)).json()).toEqual({ following: true, followers: 2 });
    expect((await read(creator.username)).followers).toBe(2);

    // Another user unfollowing (twice) never touches the first user's follow.
    expect((await second.client.delete(path)).json()).toEqual({ following: false, followers: 1 });
    expect((await second.client.delete(path)).json()).toEqual({ following: false, followers: 1 });
    expect((await read(creator.username, first.client)).viewer.isFollowing).toBe(true);

    expect((await first.client.delete(path)).json()).toEqual({ following: false, followers: 0 });
    const rows = await db().select().from(follows).where(eq(follows.creatorId, creator.userId));
    expect(rows).toEqual([]);
  });

  it('accepts the username in any case and stops counting followers whose accounts are deleted', async () => {
    const creator = await fakeCreator(db());
    const fan = await fakeUser(t);
    const leaver = await fakeUser(t);
    await fan.client.post(`/api/creators/${creator.username.toUpperCase()}/follow`);
    await leaver.client.post(`/api/creators/${creator.username}/follow`);
    expect((await read(creator.username)).followers).toBe(2);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaver.user.id));
    expect((await read(creator.username)).followers).toBe(1);
  });
});
