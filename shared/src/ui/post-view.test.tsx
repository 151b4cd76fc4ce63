import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { sampleLockedPost, samplePublicPost } from '@beabro/shared/testing/sample-posts';
import { LockedPostTeaser, PostView } from '@beabro/shared/ui/post-view';

const creator = { username: 'pixelpat', displayName: 'Pixel Pat' };

describe('PostView', () => {
  it('shows a readable post in full, its title linking to its page', () => {
    renderWithProviders(<PostView post={samplePublicPost()} creator={creator} variant="list" />);
    const article = screen.getByRole('article', { name: 'Studio update' });
    expect(within(article).getByRole('link', { name: 'Studio update' })).toHaveAttribute(
      'href',
      '/pixelpat/posts/studio-update',
    );
    expect(within(article).getByText('microphone').tagName).toBe('STRONG');
    expect(article).toHaveTextContent('Nov 20, 2026');
    expect(article).toHaveTextContent('Everyone');
    expect(within(article).queryByRole('link', { name: /Support to read/ })).not.toBeInTheDocument();
  });

  it('shows a locked post as a teaser: title, date, who can read it, a way to support', () => {
    renderWithProviders(
      <PostView post={sampleLockedPost({ publicAt: '2026-11-27T10:00:00.000Z' })} creator={creator} variant="page" />,
    );
    const article = screen.getByRole('article', { name: 'Behind the scenes' });
    expect(within(article).getByRole('heading', { level: 1, name: 'Behind the scenes' })).toBeInTheDocument();
    expect(article).toHaveTextContent('Mission Champion and above can read this post.');
    expect(article).toHaveTextContent('Everyone can read it from Nov 27, 2026.');
    expect(within(article).getByRole('link', { name: /^Support to read/ })).toHaveAttribute(
      'href',
      '/pixelpat/support',
    );
  });

  it('never renders a body in the teaser, even one the post object carries', () => {
    const post = sampleLockedPost({ bodyHtml: '<p>SECRET BODY</p>', excerpt: 'SECRET EXCERPT', readable: false });
    const { container } = renderWithProviders(<LockedPostTeaser post={post} creator={creator} variant="list" />);
    expect(container).not.toHaveTextContent('SECRET');
    const { container: viaView } = renderWithProviders(<PostView post={post} creator={creator} variant="list" />);
    expect(viaView).not.toHaveTextContent('SECRET');
  });

  it('treats a readable post without HTML as locked', () => {
    const { container } = renderWithProviders(
      <PostView post={samplePublicPost({ bodyHtml: null })} creator={creator} variant="list" />,
    );
    expect(container).toHaveTextContent('Everyone can read this post.');
  });
});

describe('PostView images', () => {
  it('keeps an image with its recorded size responsive: no wider than the post, its height from its ratio', () => {
    const post = samplePublicPost({
      bodyHtml:
        '<p><img src="/uploads/0123456789abcdef0123456789abcdef.png" alt="Desk" width="1200" height="800" loading="lazy" decoding="async" /></p>',
    });
    renderWithProviders(<PostView post={post} creator={creator} variant="page" />);
    const image = screen.getByRole('img', { name: 'Desk' });
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveStyle({ maxWidth: '100%', height: 'auto' });
  });
});
