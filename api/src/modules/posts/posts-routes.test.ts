import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POST_MESSAGES,
  POSTS_PAGE_SIZE,
  creatorPostResponseSchema,
  creatorPostsPageSchema,
  postFeedPageSchema,
  postsPageSchema,
  publicPostResponseSchema,
} from '@beabro/shared/api-schemas/posts';
import {
  emailOutbox,
  postDeliveries,
  postEmailOptOuts,
  postImages,
  posts,
  rateLimits,
  users,
  webhookDeliveries,
} from '../../db/schema';
import { createTestApp, fakeUser, type TestApp, type TestClient } from '../../testing/test-app';
import { resolveAppSecret } from '../../config/env';
import { uploadBody } from '../../security-tests/fuzz-arbitraries';
import { NO_EMAIL, outboxHtml } from '../../testing/outbox-html';
import { checkoutBody, payCheckout } from '../checkout/checkout-test-factories';
import { fakeSignedInCreator, fakeSupport } from '../public-profile/public-profile-test-factories';
import { createEndpoint } from '../webhooks/webhooks-service';
import { systemResolver } from '../webhooks/webhook-address-guard';
import { sendPendingPostEmails, sendPostEmails, signUnsubscribeToken } from './post-emails';
import { ONE_CLICK_MESSAGES } from './post-unsubscribe-one-click-routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
const emailDeps = () => ({ db: db(), origin: 'https://beabro.test', appSecret: resolveAppSecret(t.app.config) });

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'Behind the scenes',
  bodyMarkdown: 'First **bold** words.\n\nA [link](https://example.com).',
  audience: 'everyone',
  ...overrides,
});

async function write(client: TestClient, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/api/creator/posts', body(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return creatorPostResponseSchema.parse(res.json()).post;
}

