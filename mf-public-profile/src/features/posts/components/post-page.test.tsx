import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { sampleLockedPost, samplePublicPost } from '@beabro/shared/testing/sample-posts';
import type { PublicPostDto } from '@beabro/shared/api-schemas/posts';
import PostArea from '../../../exposes/post';
import { json, mockApi } from '@beabro/shared/testing/msw';

vi.setConfig({ testTimeout: 20_000 });

const creator = { username: 'pixelpat', displayName: 'Pixel Pat', profileImageUrl: null };

function renderPost(route: string, post: PublicPostDto | null) {
  const api = mockApi({
    'GET /api/creators/pixelpat/posts/studio-update': () =>
      post ? json(200, { post, creator }) : json(404, { message: 'Post not found' }),
  });
  renderWithProviders(
    <Routes>
      <Route path="/:username/posts/:post" element={<PostArea basePath="/:username/posts/:post" />} />
    </Routes>,
    { route },
  );
  return api;
}

beforeEach(() => useSessionStore.setState({ status: 'signed-out', user: null }));
describe('the post page', () => {
  it('shows a readable post in full under its title, with a way back to the creator', async () => {
    const api = renderPost('/pixelpat/posts/Studio-Update', samplePublicPost());
    expect(await screen.findByRole('heading', { level: 1, name: 'Studio update' })).toBeInTheDocument();
    expect(screen.getByText('microphone')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Pixel Pat' })).toHaveAttribute('href', '/pixelpat');
    expect(api.calls[0]?.path).toBe('/api/creators/pixelpat/posts/studio-update');
    expect(screen.getByRole('button', { name: 'Report this post' })).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toContain('Studio update - Pixel Pat'));
  });

  it('shows a locked post as the teaser, without a body', async () => {
    renderPost('/pixelpat/posts/studio-update', sampleLockedPost({ title: 'Studio update' }));
    const article = await screen.findByRole('article', { name: 'Studio update' });
    expect(article).toHaveTextContent('Mission Champion and above can read this post.');
    expect(article).not.toHaveTextContent('microphone');
    expect(screen.getByRole('link', { name: /^Support to read/ })).toHaveAttribute('href', '/pixelpat/support');
  });

  it('says so for a missing post', async () => {
    renderPost('/pixelpat/posts/studio-update', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to @pixelpat' })).toHaveAttribute('href', '/pixelpat');
  });
});
