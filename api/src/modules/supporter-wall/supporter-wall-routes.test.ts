import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { SUPPORTER_WALL_MESSAGES, SUPPORTER_WALL_PAGE_SIZE } from '@beabro/shared/api-schemas/supporter-wall';
import { SUPPORT_MESSAGES } from '@beabro/shared/schemas/support';
import { supports } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { checkoutBody, payCheckout, postCheckout } from '../checkout/checkout-test-factories';
import { fakeCreator, fakeSignedInCreator, fakeSupport } from '../public-profile/public-profile-test-factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

async function profile(username: string): Promise<PublicCreatorProfileDto> {
  const res = await t.client().get(`/api/creators/${username}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const names = (p: { entries: Array<{ name: string }> }) => p.entries.map((e) => e.name);

describe('choosing the wall at checkout', () => {
  it('puts a supporter who opted in on the wall with their tier; others stay off', async () => {
    const creator = await fakeCreator(db());
    const tierOne = (await profile(creator.username)).tiers[1]!;
    const paid = await payCheckout(
      t.client(),
      creator.username,
      checkoutBody({ name: 'Wall Bro', amount: tierOne.amountCents / 100, tierPosition: 1, showOnWall: true }),
    );
    expect(paid.statusCode).toBe(200);
    // Not chosen (the default): a support stays off the wall.
    expect((await payCheckout(t.client(), creator.username, checkoutBody({ name: 'Quiet Bro' }))).statusCode).toBe(200);

    const wall = (await profile(creator.username)).wall;
    expect(wall).toMatchObject({ page: 1, pageCount: 1, total: 1 });
    expect(wall.entries).toEqual([
      { id: paid.json().receipt.supportId, name: 'Wall Bro', tierName: tierOne.name, createdAt: expect.any(String) },
    ]);
  });

  it('refuses the wall with an anonymous support, or without a name, and records nothing', async () => {
    const creator = await fakeCreator(db());
    const anonymous = await postCheckout(
      t.client(),
      creator.username,
      checkoutBody({ isAnonymous: true, name: 'Anonymous', showOnWall: true }),
    );
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json().fieldErrors).toEqual({ showOnWall: SUPPORT_MESSAGES.wallNotAnonymous });
    const nameless = await postCheckout(t.client(), creator.username, checkoutBody({ name: '  ', showOnWall: true }));
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().fieldErrors).toEqual({ name: SUPPORT_MESSAGES.wallNeedsName });
    const rows = await db().select().from(supports).where(eq(supports.creatorId, creator.userId));
    expect(rows).toEqual([]);
  });
});

describe('reading the wall', () => {
  it('lists each supporter once, newest first, page by page', async () => {
    const creator = await fakeCreator(db());
    const base = Date.UTC(2026, 0, 1);
    const count = SUPPORTER_WALL_PAGE_SIZE + 2;
    for (let i = 0; i < count; i++) {
      await fakeSupport(db(), creator.userId, {
        supporterName: `Bro ${i}`,
        showOnWall: true,
        createdAt: new Date(base + i * 60_000),
      });
    }
    // The same guest again, later: still one entry, now the newest.
    const [first] = await db().select().from(supports).where(eq(supports.supporterName, 'Bro 0'));
    await fakeSupport(db(), creator.userId, {
      supporterName: 'Bro 0 again',
      supporterEmail: first!.supporterEmail,
      showOnWall: true,
      createdAt: new Date(base + count * 60_000),
    });
    // Never on the wall: anonymous, or not chosen.
    await fakeSupport(db(), creator.userId, { supporterName: 'Hidden', isAnonymous: true, showOnWall: true });
    await fakeSupport(db(), creator.userId, { supporterName: 'Not chosen' });

    const one = (await profile(creator.username)).wall;
    expect(one).toMatchObject({ page: 1, pageCount: 2, total: count });
    expect(names(one)).toEqual([
      'Bro 0 again',
      ...Array.from({ length: SUPPORTER_WALL_PAGE_SIZE - 1 }, (_, i) => `Bro ${count - 1 - i}`),
    ]);
    const two = await t.client().get(`/api/creators/${creator.username}/wall?page=2`);
    expect(two.statusCode).toBe(200);
    expect(two.json()).toMatchObject({ page: 2, pageCount: 2, total: count });
    expect(names(two.json())).toEqual(['Bro 2', 'Bro 1']);
    const past = await t.client().get(`/api/creators/${creator.username}/wall?page=3`);
    expect(past.json()).toMatchObject({ entries: [], page: 3, total: count });
  });

  it('answers 400 for a bad page and 404 for an unknown creator', async () => {
    const creator = await fakeCreator(db());
    for (const page of ['0', 'abc', '1.5', '99999999'])
      expect((await t.client().get(`/api/creators/${creator.username}/wall?page=${page}`)).statusCode).toBe(400);
    expect((await t.client().get('/api/creators/nobody_here_at_all/wall')).statusCode).toBe(404);
  });
});

describe('the creator hides an entry', () => {
  it('hides the supporter (every support of theirs) and shows them again', async () => {
    const creator = await fakeSignedInCreator(t);
    const support = await fakeSupport(db(), creator.profile.userId, { supporterName: 'Loud Bro', showOnWall: true });
    const other = await fakeSupport(db(), creator.profile.userId, { supporterName: 'Kind Bro', showOnWall: true });

    const dashboard = await creator.client.get('/api/creator/dashboard');
    const states = Object.fromEntries(
      dashboard.json().recentSupports.map((s: { id: string; wall: string | null }) => [s.id, s.wall]),
    );
    expect(states).toEqual({ [support.id]: 'shown', [other.id]: 'shown' });

    const hidden = await creator.client.put(`/api/creator/supports/${support.id}/wall`, { hidden: true });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toEqual({ wall: 'hidden' });
    expect(names((await profile(creator.profile.username)).wall)).toEqual(['Kind Bro']);
    // A later support that opts in again does not undo the creator's choice.
    await fakeSupport(db(), creator.profile.userId, {
      supporterName: 'Loud Bro',
      supporterEmail: support.supporterEmail,
      showOnWall: true,
    });
    expect(names((await profile(creator.profile.username)).wall)).toEqual(['Kind Bro']);
    const again = await creator.client.get('/api/creator/dashboard');
    expect(again.json().recentSupports.find((s: { id: string }) => s.id === support.id).wall).toBe('hidden');

    const shown = await creator.client.put(`/api/creator/supports/${support.id}/wall`, { hidden: false });
    expect(shown.json()).toEqual({ wall: 'shown' });
    expect(names((await profile(creator.profile.username)).wall).sort()).toEqual(['Kind Bro', 'Loud Bro']);
  });

  it('is refused for a support not on the wall, someone else’s support, a bad body and a guest', async () => {
    const creator = await fakeSignedInCreator(t);
    const offWall = await fakeSupport(db(), creator.profile.userId, { supporterName: 'Shy Bro' });
    const notOn = await creator.client.put(`/api/creator/supports/${offWall.id}/wall`, { hidden: true });
    expect(notOn.statusCode).toBe(409);
    expect(notOn.json().message).toBe(SUPPORTER_WALL_MESSAGES.notOnWall);

    const stranger = await fakeCreator(db());
    const theirs = await fakeSupport(db(), stranger.userId, { showOnWall: true });
    expect((await creator.client.put(`/api/creator/supports/${theirs.id}/wall`, { hidden: true })).statusCode).toBe(
      404,
    );
    expect((await creator.client.put(`/api/creator/supports/${offWall.id}/wall`, { hidden: 'yes' })).statusCode).toBe(
      400,
    );
    expect((await creator.client.put(`/api/creator/supports/not-a-uuid/wall`, { hidden: true })).statusCode).toBe(400);
    expect((await t.client().put(`/api/creator/supports/${theirs.id}/wall`, { hidden: true })).statusCode).toBe(401);
    const [row] = await db().select().from(supports).where(eq(supports.id, theirs.id));
    expect(row?.wallHiddenAt).toBeNull();
  });
});

describe('the supporter leaves the wall', () => {
  it('leaves from their dashboard; a later support that opts in puts them back', async () => {
    const creator = await fakeCreator(db());
    const bro = await fakeUser(t, { name: 'Dash Bro' });
    await fakeSupport(db(), creator.userId, {
      supporterUserId: bro.user.id,
      supporterName: 'Dash Bro',
      showOnWall: true,
    });
    const mine = async () =>
      (await bro.client.get('/api/supporter/dashboard'))
        .json()
        .creators.find((c: { username: string }) => c.username === creator.username);
    expect((await mine()).onWall).toBe(true);

    const left = await bro.client.delete(`/api/supporter/wall/${creator.username}`);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toEqual({ onWall: false });
    expect((await mine()).onWall).toBe(false);
    expect((await profile(creator.username)).wall.total).toBe(0);
    // Leaving twice: they are not on it any more.
    const twice = await bro.client.delete(`/api/supporter/wall/${creator.username}`);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe(SUPPORTER_WALL_MESSAGES.notSupporter);

    await fakeSupport(db(), creator.userId, {
      supporterUserId: bro.user.id,
      supporterName: 'Dash Bro',
      showOnWall: true,
    });
    expect(names((await profile(creator.username)).wall)).toEqual(['Dash Bro']);
  });

  it('needs a session and a known creator', async () => {
    const creator = await fakeCreator(db());
    expect((await t.client().delete(`/api/supporter/wall/${creator.username}`)).statusCode).toBe(401);
    const bro = await fakeUser(t);
    expect((await bro.client.delete('/api/supporter/wall/nobody_here_at_all')).statusCode).toBe(404);
  });

  it('an account deleted leaves every wall', async () => {
    const creator = await fakeCreator(db());
    const bro = await fakeUser(t, { name: 'Gone Bro' });
    await fakeSupport(db(), creator.userId, {
      supporterUserId: bro.user.id,
      supporterName: 'Gone Bro',
      showOnWall: true,
    });
    expect((await profile(creator.username)).wall.total).toBe(1);
    const deleted = await bro.client.delete('/api/account', { password: bro.password });
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await profile(creator.username)).wall.total).toBe(0);
  });
});
