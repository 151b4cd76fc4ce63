// @vitest-environment node
import { Route, Routes } from 'react-router-dom';
import type { AreaPrefetchContext } from '@beabro/shared/contract/remote-contract';
import { SUPPORT_TIERS } from '@beabro/shared/data/support-tiers';
import { calculateFees, formatUsd } from '@beabro/shared/money/fees';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { fakeProfile } from '../testing/fake-profile';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { prefetchAndRenderOnServer, visibleText } from '@beabro/shared/testing/server-render';
import ProfileArea, { prefetch as prefetchProfile } from './profile';
import { sampleLockedPost, samplePublicPost } from '@beabro/shared/testing/sample-posts';
import PostArea, { prefetch as prefetchPost } from './post';
import SupportArea, { prefetch as prefetchSupport } from './support';

// The shell's server render (contract 1.1) in a real Node environment: the area's prefetch fills the
// request's query client, then the page is rendered to HTML for a signed-out visitor.

const routes = (
  <Routes>
    <Route path="/:username" element={<ProfileArea basePath="/:username" />} />
    <Route path="/:username/support" element={<SupportArea basePath="/:username/support" />} />
    <Route path="/:username/posts/:post" element={<PostArea basePath="/:username/posts/:post" />} />
  </Routes>
);

function creatorApi() {
  return mockApi({
    'GET /api/creators/pixelpat': () => json(200, fakeProfile()),
    'GET /api/creators/nobody': () => json(404, { message: 'Creator not found' }),
    'GET /api/creators/pixelpat/posts': () =>
      json(200, {
        posts: [samplePublicPost({ pinned: true }), sampleLockedPost()],
        page: 1,
        pageCount: 1,
        total: 2,
      }),
    'GET /api/creators/nobody/posts': () => json(404, { message: 'Creator not found' }),
    'GET /api/creators/pixelpat/posts/studio-update': () =>
      json(200, {
        post: samplePublicPost(),
        creator: { username: 'pixelpat', displayName: 'Pixel Pat', profileImageUrl: null },
      }),
    'GET /api/creators/pixelpat/posts/behind-the-scenes': () =>
      json(200, {
        post: sampleLockedPost(),
        creator: { username: 'pixelpat', displayName: 'Pixel Pat', profileImageUrl: null },
      }),
    'GET /api/creators/pixelpat/posts/gone': () => json(404, { message: 'Post not found' }),
  });
}

/** One request as the shell serves it: prefetch into a fresh query client, then render the page at `url`. */
async function serverRender(
  url: string,
  prefetch: (context: AreaPrefetchContext) => Promise<void>,
  params: Record<string, string>,
) {
  return prefetchAndRenderOnServer(routes, { url, prefetch, params });
}

