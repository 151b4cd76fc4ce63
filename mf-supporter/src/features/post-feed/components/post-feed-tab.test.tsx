import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PostFeedPageDto } from '@beabro/shared/api-schemas/posts';
import { sampleFeedPost } from '@beabro/shared/testing/sample-posts';
import { json } from '@beabro/shared/testing/msw';
import { renderDashboard } from '../../../testing/render-dashboard';
import { FEED_TITLE } from './post-feed-tab';

vi.setConfig({ testTimeout: 20_000 });
const readable = sampleFeedPost();
const locked = sampleFeedPost({
  id: '1b4e3d62-5d7f-4a8b-8e1f-8d2c3b4e5f60',
  slug: 'tier-only',
  title: 'For champions',
  audience: 'tier',
  minTierPosition: 2,
  minTierName: 'Mission Champion',
  readable: false,
  bodyHtml: null,
  excerpt: null,
  creatorUsername: 'mayaokafor',
  creatorDisplayName: 'Maya Okafor',
});

function renderFeed(pages: Record<number, PostFeedPageDto>) {
  return renderDashboard({
    route: '/supporter-dashboard?tab=posts',
    routes: { 'GET /api/supporter/posts': (request) => json(200, pages[Number(request.query.get('page'))]) },
  });
}

describe('My Missions: the posts feed', () => {
  it('shows posts of supported creators: readable ones in full, others as a teaser, each with its creator', async () => {
    renderFeed({ 1: { posts: [readable, locked], page: 1, pageCount: 1, total: 2 } });
    const feed = await screen.findByRole('region', { name: FEED_TITLE });
    const open = await within(feed).findByRole('article', { name: 'Studio update' });
    expect(open).toHaveTextContent('The new microphone arrived.');
    expect(within(open).getByRole('link', { name: 'Pixel Pat' })).toHaveAttribute('href', '/pixelpat');
    expect(within(open).getByRole('link', { name: 'Studio update' })).toHaveAttribute(
      'href',
      '/pixelpat/posts/studio-update',
    );
    const teaser = within(feed).getByRole('article', { name: 'For champions' });
    expect(teaser).toHaveTextContent('Mission Champion and above can read this post.');
    expect(within(teaser).getByRole('link', { name: /^Support to read/ })).toHaveAttribute(
      'href',
      '/mayaokafor/support',
    );
  });

  it('reads the next page', async () => {
    const user = userEvent.setup();
    const { api } = renderFeed({
      1: { posts: [readable], page: 1, pageCount: 2, total: 11 },
      2: { posts: [locked], page: 2, pageCount: 2, total: 11 },
    });
    const feed = await screen.findByRole('region', { name: FEED_TITLE });
    await user.click(await within(feed).findByRole('button', { name: 'Older posts' }));
    expect(await within(feed).findByRole('article', { name: 'For champions' })).toBeInTheDocument();
    expect(within(feed).queryByRole('article', { name: 'Studio update' })).not.toBeInTheDocument();
    expect(within(feed).getByText('Page 2 of 2')).toBeInTheDocument();
    expect(api.calls.filter((r) => r.pathname === '/api/supporter/posts').map((r) => r.query.get('page'))).toEqual([
      '1',
      '2',
    ]);
  });

  it('says what will show here when there is nothing yet', async () => {
    renderFeed({ 1: { posts: [], page: 1, pageCount: 1, total: 0 } });
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
  });

  it('offers a retry when the feed cannot be loaded', async () => {
    renderDashboard({
      route: '/supporter-dashboard?tab=posts',
      routes: { 'GET /api/supporter/posts': () => json(500, { message: 'Boom' }) },
    });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
