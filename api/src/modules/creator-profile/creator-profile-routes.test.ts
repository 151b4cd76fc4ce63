import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREATOR_PROFILE_MESSAGES,
  TIER_MESSAGES,
  usernameChangeTooSoonMessage,
  type OwnCreatorProfileDto,
} from '@beabro/shared/api-schemas/creator-profile';
import { SUPPORT_TIERS } from '@beabro/shared/data/support-tiers';
import { ONBOARDING_MESSAGES, SOCIAL_LINK_MESSAGES } from '@beabro/shared/schemas/onboarding';
import { creatorProfiles, supportTiers } from '../../db/schema';
import { SIGN_IN_REQUIRED } from '../../lib/messages';
import { createTestApp, fakeUser, type TestApp, type TestClient } from '../../testing/test-app';
import { fakeCreator, onboardingBody } from './fake-creator';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getProfile = async (client: TestClient) =>
  (await client.get('/api/creator-profile')).json().profile as OwnCreatorProfileDto;

async function profileRow(userId: string) {
  const [row] = await t.database.db.select().from(creatorProfiles).where(eq(creatorProfiles.userId, userId));
  return row;
}

const tier = (name: string, amount: number, extra: Record<string, unknown> = {}) => ({
  name,
  emoji: '🌱',
  description: `${name} description`,
  perks: [`${name} perk`],
  isRecurring: false,
  amount,
  ...extra,
});