beforeEach(() => useSessionStore.setState({ status: 'signed-out', user: null }));
describe('server rendering of the public profile areas', () => {
  it('runs where there is no browser', () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
  });

  it('renders the profile with its content: name, bio, goal, tiers and recent supporters', async () => {
    const api = creatorApi();
    const { embedded, text } = await serverRender('/pixelpat', prefetchProfile, { username: 'pixelpat' });

    expect(api.callsTo('GET /api/creators/pixelpat')).toHaveLength(1);
    expect(embedded.queries.map((query) => query.queryKey)).toEqual([
      ['creator-profile', 'pixelpat'],
      ['posts', 'list', 'pixelpat', 1],
    ]);
    expect(text).toContain('Pixel Pat @pixelpat Content Creator');
    expect(text).toContain('Variety streamer building a cozy gaming community.');
    expect(text).toContain('New streaming setup');
    expect(text).toContain('68% complete - 186 people are supporting this mission!');
    for (const tier of SUPPORT_TIERS) expect(text).toContain(tier.name);
    expect(text).toContain('Jordan $5 1 hour ago “Loved the charity stream!”');
    expect(text).not.toContain('Loading @pixelpat');
    // The posts: the readable one in full, the locked one as its teaser.
    expect(text).toContain('Studio update Nov 20, 2026 Pinned Everyone The new microphone arrived.');
    expect(text).toContain('Behind the scenes Nov 20, 2026 Mission Champion and above');
    expect(text).toContain('Mission Champion and above can read this post.');
  });

  it('works as plain HTML: tiers are links, ?tier= is chosen, Share opens a panel, Follow leads to sign-in', async () => {
    creatorApi();
    const { html } = await serverRender('/pixelpat?tier=2', prefetchProfile, { username: 'pixelpat' });
    const tierLinks = [...html.matchAll(/<a [^>]*href="(\/pixelpat(?:\?tier=\d)?#support-options)"[^>]*>/g)];
    // Each tier links to the profile with it chosen; the chosen one (True Believer, from ?tier=2) clears it.
    expect(tierLinks.map((match) => match[1])).toEqual([
      '/pixelpat?tier=0#support-options',
      '/pixelpat?tier=1#support-options',
      '/pixelpat#support-options',
      '/pixelpat?tier=3#support-options',
    ]);
    expect(tierLinks.map((match) => match[0].includes('aria-current="true"'))).toEqual([false, false, true, false]);
    expect(html).toContain('id="support-options"');
    // The support buttons carry the chosen tier.
    expect(html).toContain('href="/pixelpat/support?tier=2"');
    expect(visibleText(html)).toContain('Continue with True Believer ($25/month)');
    // Share: a disclosure whose panel links to the page.
    const share = /<details>(?:<style[^>]*>[^<]*<\/style>)*<summary[^>]*>([\s\S]*?)<\/summary>/.exec(html);
    expect(visibleText(share?.[1] ?? '')).toBe('Share');
    expect(html).toContain('Copy the link to this page to share it:');
    // Follow, for a visitor: sign in and come back.
    expect(html).toContain('href="/auth?next=/pixelpat"');
    expect(/<button[^>]*aria-pressed/.test(html)).toBe(false);
  });

  it('renders a post page: the post in full, or its locked teaser', async () => {
    creatorApi();
    const readable = await serverRender('/pixelpat/posts/studio-update', prefetchPost, {
      username: 'pixelpat',
      post: 'studio-update',
    });
    expect(readable.embedded.queries.map((query) => query.queryKey)).toEqual([
      ['posts', 'one', 'pixelpat', 'studio-update'],
    ]);
    expect(readable.text).toContain('Studio update Nov 20, 2026 Everyone The new microphone arrived.');

    const locked = await serverRender('/pixelpat/posts/behind-the-scenes', prefetchPost, {
      username: 'pixelpat',
      post: 'behind-the-scenes',
    });
    expect(locked.text).toContain('Mission Champion and above can read this post.');
    expect(locked.text).not.toContain('microphone');
  });

  it('leaves a missing post to the browser (its loading state), embedding nothing', async () => {
    creatorApi();
    const { embedded, text } = await serverRender('/pixelpat/posts/gone', prefetchPost, {
      username: 'pixelpat',
      post: 'gone',
    });
    expect(embedded.queries).toEqual([]);
    expect(text).toContain('Loading the post…');
  });

  it('takes the username from the route as the page does (lower-cased)', async () => {
    const api = creatorApi();
    const { text } = await serverRender('/PixelPat', prefetchProfile, { username: 'PixelPat' });
    expect(api.callsTo('GET /api/creators/pixelpat')).toHaveLength(1);
    expect(text).toContain('Variety streamer building a cozy gaming community.');
  });

  it('thanks after a support with the plain message: the receipt is in the browser tab only', async () => {
    creatorApi();
    const { text } = await serverRender('/pixelpat?supported=true', prefetchProfile, { username: 'pixelpat' });
    expect(text).toContain('Thank you for supporting Pixel Pat! Your support went through.');
    expect(text).not.toContain('ending in');
  });

  it('embeds nothing and renders the loading state the browser starts from when the creator cannot be loaded', async () => {
    creatorApi();
    const { embedded, text } = await serverRender('/nobody', prefetchProfile, { username: 'nobody' });
    expect(embedded.queries).toEqual([]);
    expect(text).toContain('Loading @nobody');
    expect(text).not.toContain('Creator not found');
  });

  it('renders the support page with the tiers and the default amount’s payment summary', async () => {
    const api = creatorApi();
    const { embedded, text } = await serverRender('/pixelpat/support', prefetchSupport, { username: 'pixelpat' });

    expect(api.callsTo('GET /api/creators/pixelpat')).toHaveLength(1);
    expect(embedded.queries.map((query) => query.queryKey)).toEqual([['creator-profile', 'pixelpat']]);
    expect(text).toContain('Support Pixel Pat @pixelpat · Content Creator');
    for (const tier of SUPPORT_TIERS) expect(text).toContain(tier.name);
    const fees = calculateFees(500, 'usd');
    expect(text).toContain(
      [
        `Support amount ${formatUsd(fees.amountCents)}`,
        `Platform fee (5%) -${formatUsd(fees.platformFeeCents)}`,
        `Payment processing (2.9% + $0.30) -${formatUsd(fees.processingFeeCents)}`,
        `Pixel Pat receives ${formatUsd(fees.creatorNetCents)}`,
      ].join(' '),
    );
    expect(text).toContain('Support with $5');
  });

  it('opens the support page on the tier asked for in ?tier=, as the browser does', async () => {
    creatorApi();
    const { text } = await serverRender('/pixelpat/support?tier=2', prefetchSupport, { username: 'pixelpat' });
    const tier = SUPPORT_TIERS[2]!;
    const perMonth = tier.isRecurring ? '/month' : '';
    expect(text).toContain(
      `${tier.isRecurring ? 'Monthly support' : 'Support amount'} ${formatUsd(tier.amountCents)}${perMonth}`,
    );
  });
});
