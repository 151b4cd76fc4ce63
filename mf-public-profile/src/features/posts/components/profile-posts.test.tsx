import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { PostsPageDto } from '@beabro/shared/api-schemas/posts';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { querySettled, renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { sampleLockedPost, samplePublicPost } from '@beabro/shared/testing/sample-posts';
import ProfileArea from '../../../exposes/profile';
import { fakeProfile } from '../../../testing/fake-profile';
import { json, mockApi } from '@beabro/shared/testing/msw';

vi.setConfig({ testTimeout: 20_000 });

const pinned = samplePublicPost({
  id: '2c5f4e73-6e80-4b9c-9f20-9e3d4c5f6071',
  slug: 'welcome',
  title: 'Welcome',
  pinned: true,
  bodyHtml: '<p>Pinned hello.</p>',
});
const locked = sampleLockedPost({ bodyHtml: null });
const open = samplePublicPost();

function renderProfile(pages: Record<number, PostsPageDto>, profile = fakeProfile(), route = '/pixelpat') {
  const api = mockApi({
    'GET /api/creators/pixelpat': () => json(200, profile),
    'POST /api/creators/pixelpat/views': () => json(204),
    'GET /api/creators/pixelpat/posts': (request) => {
      const page = Number(new URL(request.path, 'http://x').searchParams.get('page'));
      return json(200, pages[page]);
    },
  });
  const { queryClient } = renderWithProviders(
    <Routes>
      <Route path="/:username" element={<ProfileArea basePath="/:username" />} />
    </Routes>,
    { route },
  );
  return { ...api, queryClient };
}

beforeEach(() => useSessionStore.setState({ status: 'signed-out', user: null }));
describe('the profile’s posts', () => {
  it('lists posts in the API’s order (pinned first): readable ones in full, others as a teaser', async () => {
    renderProfile({ 1: { posts: [pinned, locked, open], page: 1, pageCount: 1, total: 3 } });
    const section = await screen.findByRole('region', { name: 'Posts' });
    const articles = await within(section).findAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Welcome',
      'Behind the scenes',
      'Studio update',
    ]);
    expect(articles[0]).toHaveTextContent('Pinned hello.');
    expect(articles[0]).toHaveTextContent('Pinned');
    expect(articles[1]).toHaveTextContent('Mission Champion and above can read this post.');
    expect(within(articles[1]!).getByRole('link', { name: /^Support to read/ })).toHaveAttribute(
      'href',
      '/pixelpat/support',
    );
    expect(articles[2]).toHaveTextContent('The new microphone arrived.');
    expect(section).toHaveTextContent('3 posts');
  });

  it('reads older and newer pages', async () => {
    const user = userEvent.setup();
    const second = samplePublicPost({ id: '3d605f84-7f91-4cad-8031-af4e5d607182', slug: 'older', title: 'Older one' });
    const api = renderProfile({
      1: { posts: [open], page: 1, pageCount: 2, total: 11 },
      2: { posts: [second], page: 2, pageCount: 2, total: 11 },
    });
    const section = await screen.findByRole('region', { name: 'Posts' });
    expect(await within(section).findByText('Page 1 of 2')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Newer posts' })).toBeDisabled();
    // Pages are links (they work before the page runs and without JavaScript); a click reads the page in place.
    const older = within(section).getByRole('link', { name: 'Older posts' });
    expect(older).toHaveAttribute('href', '/pixelpat?postsPage=2#posts');
    await user.click(older);
    expect(await within(section).findByRole('heading', { name: 'Older one' })).toBeInTheDocument();
    expect(within(section).queryByRole('heading', { name: 'Studio update' })).not.toBeInTheDocument();
    expect(api.calls.map((r) => r.path)).toContain('/api/creators/pixelpat/posts?page=2');
    expect(within(section).getByRole('button', { name: 'Older posts' })).toBeDisabled();
    const newer = within(section).getByRole('link', { name: 'Newer posts' });
    expect(newer).toHaveAttribute('href', '/pixelpat#posts');
    await user.click(newer);
    expect(await within(section).findByRole('heading', { name: 'Studio update' })).toBeInTheDocument();
  });

  it('opens on the page of the address (?postsPage=, a page link followed before the page ran)', async () => {
    const second = samplePublicPost({ id: '3d605f84-7f91-4cad-8031-af4e5d607182', slug: 'older', title: 'Older one' });
    const api = renderProfile(
      {
        1: { posts: [open], page: 1, pageCount: 2, total: 11 },
        2: { posts: [second], page: 2, pageCount: 2, total: 11 },
      },
      fakeProfile(),
      '/pixelpat?tier=1&postsPage=2',
    );
    const section = await screen.findByRole('region', { name: 'Posts' });
    expect(await within(section).findByRole('heading', { name: 'Older one' })).toBeInTheDocument();
    expect(api.calls.map((r) => r.path)).not.toContain('/api/creators/pixelpat/posts?page=1');
    // The link back keeps the rest of the address (the chosen tier).
    expect(within(section).getByRole('link', { name: 'Newer posts' })).toHaveAttribute(
      'href',
      '/pixelpat?tier=1#posts',
    );
  });

  it('shows visitors no posts section when there are none, and the creator where to write one', async () => {
    const empty = { posts: [], page: 1, pageCount: 1, total: 0 };
    const { queryClient, callsTo } = renderProfile({ 1: empty });
    await screen.findByRole('heading', { level: 1, name: 'Pixel Pat' });
    // The posts answer has come and been rendered; the section never appears.
    await waitFor(() => expect(callsTo('GET', '/api/creators/pixelpat/posts')).toHaveLength(1));
    await querySettled(queryClient);
    expect(screen.queryByText('Loading posts…')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Posts' })).not.toBeInTheDocument();

    renderProfile({ 1: empty }, fakeProfile({ viewer: { isOwner: true, isFollowing: false } }));
    const section = await screen.findByRole('region', { name: 'Posts' });
    expect(await within(section).findByRole('link', { name: 'Write a post' })).toHaveAttribute(
      'href',
      '/dashboard/posts/new',
    );
  });
});