describe('POST /api/creator-profile (onboarding)', () => {
  it('creates the page with the four sample tiers at the suggested amounts, and the session user becomes a creator', async () => {
    const { client } = await fakeUser(t, { role: 'creator' });
    expect((await client.get('/api/auth/me')).json().user).toMatchObject({ username: null, isCreator: false });

    const res = await client.post(
      '/api/creator-profile',
      onboardingBody({
        username: 'Maya_Makes',
        socialLinks: {
          instagram: '@maya.makes',
          website: 'https://maya.example.com/art',
          github: 'https://github.com/maya-makes/',
        },
        minimumAmount: 4,
        suggestedAmounts: [6, 16, 26, 60],
        goalTitle: 'A new kiln',
        goalAmount: 2000,
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const profile = res.json().profile as OwnCreatorProfileDto;
    expect(profile).toEqual({
      username: 'maya_makes',
      displayName: 'Maya Builder',
      bio: 'Building community gardens, one street at a time.',
      creatorType: 'artist',
      socialLinks: [
        { platform: 'website', handle: 'maya.example.com/art', url: 'https://maya.example.com/art' },
        { platform: 'instagram', handle: 'maya.makes', url: 'https://www.instagram.com/maya.makes' },
        { platform: 'github', handle: 'maya-makes', url: 'https://github.com/maya-makes' },
      ],
      minimumAmountCents: 400,
      suggestedAmountsCents: [600, 1_600, 2_600, 6_000],
      goalTitle: 'A new kiln',
      goalAmountCents: 200_000,
      country: null,
      // No payout country yet: US dollars, which the country can still change (decision 0015).
      currency: 'usd',
      currencyLocked: false,
      profileImageUrl: null,
      coverImageUrl: null,
      privacy: { showEarnings: false, showSupporterCount: true, allowMessages: true },
      tiers: SUPPORT_TIERS.map((sample, position) => ({
        position,
        name: sample.name,
        emoji: sample.emoji,
        description: sample.description,
        perks: [...sample.perks],
        isRecurring: sample.isRecurring,
        amountCents: [600, 1_600, 2_600, 6_000][position],
      })),
      usernameChangeAvailableAt: null,
    });

    expect((await client.get('/api/auth/me')).json().user).toMatchObject({
      username: 'maya_makes',
      isCreator: true,
      userType: 'creator',
    });
    expect(await getProfile(client)).toEqual(profile);
  });

  it('fills in the defaults: minimum $3, suggested $5/$15/$25/$50, no goal', async () => {
    const { profile } = await fakeCreator(t);
    expect(profile).toMatchObject({
      minimumAmountCents: 300,
      suggestedAmountsCents: [500, 1_500, 2_500, 5_000],
      goalTitle: '',
      goalAmountCents: null,
      socialLinks: [],
    });
    expect(profile.tiers.map((x) => x.amountCents)).toEqual([500, 1_500, 2_500, 5_000]);
  });

  it('stores the payout country chosen in onboarding (none when left out), and refuses an unknown one', async () => {
    expect((await fakeCreator(t)).profile.country).toBeNull();
    expect((await fakeCreator(t, { country: 'gb' })).profile.country).toBe('GB');
    expect((await fakeCreator(t, { country: 'DE' })).profile.country).toBe('DE');
    expect((await fakeCreator(t, { country: '' })).profile.country).toBeNull();
    const { client } = await fakeUser(t, { role: 'creator' });
    const res = await client.post('/api/creator-profile', onboardingBody({ country: 'XX' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ country: CREATOR_PROFILE_MESSAGES.countryInvalid });
    expect((await client.get('/api/creator-profile')).statusCode).toBe(404);
  });

  it('turns "Show earnings" on from onboarding when asked, so the profile shows the goal’s progress', async () => {
    const { client } = await fakeUser(t, { role: 'creator' });
    const body = onboardingBody({ goalTitle: 'Studio microphone', goalAmount: 400, showEarnings: true });
    const res = await client.post('/api/creator-profile', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().profile.privacy.showEarnings).toBe(true);
    const page = (await t.client().get(`/api/creators/${body.username}`)).json();
    expect(page.goal).toMatchObject({ title: 'Studio microphone', amountCents: 40_000, raisedCents: 0, percent: 0 });

    // Left out, it stays off (the profile then shows the goal without progress); anything but true/false is refused.
    const other = await fakeUser(t, { role: 'creator' });
    const plain = onboardingBody({ goalTitle: 'Lights', goalAmount: 100 });
    expect((await other.client.post('/api/creator-profile', plain)).json().profile.privacy.showEarnings).toBe(false);
    expect((await t.client().get(`/api/creators/${plain.username}`)).json().goal).toMatchObject({ percent: null });
    const third = await fakeUser(t, { role: 'creator' });
    const bad = await third.client.post('/api/creator-profile', { ...onboardingBody(), showEarnings: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ showEarnings: 'Choose on or off' });
  });

  it('lets a supporter account become a creator too', async () => {
    const { client } = await fakeUser(t, { role: 'supporter' });
    expect(
      (await client.post('/api/creator-profile', onboardingBody({ username: 'supporter_turned' }))).statusCode,
    ).toBe(201);
    expect((await client.get('/api/auth/me')).json().user).toMatchObject({
      username: 'supporter_turned',
      isCreator: true,
      userType: 'supporter',
    });
  });

  it('answers 400 with the shared field messages and writes nothing', async () => {
    const { client, user } = await fakeUser(t, { role: 'creator' });
    const res = await client.post('/api/creator-profile', {
      displayName: '',
      username: 'ab',
      bio: 'x'.repeat(201),
      creatorType: 'gaming',
      socialLinks: { twitter: 'not a handle!!', website: 'javascript:alert(1)' },
      minimumAmount: 101,
      suggestedAmounts: [0, 15, 25, 2.5],
      goalAmount: -1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      displayName: ONBOARDING_MESSAGES.displayNameRequired,
      username: ONBOARDING_MESSAGES.usernameTooShort,
      bio: ONBOARDING_MESSAGES.bioTooLong,
      creatorType: ONBOARDING_MESSAGES.creatorTypeRequired,
      'socialLinks.twitter': SOCIAL_LINK_MESSAGES.handleInvalid.twitter,
      'socialLinks.website': SOCIAL_LINK_MESSAGES.websiteHttpsOnly,
      minimumAmount: ONBOARDING_MESSAGES.minimumAmountRange,
      'suggestedAmounts.0': ONBOARDING_MESSAGES.suggestedAmountTooSmall,
      'suggestedAmounts.3': ONBOARDING_MESSAGES.suggestedAmountWhole,
      goalAmount: ONBOARDING_MESSAGES.goalAmountNegative,
    });
    const count = await client.post('/api/creator-profile', onboardingBody({ suggestedAmounts: [5, 15] as never }));
    expect(count.json().fieldErrors).toEqual({ suggestedAmounts: ONBOARDING_MESSAGES.suggestedAmountsCount });
    const invalidChars = await client.post('/api/creator-profile', onboardingBody({ username: 'no spaces' }));
    expect(invalidChars.json().fieldErrors).toEqual({ username: ONBOARDING_MESSAGES.usernameInvalidChars });

    expect(await profileRow(user.id)).toBeUndefined();
    expect((await client.get('/api/auth/me')).json().user).toMatchObject({ username: null, isCreator: false });
    expect((await client.get('/api/creator-profile')).statusCode).toBe(404);
  });

  it.each(['admin', 'support', 'api', 'test', 'user', 'dashboard', 'settings', 'discover'])(
    'refuses the reserved username %j',
    async (username) => {
      const { client } = await fakeUser(t);
      const res = await client.post('/api/creator-profile', onboardingBody({ username }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ username: 'Username is not available' });
    },
  );

  it('refuses a username another profile holds (any case) or a deleted profile held', async () => {
    const first = await fakeCreator(t, { username: 'claimed' });
    const { client, user } = await fakeUser(t);
    for (const username of ['claimed', 'CLAIMED']) {
      const res = await client.post('/api/creator-profile', onboardingBody({ username }));
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ username: 'Username is not available' });
    }
    await t.database.db
      .update(creatorProfiles)
      .set({ deletedAt: new Date() })
      .where(eq(creatorProfiles.userId, first.user.id));
    const afterDeletion = await client.post('/api/creator-profile', onboardingBody({ username: 'claimed' }));
    expect(afterDeletion.json().fieldErrors).toEqual({ username: 'Username is not available' });
    expect(await profileRow(user.id)).toBeUndefined();
  });

  it('allows one creator page per account (409)', async () => {
    const { client, profile } = await fakeCreator(t);
    const res = await client.post('/api/creator-profile', onboardingBody());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'You already have a creator page.' });
    expect((await getProfile(client)).username).toBe(profile.username);
  });

  it('gives exactly one winner when several users claim the same username at once', async () => {
    const racers = await Promise.all([1, 2, 3, 4, 5].map(() => fakeUser(t)));
    const results = await Promise.all(
      racers.map(({ client }) => client.post('/api/creator-profile', onboardingBody({ username: 'contested' }))),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400, 400, 400]);
    for (const loser of results.filter((r) => r.statusCode === 400)) {
      expect(loser.json().fieldErrors).toEqual({ username: 'Username is not available' });
    }
    const holders = await t.database.db.select().from(creatorProfiles).where(eq(creatorProfiles.username, 'contested'));
    expect(holders).toHaveLength(1);
    const tiers = await t.database.db
      .select()
      .from(supportTiers)
      .where(eq(supportTiers.creatorId, holders[0]?.userId ?? ''));
    expect(tiers).toHaveLength(4);
  });

  it('creates one page when the same user submits twice at once (double click)', async () => {
    const { client, user } = await fakeUser(t);
    const body = onboardingBody();
    const results = await Promise.all([
      client.post('/api/creator-profile', body),
      client.post('/api/creator-profile', body),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await profileRow(user.id)).toBeDefined();
  });
});