async function uploadImage(client: TestClient, bytes?: Buffer): Promise<string> {
  const upload = uploadBody(bytes);
  const res = await client.request({
    method: 'POST',
    url: '/api/creator/posts/images',
    headers: { 'content-type': upload.contentType },
    payload: upload.bytes,
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { url: string }).url;
}

describe('writing posts', () => {
  it('creates a draft nobody else sees, publishes it once, and lists it with the body for everyone', async () => {
    const creator = await fakeSignedInCreator(t);
    const draft = await write(creator.client);
    expect(draft).toMatchObject({
      status: 'draft',
      slug: 'behind-the-scenes',
      publishedAt: null,
      emailedCount: 0,
      audience: 'everyone',
      minTierPosition: null,
      earlyAccessDays: null,
      pinned: false,
    });
    expect(draft.bodyHtml).toContain('<strong>bold</strong>');
    expect(draft.bodyHtml).toContain('rel="nofollow ugc noopener"');

    const visitor = t.client();
    expect((await visitor.get(`/api/creators/${creator.profile.username}/posts/${draft.slug}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/creators/${creator.profile.username}/posts/${draft.id}`)).statusCode).toBe(404);
    expect(
      postsPageSchema.parse((await visitor.get(`/api/creators/${creator.profile.username}/posts`)).json()),
    ).toEqual({
      posts: [],
      page: 1,
      pageCount: 1,
      total: 0,
    });

    const published = await creator.client.patch(`/api/creator/posts/${draft.id}`, { publish: true });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().post).toMatchObject({ status: 'published', publishedAt: expect.any(String) });

    const page = postsPageSchema.parse((await visitor.get(`/api/creators/${creator.profile.username}/posts`)).json());
    expect(page.total).toBe(1);
    expect(page.posts[0]).toMatchObject({ id: draft.id, readable: true, excerpt: 'First bold words. A link.' });
    const one = await visitor.get(`/api/creators/${creator.profile.username}/posts/${draft.slug}`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['cache-control']).toBe('private, no-store');
    const parsed = publicPostResponseSchema.parse(one.json());
    expect(parsed.creator.username).toBe(creator.profile.username);
    expect(parsed.post.bodyHtml).toContain('<strong>bold</strong>');
    // By id too.
    expect((await visitor.get(`/api/creators/${creator.profile.username}/posts/${draft.id}`)).statusCode).toBe(200);

    // A published post cannot go back to draft.
    const back = await creator.client.patch(`/api/creator/posts/${draft.id}`, { publish: false });
    expect(back.statusCode).toBe(400);
    expect(back.json().fieldErrors).toEqual({ publish: POST_MESSAGES.cannotUnpublish });
  });

  it('keeps the slug of a published post, gives drafts free slugs, and marks edits after publishing', async () => {
    const creator = await fakeSignedInCreator(t);
    const first = await write(creator.client, { title: 'Hello World!', publish: true });
    const second = await write(creator.client, { title: 'Hello, world' });
    expect(first.slug).toBe('hello-world');
    expect(second.slug).toBe('hello-world-2');
    const edited = await creator.client.patch(`/api/creator/posts/${first.id}`, { title: 'A new title' });
    expect(edited.json().post.slug).toBe('hello-world');
    const read = await t.client().get(`/api/creators/${creator.profile.username}/posts/hello-world`);
    expect(read.json().post).toMatchObject({ title: 'A new title', editedAt: expect.any(String) });
    const renamed = await creator.client.patch(`/api/creator/posts/${second.id}`, { title: 'Другое' });
    expect(renamed.json().post.slug).toBe('post');
  });

  it('answers 400 with field messages for bad input and stores nothing', async () => {
    const creator = await fakeSignedInCreator(t);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ title: '  ' }, { title: POST_MESSAGES.titleRequired }],
      [{ title: 'x'.repeat(121) }, { title: POST_MESSAGES.titleTooLong }],
      [{ bodyMarkdown: ' \n ' }, { bodyMarkdown: POST_MESSAGES.bodyRequired }],
      [{ bodyMarkdown: 'x'.repeat(20_001) }, { bodyMarkdown: POST_MESSAGES.bodyTooLong }],
      [{ audience: 'friends' }, { audience: POST_MESSAGES.audienceInvalid }],
      [{ audience: 'tier' }, { minTierPosition: POST_MESSAGES.tierInvalid }],
      [{ audience: 'tier', minTierPosition: 4 }, { minTierPosition: POST_MESSAGES.tierInvalid }],
      [{ audience: 'supporters', earlyAccessDays: 0 }, { earlyAccessDays: POST_MESSAGES.earlyAccessInvalid }],
      [{ audience: 'supporters', earlyAccessDays: 31 }, { earlyAccessDays: POST_MESSAGES.earlyAccessInvalid }],
      [{ earlyAccessDays: 3 }, { earlyAccessDays: POST_MESSAGES.earlyAccessPublic }],
      [{ bodyMarkdown: '![x](https://elsewhere.example/a.png)' }, { bodyMarkdown: POST_MESSAGES.imageNotOurs }],
      [
        { bodyMarkdown: '![x](/uploads/0123456789abcdef0123456789abcdef.png)' },
        { bodyMarkdown: POST_MESSAGES.imageNotOurs },
      ],
    ];
    for (const [overrides, fieldErrors] of cases) {
      const res = await creator.client.post('/api/creator/posts', body(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(overrides)).toEqual(fieldErrors);
    }
    const res = await creator.client.post('/api/creator/posts', { ...body(), html: '<b>hi</b>' });
    expect(res.statusCode).toBe(400);
    expect(await db().select().from(posts).where(eq(posts.creatorId, creator.user.id))).toEqual([]);

    // An edit that breaks a rule changes nothing either.
    const post = await write(creator.client);
    const bad = await creator.client.patch(`/api/creator/posts/${post.id}`, { title: 'Changed', earlyAccessDays: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ earlyAccessDays: POST_MESSAGES.earlyAccessPublic });
    const [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row?.title).toBe('Behind the scenes');
  });

  it('takes images only from its own post image upload', async () => {
    const creator = await fakeSignedInCreator(t);
    // Not square, so a width and height swapped would show.
    const png = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#ff8800' } })
      .png()
      .toBuffer();
    const url = await uploadImage(creator.client, png);
    expect(url).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const [image] = await db()
      .select()
      .from(postImages)
      .where(eq(postImages.name, url.slice('/uploads/'.length)));
    expect(image).toMatchObject({ creatorId: creator.user.id, width: 48, height: 32 });
    const post = await write(creator.client, { bodyMarkdown: `Look:\n\n![A photo](${url})` });
    // Its size on the <img>, so the page keeps its place for it while it loads.
    expect(post.bodyHtml).toContain(
      `<img src="${url}" alt="A photo" width="48" height="32" loading="lazy" decoding="async" />`,
    );
    // Another creator cannot use it.
    const other = await fakeSignedInCreator(t);
    const stolen = await other.client.post('/api/creator/posts', body({ bodyMarkdown: `![x](${url})` }));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().fieldErrors).toEqual({ bodyMarkdown: POST_MESSAGES.imageNotOurs });
    // Not an image at all.
    const notImage = await creator.client.request({
      method: 'POST',
      url: '/api/creator/posts/images',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload:
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--x--\r\n',
    });
    expect(notImage.statusCode).toBe(400);
    expect(Object.keys(notImage.json().fieldErrors)).toEqual(['file']);
  });

  it('pins one post at a time, pinned first in the list; deletes', async () => {
    const creator = await fakeSignedInCreator(t);
    const a = await write(creator.client, { title: 'A', publish: true });
    const b = await write(creator.client, { title: 'B', publish: true });
    expect((await creator.client.put(`/api/creator/posts/${a.id}/pin`, { pinned: true })).json().post.pinned).toBe(
      true,
    );
    const list = async () =>
      postsPageSchema.parse((await t.client().get(`/api/creators/${creator.profile.username}/posts`)).json()).posts;
    expect((await list()).map((p) => [p.title, p.pinned])).toEqual([
      ['A', true],
      ['B', false],
    ]);
    await creator.client.put(`/api/creator/posts/${b.id}/pin`, { pinned: true });
    expect((await list()).map((p) => [p.title, p.pinned])).toEqual([
      ['B', true],
      ['A', false],
    ]);
    const own = creatorPostsPageSchema.parse((await creator.client.get('/api/creator/posts')).json());
    expect(own.posts.map((p) => p.title)).toEqual(['B', 'A']);
    expect((await creator.client.delete(`/api/creator/posts/${b.id}`)).json()).toEqual({ deleted: true });
    expect((await list()).map((p) => p.title)).toEqual(['A']);
    expect((await creator.client.get(`/api/creator/posts/${b.id}`)).statusCode).toBe(404);
  });

  it('pins one post even when two pins race', async () => {
    const creator = await fakeSignedInCreator(t);
    const a = await write(creator.client, { title: 'Race A', publish: true });
    const b = await write(creator.client, { title: 'Race B', publish: true });
    const answers = await Promise.all([
      creator.client.put(`/api/creator/posts/${a.id}/pin`, { pinned: true }),
      creator.client.put(`/api/creator/posts/${b.id}/pin`, { pinned: true }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const pinned = await db()
      .select()
      .from(posts)
      .where(and(eq(posts.creatorId, creator.user.id), eq(posts.pinned, true)));
    expect(pinned).toHaveLength(1);
  });

  it("404s another creator's post, in both directions", async () => {
    const owner = await fakeSignedInCreator(t);
    const other = await fakeSignedInCreator(t);
    const post = await write(owner.client, { publish: true });
    expect((await other.client.get(`/api/creator/posts/${post.id}`)).statusCode).toBe(404);
    expect((await other.client.patch(`/api/creator/posts/${post.id}`, { title: 'Mine' })).statusCode).toBe(404);
    expect((await other.client.delete(`/api/creator/posts/${post.id}`)).statusCode).toBe(404);
    expect((await other.client.put(`/api/creator/posts/${post.id}/pin`, { pinned: true })).statusCode).toBe(404);
    expect((await t.client().get(`/api/creators/${other.profile.username}/posts/${post.slug}`)).statusCode).toBe(404);
    expect((await t.client().get(`/api/creators/${other.profile.username}/posts/${post.id}`)).statusCode).toBe(404);
  });

  it('limits post changes per creator', async () => {
    const creator = await fakeSignedInCreator(t);
    const post = await write(creator.client);
    let last = 200;
    for (let i = 0; i < 31 && last !== 429; i++)
      last = (await creator.client.patch(`/api/creator/posts/${post.id}`, { title: `T${i}` })).statusCode;
    expect(last).toBe(429);
    const limited = await creator.client.patch(`/api/creator/posts/${post.id}`, { title: 'again' });
    expect(limited.json().message).toBe(POST_MESSAGES.postsLimited);
    expect(limited.headers['retry-after']).toBeDefined();
    await db()
      .delete(rateLimits)
      .where(like(rateLimits.key, `posts:change:${creator.user.id}%`));
  });

  it('pages the lists', async () => {
    const creator = await fakeSignedInCreator(t);
    for (let i = 0; i < POSTS_PAGE_SIZE + 1; i++) await write(creator.client, { title: `Post ${i}`, publish: true });
    const page2 = postsPageSchema.parse(
      (await t.client().get(`/api/creators/${creator.profile.username}/posts?page=2`)).json(),
    );
    expect(page2).toMatchObject({ page: 2, pageCount: 2, total: POSTS_PAGE_SIZE + 1 });
    expect(page2.posts.map((p) => p.title)).toEqual(['Post 0']);
    const bad = await t.client().get(`/api/creators/${creator.profile.username}/posts?page=0`);
    expect(bad.statusCode).toBe(400);
    await db()
      .delete(rateLimits)
      .where(like(rateLimits.key, `posts:change:${creator.user.id}%`));
  });
});

describe('the supporter feed', () => {
  it('lists posts of the creators the user supported, readable or teasers, newest first', async () => {
    const creator = await fakeSignedInCreator(t);
    const stranger = await fakeSignedInCreator(t);
    const fan = await fakeUser(t);
    const paid = await payCheckout(fan.client, creator.profile.username, checkoutBody({ amount: 5, email: fan.email }));
    expect(paid.statusCode, paid.body).toBe(200);
    const open = await write(creator.client, { title: 'For all', publish: true });
    const locked = await write(creator.client, { title: 'Monthly only', audience: 'monthly', publish: true });
    await write(stranger.client, { title: 'Not followed', publish: true });
    const feed = postFeedPageSchema.parse((await fan.client.get('/api/supporter/posts')).json());
    expect(feed.posts.map((p) => [p.title, p.readable, p.creatorUsername])).toEqual([
      ['Monthly only', false, creator.profile.username],
      ['For all', true, creator.profile.username],
    ]);
    expect(feed.posts[0]).toMatchObject({ bodyHtml: null, excerpt: null, id: locked.id });
    expect(feed.posts[1]?.id).toBe(open.id);
    expect((await t.client().get('/api/supporter/posts')).statusCode).toBe(401);
  });
});

describe('publish emails', () => {
  it('emails each reader once however often the fan-out runs, respects settings and opt-outs, and unsubscribes without sign-in', async () => {
    const creator = await fakeSignedInCreator(t);
    const fan = await fakeUser(t);
    const muted = await fakeUser(t);
    await db().update(users).set({ notifyNewPosts: false }).where(eq(users.id, muted.user.id));
    for (const account of [fan, muted]) {
      const paid = await payCheckout(
        account.client,
        creator.profile.username,
        checkoutBody({ amount: 5, email: account.email }),
      );
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const guest = await fakeSupport(db(), creator.user.id, { supporterEmail: 'post.guest@example.com' });
    // A second support of the same guest: still one email.
    await fakeSupport(db(), creator.user.id, { supporterEmail: guest.supporterEmail });
    const secret = resolveAppSecret(t.app.config);
    const endpoint = await createEndpoint(
      { db: db(), appSecret: secret, allowLocal: false, resolveHost: systemResolver },
      creator.user.id,
      { url: 'https://203.0.114.30/hooks', description: 'Posts', events: ['post.published'] },
    );

    const post = await write(creator.client, { title: 'Supporters first', audience: 'supporters', publish: true });
    // The publish answered before any email: the outbox job queues them.
    const postEmails = () =>
      db()
        .select()
        .from(emailOutbox)
        .where(like(emailOutbox.dedupeKey, `post-published:${post.id}:%`));
    expect(await postEmails()).toEqual([]);
    expect(await sendPostEmails(emailDeps(), post.id)).toBe(2);
    // Run again (a retry, another instance, the job): nothing more.
    await db().update(posts).set({ emailsDoneAt: null }).where(eq(posts.id, post.id));
    expect(await sendPostEmails(emailDeps(), post.id)).toBe(0);
    await sendPendingPostEmails(emailDeps());
    const sent = await postEmails();
    expect(sent).toHaveLength(2);
    expect(sent.map((e) => e.toAddress).sort()).toEqual([fan.email.toLowerCase(), 'post.guest@example.com'].sort());
    const toGuest = sent.find((e) => e.toAddress === 'post.guest@example.com');
    expect(toGuest?.subject).toBe(`${creator.profile.displayName} posted: Supporters first`);
    expect(toGuest?.textBody).toContain('First bold words.');
    expect(toGuest?.textBody).toContain('A link (https://example.com).');
    // The HTML part: the layout of every email, the post's formatting kept.
    const html = (await outboxHtml(toGuest ?? NO_EMAIL)) ?? '';
    expect(html).toContain('Be a Bro');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toMatch(/<a [^>]*href="https:\/\/example\.com"[^>]*>link<\/a>/);
    expect(html).toMatch(/href="https:\/\/beabro\.test\/subscriptions\/unsubscribe\?token=/);
    expect(toGuest?.textBody).toContain(`https://beabro.test/${creator.profile.username}/posts/supporters-first`);
    const token = /subscriptions\/unsubscribe\?token=([^\s]+)/.exec(toGuest?.textBody ?? '')?.[1];
    expect(token).toBeDefined();
    // The mail client's own "Unsubscribe" is the same link, and one click of it unsubscribes (RFC 8058).
    expect(toGuest).toMatchObject({
      listUnsubscribeUrl: `https://beabro.test/subscriptions/unsubscribe?token=${token}`,
      listUnsubscribeOneClick: true,
    });
    // Republishing sends nothing: the first publish only.
    await creator.client.patch(`/api/creator/posts/${post.id}`, { publish: true, title: 'Renamed' });
    const own = await creator.client.get(`/api/creator/posts/${post.id}`);
    expect(own.json().post.emailedCount).toBe(2);

    // The webhook: once, without the body of a post for supporters.
    const hooks = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint.endpoint.id));
    expect(hooks).toHaveLength(1);
    const event = JSON.parse(hooks[0]?.body ?? '{}') as { type: string; data: { post: Record<string, unknown> } };
    expect(event.type).toBe('post.published');
    expect(event.data.post).toMatchObject({ id: post.id, audience: 'supporters', bodyHtml: null, excerpt: null });

    // Unsubscribe without signing in: the guest gets no more of this creator's posts.
    const forged = await t.client().post('/api/posts/unsubscribe', { token: `${decodeURIComponent(token ?? '')}x` });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fieldErrors).toEqual({ token: POST_MESSAGES.unsubscribeInvalid });
    const done = await t.client().post('/api/posts/unsubscribe', { token: decodeURIComponent(token ?? '') });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ unsubscribed: true, creatorDisplayName: creator.profile.displayName });
    const next = await write(creator.client, { title: 'Second', publish: true });
    await sendPostEmails(emailDeps(), next.id);
    const second = await db()
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `post-published:${next.id}:%`));
    expect(second.map((e) => e.toAddress)).toEqual([fan.email.toLowerCase()]);
    await db()
      .delete(rateLimits)
      .where(like(rateLimits.key, `posts:change:${creator.user.id}%`));
  });

  it('emails only who may read it now: an early-access post for monthly supporters reaches them alone', async () => {
    const creator = await fakeSignedInCreator(t);
    const monthly = await payCheckout(
      t.client(),
      creator.profile.username,
      checkoutBody({ amount: 5, isRecurring: true }),
    );
    expect(monthly.statusCode, monthly.body).toBe(200);
    await fakeSupport(db(), creator.user.id, { supporterEmail: 'oneoff.early@example.com' });
    const post = await write(creator.client, { audience: 'monthly', earlyAccessDays: 3, publish: true });
    await sendPostEmails(emailDeps(), post.id);
    const deliveries = await db().select().from(postDeliveries).where(eq(postDeliveries.postId, post.id));
    expect(deliveries.map((d) => d.email)).toEqual([monthly.json().receipt.email ?? deliveries[0]?.email]);
    expect(deliveries.map((d) => d.email)).not.toContain('oneoff.early@example.com');
    // Days later, when everyone may read it, nobody else is emailed.
    await db().update(posts).set({ emailsDoneAt: null }).where(eq(posts.id, post.id));
    await sendPostEmails(emailDeps(), post.id, new Date(Date.now() + 4 * 86_400_000));
    const after = await db().select().from(postDeliveries).where(eq(postDeliveries.postId, post.id));
    expect(after).toHaveLength(1);
  });

  it('sends the body of a post everyone may read in post.published, once, at the first publish only', async () => {
    const creator = await fakeSignedInCreator(t);
    const secret = resolveAppSecret(t.app.config);
    const endpoint = await createEndpoint(
      { db: db(), appSecret: secret, allowLocal: false, resolveHost: systemResolver },
      creator.user.id,
      { url: 'https://203.0.114.31/hooks', description: 'Posts', events: ['post.published'] },
    );
    const draft = await write(creator.client, { title: 'Open to all' });
    const hooks = () =>
      db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.endpoint.id));
    expect(await hooks()).toEqual([]);
    await creator.client.patch(`/api/creator/posts/${draft.id}`, { publish: true });
    await creator.client.patch(`/api/creator/posts/${draft.id}`, { title: 'Edited', publish: true });
    const sent = await hooks();
    expect(sent).toHaveLength(1);
    const event = JSON.parse(sent[0]?.body ?? '{}') as { data: { post: Record<string, unknown> } };
    expect(event.data.post).toMatchObject({
      id: draft.id,
      title: 'Open to all',
      audience: 'everyone',
      url: expect.stringMatching(new RegExp(`^http://localhost(:80)?/${creator.profile.username}/posts/open-to-all$`)),
      excerpt: 'First bold words. A link.',
      publicAt: null,
    });
    expect(event.data.post.bodyHtml).toContain('<strong>bold</strong>');
  });

  it('a mail client’s one-click unsubscribe (RFC 8058) stops the emails at once; anything else is refused', async () => {
    const creator = await fakeSignedInCreator(t);
    const guests = ['one.click@example.com', 'multi.part@example.com'];
    for (const supporterEmail of guests) await fakeSupport(db(), creator.user.id, { supporterEmail });
    const post = await write(creator.client, { title: 'One click', publish: true });
    expect(await sendPostEmails(emailDeps(), post.id)).toBe(2);
    const sent = await db()
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `post-published:${post.id}:%`));
    const urlOf = (to: string) => {
      const url = sent.find((e) => e.toAddress === to)?.listUnsubscribeUrl;
      if (!url) throw new Error(`no List-Unsubscribe for ${to}`);
      const { pathname, search } = new URL(url);
      return `${pathname}${search}`;
    };
    const optedOut = async () =>
      (await db().select().from(postEmailOptOuts).where(eq(postEmailOptOuts.creatorId, creator.user.id)))
        .map((row) => row.email)
        .sort();
    // What a mail provider sends: no cookie, no CSRF header, no Origin, from its own servers.
    const oneClick = (url: string, payload: string, contentType: string) =>
      t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

    // A POST that is not the one-click body (a scanner, a form) changes nothing.
    const empty = await t.app.inject({ method: 'POST', url: urlOf(guests[0]!) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toEqual({ 'List-Unsubscribe': ONE_CLICK_MESSAGES.notOneClick });
    const other = await oneClick(urlOf(guests[0]!), 'List-Unsubscribe=Yes', 'application/x-www-form-urlencoded');
    expect(other.statusCode).toBe(400);
    // A forged or missing token is refused before anything is read.
    const forged = await oneClick(
      `${urlOf(guests[0]!)}x`,
      'List-Unsubscribe=One-Click',
      'application/x-www-form-urlencoded',
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().fieldErrors).toEqual({ token: POST_MESSAGES.unsubscribeInvalid });
    const tokenless = await oneClick(
      '/subscriptions/unsubscribe',
      'List-Unsubscribe=One-Click',
      'application/x-www-form-urlencoded',
    );
    expect(tokenless.statusCode).toBe(400);
    expect(await optedOut()).toEqual([]);

    // Urlencoded, as most providers post it, and multipart/form-data, which RFC 8058 allows too.
    const done = await oneClick(urlOf(guests[0]!), 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['cache-control']).toBe('no-store');
    expect(done.json()).toEqual({ unsubscribed: true, creatorDisplayName: creator.profile.displayName });
    const boundary = '----beabro-test-boundary';
    const multipart = await oneClick(
      urlOf(guests[1]!),
      `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      `multipart/form-data; boundary=${boundary}`,
    );
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(await optedOut()).toEqual([...guests].sort());
    // Clicked again: the same answer, still one opt-out each.
    const again = await oneClick(urlOf(guests[0]!), 'List-Unsubscribe=One-Click', 'application/x-www-form-urlencoded');
    expect(again.statusCode).toBe(200);
    expect(await optedOut()).toEqual([...guests].sort());

    const next = await write(creator.client, { title: 'After one click', publish: true });
    expect(await sendPostEmails(emailDeps(), next.id)).toBe(0);
  });

  it('never sends the unsubscribe of one creator to another: the token names one delivery', async () => {
    const token = signUnsubscribeToken(resolveAppSecret(t.app.config), '00000000-0000-4000-8000-000000000000');
    const res = await t.client().post('/api/posts/unsubscribe', { token });
    expect(res.statusCode).toBe(400);
    const rows = await db()
      .select()
      .from(postDeliveries)
      .where(and(eq(postDeliveries.id, '00000000-0000-4000-8000-000000000000')));
    expect(rows).toEqual([]);
  });
});
