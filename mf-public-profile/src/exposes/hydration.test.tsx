import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { createQueryClient } from '@beabro/shared/ui/app-providers';
import { saveLastReceipt } from '../lib/last-receipt';
import { fakeProfile, fakeReceipt } from '../testing/fake-profile';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { hydrateInBrowser, renderOnServer } from '@beabro/shared/testing/server-render';
import ProfileArea, { prefetch as prefetchProfile } from './profile';
import { sampleLockedPost, samplePublicPost } from '@beabro/shared/testing/sample-posts';
import PostArea, { prefetch as prefetchPost } from './post';
import SupportArea, { prefetch as prefetchSupport } from './support';

// The browser's first render of a server-rendered page must print exactly the server's HTML. The server
// pass runs here in a DOM environment too, so what differs between the two sides in real life is made to
// differ on purpose: the clock moves on before hydrating, and the receipt is only in this tab's storage.

const routes = (
  <Routes>
    <Route path="/:username" element={<ProfileArea basePath="/:username" />} />
    <Route path="/:username/support" element={<SupportArea basePath="/:username/support" />} />
    <Route path="/:username/posts/:post" element={<PostArea basePath="/:username/posts/:post" />} />
  </Routes>
);

const SERVER_TIME = Date.parse('2026-11-21T12:00:00.000Z');

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-out', user: null });
  window.sessionStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SERVER_TIME);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('hydrating the server-rendered public profile areas', () => {
  it('hydrates the profile without a mismatch, then adds what only the browser knows', async () => {
    // 59 min 50 s before the server rendered: "59 minutes ago" there, "1 hour ago" 20 s later in the browser.
    const profile = fakeProfile({
      recentSupports: [
        { ...fakeProfile().recentSupports[0]!, createdAt: new Date(SERVER_TIME - 3_590_000).toISOString() },
      ],
    });
    mockApi({
      'GET /api/creators/pixelpat': () => json(200, profile),
      'POST /api/creators/pixelpat/views': () => json(204),
      'GET /api/creators/pixelpat/posts': () =>
        json(200, { posts: [samplePublicPost(), sampleLockedPost()], page: 1, pageCount: 1, total: 2 }),
    });
    const url = '/pixelpat?supported=true';
    const queryClient = createQueryClient();
    await prefetchProfile({
      params: { username: 'pixelpat' },
      searchParams: new URLSearchParams('supported=true'),
      queryClient,
    });
    const html = renderOnServer(routes, { url, queryClient });
    expect(html).toContain('59 minutes ago');

    saveLastReceipt(fakeReceipt());
    vi.setSystemTime(SERVER_TIME + 20_000);
    const { container, problems } = await hydrateInBrowser(routes, { url, queryClient, html });

    expect(problems).toEqual([]);
    const page = within(container);
    expect(await page.findByText(/Visa ending in 4242/)).toBeInTheDocument();
    const time = await page.findByText('1 hour ago');
    expect(time).toHaveAttribute('title');
    expect(screen.getByRole('heading', { level: 1, name: 'Pixel Pat' })).toBeInTheDocument();
  });

  it('hydrates the profile on the tier of the address, with the Share panel, without a mismatch', async () => {
    mockApi({
      'GET /api/creators/pixelpat': () => json(200, fakeProfile()),
      'POST /api/creators/pixelpat/views': () => json(204),
      'GET /api/creators/pixelpat/posts': () => json(200, { posts: [], page: 1, pageCount: 1, total: 0 }),
    });
    const url = '/pixelpat?tier=1';
    const queryClient = createQueryClient();
    await prefetchProfile({
      params: { username: 'pixelpat' },
      searchParams: new URLSearchParams('tier=1'),
      queryClient,
    });
    const html = renderOnServer(routes, { url, queryClient });
    const { container, problems } = await hydrateInBrowser(routes, { url, queryClient, html });

    expect(problems).toEqual([]);
    const page = within(container);
    expect(page.getByRole('link', { name: /^Fuel the Journey/ })).toHaveAttribute('aria-current', 'true');
    // Once hydrated, the Share panel offers the full address (the server could only link to the page).
    const summary = container.querySelector('details > summary');
    expect(summary).toHaveTextContent('Share');
    expect(await page.findByLabelText('Copy this link to share the page:')).toHaveValue(
      `${window.location.origin}/pixelpat`,
    );
  });

  it('hydrates the support page, on the tier from the address, without a mismatch', async () => {
    mockApi({
      'GET /api/creators/pixelpat': () => json(200, fakeProfile()),
      'POST /api/creators/pixelpat/views': () => json(204),
    });
    const url = '/pixelpat/support?tier=2';
    const queryClient = createQueryClient();
    await prefetchSupport({
      params: { username: 'pixelpat' },
      searchParams: new URLSearchParams('tier=2'),
      queryClient,
    });
    const html = renderOnServer(routes, { url, queryClient });

    vi.setSystemTime(SERVER_TIME + 20_000);
    const { container, problems } = await hydrateInBrowser(routes, { url, queryClient, html });

    expect(problems).toEqual([]);
    expect(within(container).getByRole('button', { name: /True Believer/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('hydrates a post page without a mismatch', async () => {
    const creator = { username: 'pixelpat', displayName: 'Pixel Pat', profileImageUrl: null };
    mockApi({
      'GET /api/creators/pixelpat/posts/behind-the-scenes': () => json(200, { post: sampleLockedPost(), creator }),
    });
    const url = '/pixelpat/posts/behind-the-scenes';
    const queryClient = createQueryClient();
    await prefetchPost({
      params: { username: 'pixelpat', post: 'behind-the-scenes' },
      searchParams: new URLSearchParams(),
      queryClient,
    });
    const html = renderOnServer(routes, { url, queryClient });
    expect(html).toContain('can read this post');

    const { container, problems } = await hydrateInBrowser(routes, { url, queryClient, html });
    expect(problems).toEqual([]);
    expect(within(container).getByRole('heading', { level: 1, name: 'Behind the scenes' })).toBeInTheDocument();
  });
});
