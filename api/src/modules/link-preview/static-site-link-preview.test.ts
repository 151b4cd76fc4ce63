import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorProfiles } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { PREVIEW_IMAGE_HEIGHT, PREVIEW_IMAGE_WIDTH } from './default-preview-image';

let t: TestApp;
beforeAll(async () => {
  // Pages are requested with Host: beabro.example, which this server must be told it answers.
  t = await createTestApp({ ALLOWED_HOSTS: 'beabro.example' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const HOST = 'beabro.example';
const page = (url: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url, headers: { host: HOST } });

function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key.replace(/[:]/g, '\\$&')}" content="([^"]*)"`).exec(html);
  return match?.[1];
}

describe('the shell page of /{username} carries the creator’s link preview', () => {
  it('has the OpenGraph and Twitter card tags and a matching title, and is never cached', async () => {
    const creator = await fakeCreator(db(), { displayName: 'Pixel Pat', bio: 'Streams for charity every Friday.' });
    const res = await page(`/${creator.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body).toContain('<title>Pixel Pat on Be a Bro</title>');
    expect(metaContent(res.body, 'og:title')).toBe('Pixel Pat on Be a Bro');
    expect(metaContent(res.body, 'og:description')).toBe('Streams for charity every Friday.');
    expect(metaContent(res.body, 'description')).toBe('Streams for charity every Friday.');
    expect(metaContent(res.body, 'og:url')).toBe(`http://${HOST}/${creator.username}`);
    expect(metaContent(res.body, 'og:image')).toBe(`http://${HOST}/link-preview/default.png`);
    expect(metaContent(res.body, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(res.body, 'twitter:title')).toBe('Pixel Pat on Be a Bro');
    expect(metaContent(res.body, 'twitter:image')).toBe(`http://${HOST}/link-preview/default.png`);
    // A trailing slash and HEAD requests get the same page.
    expect((await page(`/${creator.username}/`)).body).toContain('<title>Pixel Pat on Be a Bro</title>');
    expect((await page(`/${creator.username}`, 'HEAD')).statusCode).toBe(200);
  });

  it('redirects a username written with capitals to the lower-case page (301), keeping the query', async () => {
    const creator = await fakeCreator(db(), { displayName: 'Pixel Pat' });
    const shouting = creator.username.toUpperCase();
    const res = await page(`/${shouting}?ref=card`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/${creator.username}?ref=card`);
    const support = await page(`/${shouting}/support`);
    expect(support.statusCode).toBe(301);
    expect(support.headers.location).toBe(`/${creator.username}/support`);
    // The site's own pages are not usernames.
    expect((await page('/Help')).statusCode).not.toBe(301);
  });

  it('escapes whatever the creator typed', async () => {
    const creator = await fakeCreator(db(), {
      displayName: 'Pat "<b>" & Co',
      bio: `I'm </title><script>alert("x")</script> $& here`,
    });
    const res = await page(`/${creator.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).toContain('<title>Pat &quot;&lt;b&gt;&quot; &amp; Co on Be a Bro</title>');
    expect(metaContent(res.body, 'og:description')).toBe(
      'I&#39;m &lt;/title&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; $&amp; here',
    );
  });

  it('uses the profile image, else the cover image, as an absolute URL', async () => {
    const upload = '/uploads/0123456789abcdef0123456789abcdef.png';
    const cover = '/uploads/fedcba9876543210fedcba9876543210.jpg';
    const withBoth = await fakeCreator(db(), { profileImage: upload, coverImage: cover });
    expect(metaContent((await page(`/${withBoth.username}`)).body, 'og:image')).toBe(`http://${HOST}${upload}`);
    const coverOnly = await fakeCreator(db(), { coverImage: cover });
    expect(metaContent((await page(`/${coverOnly.username}`)).body, 'og:image')).toBe(`http://${HOST}${cover}`);
    const remote = await fakeCreator(db(), { profileImage: 'https://images.example/pat.png' });
    expect(metaContent((await page(`/${remote.username}`)).body, 'og:image')).toBe('https://images.example/pat.png');
    // Anything else that slipped into the column is not passed on.
    const odd = await fakeCreator(db(), { profileImage: 'javascript:alert(1)' });
    expect(metaContent((await page(`/${odd.username}`)).body, 'og:image')).toBe(
      `http://${HOST}/link-preview/default.png`,
    );
  });

  it('describes a creator with an empty bio in words of its own', async () => {
    const creator = await fakeCreator(db(), { displayName: 'Quiet Quinn', bio: '' });
    expect(metaContent((await page(`/${creator.username}`)).body, 'og:description')).toBe(
      'Support Quiet Quinn&#39;s mission on Be a Bro.',
    );
  });

  it('answers an unknown or deleted username with the plain shell page and status 404', async () => {
    const res = await page('/no_such_creator');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('og:title');

    const gone = await fakeCreator(db());
    await db().update(creatorProfiles).set({ deletedAt: new Date() }).where(eq(creatorProfiles.userId, gone.userId));
    expect((await page(`/${gone.username}`)).statusCode).toBe(404);
  });

  it('answers a name that can never be a creator’s, and the support page of an unknown one, with 404', async () => {
    for (const url of ['/nosuchcreator-xyz', '/nosuchuser/support', '/no-such-user/support', '/%E2%9C%93']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    const creator = await fakeCreator(db());
    expect((await page(`/${creator.username}/support`)).statusCode).toBe(200);
  });

  it('leaves the site’s own routes and deeper paths as they were', async () => {
    for (const url of ['/', '/help', '/auth', '/create', '/discover', '/supporter-dashboard', '/no/such/page']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('og:title');
    }
    const creator = await fakeCreator(db());
    expect((await page(`/${creator.username}/support`)).statusCode).toBe(200);
  });

  it('serves the default preview image as a PNG of the size previews expect', async () => {
    const res = await t.app.inject('/link-preview/default.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const png = res.rawPayload;
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.readUInt32BE(16)).toBe(PREVIEW_IMAGE_WIDTH);
    expect(png.readUInt32BE(20)).toBe(PREVIEW_IMAGE_HEIGHT);
  });
});

describe('with PUBLIC_URL set', () => {
  let configured: TestApp;
  beforeAll(async () => {
    configured = await createTestApp({ PUBLIC_URL: 'https://beabro.app/', ALLOWED_HOSTS: 'internal:3000' });
  });
  afterAll(() => configured.close());

  it('builds the preview URLs on the public origin', async () => {
    const creator = await fakeCreator(configured.database.db);
    const res = await configured.app.inject({ url: `/${creator.username}`, headers: { host: 'internal:3000' } });
    expect(metaContent(res.body, 'og:url')).toBe(`https://beabro.app/${creator.username}`);
    expect(metaContent(res.body, 'og:image')).toBe('https://beabro.app/link-preview/default.png');
  });
});