describe('GET /api/creator-profile', () => {
  it('answers 404 before onboarding', async () => {
    const { client } = await fakeUser(t);
    const res = await client.get('/api/creator-profile');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: CREATOR_PROFILE_MESSAGES.notFound });
  });

  it("shows a tier row that is missing (older data) as its position's sample instead of failing", async () => {
    const { client, user } = await fakeCreator(t);
    await t.database.db.delete(supportTiers).where(eq(supportTiers.creatorId, user.id));
    const profile = await getProfile(client);
    expect(profile.tiers.map((x) => x.name)).toEqual(SUPPORT_TIERS.map((x) => x.name));
    expect(profile.suggestedAmountsCents).toEqual([500, 1_500, 2_500, 5_000]);
  });
});

describe('PATCH /api/creator-profile', () => {
  it('changes only the fields sent, all at once', async () => {
    const { client, profile: before } = await fakeCreator(t, {
      socialLinks: { twitter: 'old_handle' },
      goalTitle: 'Old goal',
      goalAmount: 100,
    });
    const res = await client.patch('/api/creator-profile', {
      displayName: '  New Name ',
      bio: '',
      creatorType: 'educator',
      socialLinks: { youtube: 'newchannel' },
      minimumAmount: '2',
      suggestedAmounts: [2, 4, 6, 8],
      goalAmount: null,
      country: 'gb',
      showEarnings: true,
      showSupporterCount: false,
      allowMessages: false,
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().profile as OwnCreatorProfileDto;
    expect(after).toEqual({
      ...before,
      displayName: 'New Name',
      bio: '',
      creatorType: 'educator',
      socialLinks: [{ platform: 'youtube', handle: 'newchannel', url: 'https://www.youtube.com/@newchannel' }],
      minimumAmountCents: 200,
      suggestedAmountsCents: [200, 400, 600, 800],
      goalAmountCents: null,
      country: 'GB',
      // The currency follows the payout country while the creator has no support.
      currency: 'gbp',
      privacy: { showEarnings: true, showSupporterCount: false, allowMessages: false },
      tiers: before.tiers.map((x, i) => ({ ...x, amountCents: [200, 400, 600, 800][i] })),
    });
    expect(after.goalTitle).toBe('Old goal');
    expect(await getProfile(client)).toEqual(after);
  });

  it('refuses a minimum above a tier, however the two are sent, and changes nothing', async () => {
    const { client, profile } = await fakeCreator(t, { minimumAmount: 3, suggestedAmounts: [5, 15, 25, 50] });
    const refusals = [
      { minimumAmount: 30 },
      { suggestedAmounts: [2, 15, 25, 50] },
      { minimumAmount: 20, suggestedAmounts: [10, 15, 25, 50] },
    ];
    for (const body of refusals) {
      const res = await client.patch('/api/creator-profile', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors).toEqual({ minimumAmount: ONBOARDING_MESSAGES.minimumAboveSupportOptions });
    }
    const tiers = await client.put('/api/creator-profile/tiers', {
      tiers: [tier('A', 2), tier('B', 15), tier('C', 25), tier('D', 50)],
    });
    expect(tiers.statusCode).toBe(400);
    expect(Object.keys(tiers.json().fieldErrors)).toEqual(['tiers.0.amount']);
    expect(await getProfile(client)).toEqual(profile);
    // Up to the smallest tier is fine.
    expect((await client.patch('/api/creator-profile', { minimumAmount: 5 })).statusCode).toBe(200);
  });

  it('stores countries outside the payout list too, and clears the country with null', async () => {
    const { client } = await fakeCreator(t);
    expect((await client.patch('/api/creator-profile', { country: 'DE' })).json().profile.country).toBe('DE');
    expect((await client.patch('/api/creator-profile', { country: null })).json().profile.country).toBeNull();
  });

  it('treats an emptied goal amount input as "no goal", and an absent one as "unchanged"', async () => {
    const { client } = await fakeCreator(t, { goalAmount: 500 });
    expect(
      (await client.patch('/api/creator-profile', { goalTitle: 'Still here' })).json().profile.goalAmountCents,
    ).toBe(50_000);
    expect((await client.patch('/api/creator-profile', { goalAmount: '750' })).json().profile.goalAmountCents).toBe(
      75_000,
    );
    expect((await client.patch('/api/creator-profile', { goalAmount: '' })).json().profile.goalAmountCents).toBeNull();
  });

  it('answers 400 with field messages and writes nothing', async () => {
    const { client, profile } = await fakeCreator(t);
    const res = await client.patch('/api/creator-profile', {
      displayName: '',
      bio: 'b'.repeat(201),
      minimumAmount: 0,
      suggestedAmounts: [5, 15, 25, 0],
      country: 'ZZ',
      showEarnings: 'yes',
      goalAmount: -5,
      creatorType: 'gaming',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      displayName: ONBOARDING_MESSAGES.displayNameRequired,
      bio: ONBOARDING_MESSAGES.bioTooLong,
      minimumAmount: ONBOARDING_MESSAGES.minimumAmountRange,
      'suggestedAmounts.3': ONBOARDING_MESSAGES.suggestedAmountTooSmall,
      country: CREATOR_PROFILE_MESSAGES.countryInvalid,
      showEarnings: 'Choose on or off',
      goalAmount: ONBOARDING_MESSAGES.goalAmountNegative,
      creatorType: ONBOARDING_MESSAGES.creatorTypeRequired,
    });
    expect(await getProfile(client)).toEqual(profile);
  });

  it('changes the username once, then refuses another change for 30 days with the date it becomes possible', async () => {
    const { client, profile, user } = await fakeCreator(t);
    const old = profile.username;
    const changed = await client.patch('/api/creator-profile', { username: 'Renamed_Once' });
    expect(changed.statusCode).toBe(200);
    const after = changed.json().profile as OwnCreatorProfileDto;
    expect(after.username).toBe('renamed_once');
    const row = await profileRow(user.id);
    const changedAt = row?.usernameChangedAt?.getTime() ?? 0;
    expect(Date.now() - changedAt).toBeLessThan(60_000);
    expect(after.usernameChangeAvailableAt).toBe(new Date(changedAt + 30 * 86_400_000).toISOString());
    expect((await client.get('/api/auth/me')).json().user.username).toBe('renamed_once');
    // The old name stays the creator's (old links redirect to the new one): nobody else can take it.
    expect((await t.client().get(`/api/usernames/${old}/availability`)).json().available).toBe(false);
    expect((await client.get(`/api/usernames/${old}/availability`)).json().available).toBe(true);

    const again = await client.patch('/api/creator-profile', {
      username: 'renamed_twice',
      displayName: 'Not saved either',
    });
    expect(again.statusCode).toBe(400);
    const message = usernameChangeTooSoonMessage(new Date(changedAt + 30 * 86_400_000));
    expect(message).toMatch(/^You can change your username again on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
    expect(again.json()).toEqual({ message, fieldErrors: { username: message } });
    expect(await getProfile(client)).toEqual(after);

    // Sending the current username (e.g. the whole form saved again) is no change at all.
    const same = await client.patch('/api/creator-profile', { username: 'RENAMED_ONCE', displayName: 'Saved' });
    expect(same.statusCode).toBe(200);
    expect(same.json().profile).toMatchObject({
      username: 'renamed_once',
      displayName: 'Saved',
      usernameChangeAvailableAt: after.usernameChangeAvailableAt,
    });
  });

  it('sending the current username never starts the 30-day wait', async () => {
    const { client, profile, user } = await fakeCreator(t);
    const res = await client.patch('/api/creator-profile', { username: profile.username });
    expect(res.json().profile.usernameChangeAvailableAt).toBeNull();
    expect((await profileRow(user.id))?.usernameChangedAt).toBeNull();
  });

  it('refuses a taken or reserved username and writes nothing else from that request', async () => {
    await fakeCreator(t, { username: 'already_mine' });
    const { client, profile } = await fakeCreator(t);
    for (const username of ['already_mine', 'admin', 'help']) {
      const res = await client.patch('/api/creator-profile', { username, displayName: 'Should not stick' });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ username: 'Username is not available' });
    }
    expect(await getProfile(client)).toEqual(profile);
  });

  it('gives exactly one winner when two creators rename to the same username at once', async () => {
    const [a, b] = await Promise.all([fakeCreator(t), fakeCreator(t)]);
    const results = await Promise.all([
      a.client.patch('/api/creator-profile', { username: 'rename_race' }),
      b.client.patch('/api/creator-profile', { username: 'rename_race' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const holders = await t.database.db
      .select()
      .from(creatorProfiles)
      .where(eq(creatorProfiles.username, 'rename_race'));
    expect(holders).toHaveLength(1);
  });

  it('answers 404 to a signed-in user without a page', async () => {
    const { client } = await fakeUser(t);
    const res = await client.patch('/api/creator-profile', { displayName: 'Anything' });
    expect(res.statusCode).toBe(404);
  });
});

describe('PUT /api/creator-profile/tiers', () => {
  it('replaces all four tiers and the suggested amounts follow', async () => {
    const { client, profile } = await fakeCreator(t);
    const res = await client.put('/api/creator-profile/tiers', {
      tiers: [
        tier('Coffee', 3, { emoji: '☕', perks: [] }),
        tier('Family', 12, { emoji: '👨‍👩‍👧‍👦', description: '' }),
        tier('Monthly', 20, { emoji: '🇺🇸', isRecurring: true, perks: ['One', 'Two', 'Three', 'Four', 'Five', 'Six'] }),
        { name: '  Big  ', emoji: '👩🏽‍💻', isRecurring: false, amount: '10000' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().profile as OwnCreatorProfileDto;
    expect(after.tiers).toEqual([
      {
        position: 0,
        name: 'Coffee',
        emoji: '☕',
        description: 'Coffee description',
        perks: [],
        isRecurring: false,
        amountCents: 300,
      },
      {
        position: 1,
        name: 'Family',
        emoji: '👨‍👩‍👧‍👦',
        description: '',
        perks: ['Family perk'],
        isRecurring: false,
        amountCents: 1_200,
      },
      {
        position: 2,
        name: 'Monthly',
        emoji: '🇺🇸',
        description: 'Monthly description',
        perks: ['One', 'Two', 'Three', 'Four', 'Five', 'Six'],
        isRecurring: true,
        amountCents: 2_000,
      },
      { position: 3, name: 'Big', emoji: '👩🏽‍💻', description: '', perks: [], isRecurring: false, amountCents: 1_000_000 },
    ]);
    expect(after.suggestedAmountsCents).toEqual([300, 1_200, 2_000, 1_000_000]);
    expect({ ...after, tiers: profile.tiers, suggestedAmountsCents: profile.suggestedAmountsCents }).toEqual(profile);
    expect(await getProfile(client)).toEqual(after);

    // Editing the suggested amounts later keeps the tiers' own texts.
    const patched = (await client.patch('/api/creator-profile', { suggestedAmounts: [3, 4, 5, 6] })).json()
      .profile as OwnCreatorProfileDto;
    expect(patched.tiers.map((x) => [x.name, x.amountCents])).toEqual([
      ['Coffee', 300],
      ['Family', 400],
      ['Monthly', 500],
      ['Big', 600],
    ]);
  });

  it('answers 400 with per-tier field messages and writes nothing', async () => {
    const { client, profile } = await fakeCreator(t);
    const res = await client.put('/api/creator-profile/tiers', {
      tiers: [
        { name: '', emoji: 'abc', perks: Array(7).fill('p'), isRecurring: 'no', amount: 0 },
        { name: 'x', emoji: '🤝🤝🤝🤝🤝🤝🤝🤝🤝', perks: [''], isRecurring: false, amount: 10_001 },
        {
          name: 'x'.repeat(41),
          emoji: '#',
          description: 'd'.repeat(201),
          perks: ['p'.repeat(81)],
          isRecurring: true,
          amount: 2.5,
        },
        {},
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      'tiers.0.name': TIER_MESSAGES.nameRequired,
      'tiers.0.emoji': TIER_MESSAGES.emojiInvalid,
      'tiers.0.perks': TIER_MESSAGES.perksTooMany,
      'tiers.0.isRecurring': TIER_MESSAGES.recurringRequired,
      'tiers.0.amount': TIER_MESSAGES.amountTooSmall,
      'tiers.1.emoji': TIER_MESSAGES.emojiTooLong,
      'tiers.1.perks.0': TIER_MESSAGES.perkRequired,
      'tiers.1.amount': TIER_MESSAGES.amountTooLarge,
      'tiers.2.name': TIER_MESSAGES.nameTooLong,
      'tiers.2.emoji': TIER_MESSAGES.emojiInvalid,
      'tiers.2.description': TIER_MESSAGES.descriptionTooLong,
      'tiers.2.perks.0': TIER_MESSAGES.perkTooLong,
      'tiers.2.amount': TIER_MESSAGES.amountWhole,
      'tiers.3.name': TIER_MESSAGES.nameRequired,
      'tiers.3.emoji': TIER_MESSAGES.emojiRequired,
      'tiers.3.isRecurring': TIER_MESSAGES.recurringRequired,
      'tiers.3.amount': TIER_MESSAGES.amountRequired,
    });
    for (const tiers of [
      [],
      [tier('a', 1), tier('b', 2), tier('c', 3)],
      [tier('a', 1), tier('b', 2), tier('c', 3), tier('d', 4), tier('e', 5)],
    ]) {
      const wrongCount = await client.put('/api/creator-profile/tiers', { tiers });
      expect(wrongCount.json().fieldErrors).toEqual({ tiers: TIER_MESSAGES.count });
    }
    expect(await getProfile(client)).toEqual(profile);
  });

  it('answers 404 to a signed-in user without a page', async () => {
    const { client } = await fakeUser(t);
    const res = await client.put('/api/creator-profile/tiers', {
      tiers: [tier('a', 1), tier('b', 2), tier('c', 3), tier('d', 4)],
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('who may change a page', () => {
  const fourTiers = { tiers: [tier('a', 3), tier('b', 4), tier('c', 5), tier('d', 6)] };

  it('answers 401 to a visitor on every endpoint', async () => {
    const visitor = t.client();
    const calls = [
      visitor.get('/api/creator-profile'),
      visitor.post('/api/creator-profile', onboardingBody()),
      visitor.patch('/api/creator-profile', { displayName: 'x' }),
      visitor.put('/api/creator-profile/tiers', fourTiers),
      visitor.request({
        method: 'POST',
        url: '/api/creator-profile/images/profile',
        payload: 'x',
        headers: { 'content-type': 'text/plain' },
      }),
      visitor.delete('/api/creator-profile/images/cover'),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: SIGN_IN_REQUIRED });
    }
  });

  it("another signed-in creator's calls only ever change their own page", async () => {
    const a = await fakeCreator(t);
    const b = await fakeCreator(t);
    const before = await getProfile(a.client);
    expect(
      (
        await b.client.patch('/api/creator-profile', {
          displayName: 'B was here',
          username: 'b_renamed',
          country: 'US',
        })
      ).statusCode,
    ).toBe(200);
    expect((await b.client.put('/api/creator-profile/tiers', fourTiers)).statusCode).toBe(200);
    expect((await b.client.delete('/api/creator-profile/images/profile')).statusCode).toBe(200);
    // Nothing in the API takes a profile id: B's requests can only ever address B's page.
    expect(await getProfile(a.client)).toEqual(before);
    expect((await getProfile(b.client)).username).toBe('b_renamed');
  });

  it('refuses requests without the CSRF header', async () => {
    const { client } = await fakeCreator(t);
    const cookie = `bro_session=${client.cookie('bro_session')}`;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/creator-profile',
      headers: { cookie },
      payload: { displayName: 'csrf' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every creator-profile, username and image route', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/creator-profile/',
        '/api/creator-profile/tiers',
        '/api/creator-profile/images/{kind}',
        '/api/usernames/{username}/availability',
        '/uploads/{file}',
      ]),
    );
  });
});
