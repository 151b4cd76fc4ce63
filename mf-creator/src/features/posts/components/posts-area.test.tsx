import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { CreatorPostDto } from '@beabro/shared/api-schemas/posts';
import { POST_MESSAGES } from '@beabro/shared/api-schemas/posts';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import PostsArea from '../../../exposes/posts';
import { mockApi, type MockCall, type MockReply } from '@beabro/shared/testing/msw';
import { sampleProfile } from '../../../testing/sample-data';

vi.setConfig({ testTimeout: 30_000 });
const ID = '0a3d2c51-4c6e-4f7a-9d0e-7c1b2a3d4e5f';

function creatorPost(overrides: Partial<CreatorPostDto> = {}): CreatorPostDto {
  return {
    id: ID,
    slug: 'studio-update',
    title: 'Studio update',
    bodyMarkdown: 'The new **microphone** arrived.',
    bodyHtml: '<p>The new <strong>microphone</strong> arrived.</p>',
    status: 'draft',
    audience: 'supporters',
    minTierPosition: null,
    earlyAccessDays: null,
    pinned: false,
    publishedAt: null,
    publicAt: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    emailedCount: 0,
    ...overrides,
  };
}

function renderPosts(route: string, routes: Record<string, MockReply | ((call: MockCall) => MockReply)>) {
  const api = mockApi({ 'GET /api/creator-profile': { body: { profile: sampleProfile() } }, ...routes });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/dashboard/posts" element={<PostsArea basePath="/dashboard/posts" />} />
        <Route path="/dashboard/posts/:postId" element={<PostsArea basePath="/dashboard/posts" />} />
      </Routes>
    </>,
    { route },
  );
  return api;
}

describe('a new post', () => {
  it('checks the fields before sending: title, body, tier, early access days, each next to its field', async () => {
    const user = userEvent.setup();
    const api = renderPosts('/dashboard/posts/new', {});
    await user.click(await screen.findByLabelText('A tier and above'));
    await user.click(screen.getByLabelText(/Early access/));
    await user.clear(screen.getByLabelText('Days before everyone can read it'));
    await user.type(screen.getByLabelText('Days before everyone can read it'), '45');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(
      expect.stringContaining(POST_MESSAGES.titleRequired),
    );
    expect(screen.getByRole('textbox', { name: 'Post' })).toHaveAccessibleDescription(
      expect.stringContaining(POST_MESSAGES.bodyRequired),
    );
    expect(screen.getByLabelText('Lowest tier that can read it')).toHaveAccessibleDescription(
      expect.stringContaining(POST_MESSAGES.tierInvalid),
    );
    expect(screen.getByLabelText('Days before everyone can read it')).toHaveAccessibleDescription(
      expect.stringContaining(POST_MESSAGES.earlyAccessInvalid),
    );
    expect(api.callsTo('POST', '/api/creator/posts')).toHaveLength(0);
  });

  it('publishes for a tier and above with early access, in one request, then opens the saved post', async () => {
    const user = userEvent.setup();
    const saved = creatorPost({
      title: 'Behind the scenes',
      status: 'published',
      audience: 'tier',
      minTierPosition: 2,
      earlyAccessDays: 3,
      publishedAt: '2026-11-21T10:00:00.000Z',
    });
    const api = renderPosts('/dashboard/posts/new', {
      'POST /api/creator/posts': { status: 201, body: { post: saved } },
      [`GET /api/creator/posts/${ID}`]: { body: { post: saved } },
    });
    await user.type(await screen.findByLabelText('Title'), 'Behind the scenes');
    await user.type(screen.getByRole('textbox', { name: 'Post' }), 'Hello supporters');
    await user.click(screen.getByLabelText('A tier and above'));
    const tier = sampleProfile().tiers[2]!;
    await user.selectOptions(screen.getByLabelText('Lowest tier that can read it'), String(tier.position));
    await user.click(screen.getByLabelText(/Early access/));
    await user.clear(screen.getByLabelText('Days before everyone can read it'));
    await user.type(screen.getByLabelText('Days before everyone can read it'), '3');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Edit post' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/creator/posts').map((c) => c.body)).toEqual([
      {
        title: 'Behind the scenes',
        bodyMarkdown: 'Hello supporters',
        audience: 'tier',
        minTierPosition: 2,
        earlyAccessDays: 3,
        publish: true,
      },
    ]);
    // Published: it saves changes now, and cannot be a draft again.
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
  });

  it('shows the API’s field messages next to their fields and keeps what was typed', async () => {
    const user = userEvent.setup();
    renderPosts('/dashboard/posts/new', {
      'POST /api/creator/posts': {
        status: 400,
        body: { message: 'Check the fields', fieldErrors: { bodyMarkdown: POST_MESSAGES.imageNotOurs } },
      },
    });
    await user.type(await screen.findByLabelText('Title'), 'Pictures');
    // "[[" types one "[" (user-event reads "[" as the start of a key name).
    await user.type(screen.getByRole('textbox', { name: 'Post' }), '![[x](https://elsewhere.example/x.png)');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const body = screen.getByRole('textbox', { name: 'Post' });
    expect(await within(body.parentElement!).findByText(POST_MESSAGES.imageNotOurs)).toBeInTheDocument();
    expect(body).toHaveAccessibleDescription(expect.stringContaining(POST_MESSAGES.imageNotOurs));
    expect(body).toHaveValue('![x](https://elsewhere.example/x.png)');
    expect(screen.getByLabelText('Title')).toHaveValue('Pictures');
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
  });

  it('saves a draft, never publishes, on Enter in the title', async () => {
    const user = userEvent.setup();
    const api = renderPosts('/dashboard/posts/new', {
      'POST /api/creator/posts': { status: 201, body: { post: creatorPost() } },
      [`GET /api/creator/posts/${ID}`]: { body: { post: creatorPost() } },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Post' }), 'Body');
    await user.type(screen.getByLabelText('Title'), 'Studio update{Enter}');
    await vi.waitFor(() => expect(api.callsTo('POST', '/api/creator/posts')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/creator/posts')[0]?.body).toMatchObject({
      title: 'Studio update',
      publish: false,
    });
  });

  it('says the preview needs a saved draft', async () => {
    const user = userEvent.setup();
    renderPosts('/dashboard/posts/new', {});
    await user.click(await screen.findByRole('tab', { name: 'Preview' }));
    expect(screen.getByRole('note')).toHaveTextContent('save a draft first');
  });
});

describe('an existing post', () => {
  it('previews the server’s HTML, and says when it is older than the text', async () => {
    const user = userEvent.setup();
    renderPosts(`/dashboard/posts/${ID}`, { [`GET /api/creator/posts/${ID}`]: { body: { post: creatorPost() } } });
    await user.click(await screen.findByRole('tab', { name: 'Preview' }));
    expect(screen.getByTestId('post-preview').querySelector('strong')).toHaveTextContent('microphone');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Write' }));
    await user.type(screen.getByRole('textbox', { name: 'Post' }), ' More.');
    await user.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(screen.getByRole('note')).toHaveTextContent('Save to see your latest changes');
  });

  it('saves a draft with PATCH and publishes it', async () => {
    const user = userEvent.setup();
    let current = creatorPost();
    const api = renderPosts(`/dashboard/posts/${ID}`, {
      [`GET /api/creator/posts/${ID}`]: () => ({ body: { post: current } }),
      [`PATCH /api/creator/posts/${ID}`]: (call) => {
        const body = call.body as Partial<CreatorPostDto> & { publish?: boolean };
        current = {
          ...current,
          ...body,
          status: body.publish ? 'published' : current.status,
          publishedAt: body.publish ? '2026-11-21T10:00:00.000Z' : current.publishedAt,
        };
        return { body: { post: current } };
      },
      'GET /api/creator/posts': () => ({ body: { posts: [current], page: 1, pageCount: 1, total: 1 } }),
    });
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Studio update, part 2');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await vi.waitFor(() => expect(api.callsTo('PATCH', `/api/creator/posts/${ID}`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `/api/creator/posts/${ID}`)[0]?.body).not.toHaveProperty('publish');

    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Save changes' })).toBeInTheDocument();
    expect(api.callsTo('PATCH', `/api/creator/posts/${ID}`)[1]?.body).toMatchObject({
      title: 'Studio update, part 2',
      publish: true,
    });
  });

  it('says so for a post that does not exist', async () => {
    renderPosts(`/dashboard/posts/${ID}`, {
      [`GET /api/creator/posts/${ID}`]: { status: 404, body: { message: POST_MESSAGES.notFound } },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
  });
});

describe('the posts list', () => {
  it('lists drafts and published posts, pins one and deletes one after confirming', async () => {
    const user = userEvent.setup();
    let posts = [
      creatorPost({ id: '1b4e3d62-5d7f-4a8b-8e1f-8d2c3b4e5f60', title: 'Draft idea' }),
      creatorPost({
        status: 'published',
        publishedAt: '2026-11-20T10:00:00.000Z',
        audience: 'tier',
        minTierPosition: 2,
        emailedCount: 3,
      }),
    ];
    const api = renderPosts('/dashboard/posts', {
      'GET /api/creator/posts': () => ({ body: { posts, page: 1, pageCount: 1, total: posts.length } }),
      [`PUT /api/creator/posts/${ID}/pin`]: () => {
        posts = posts.map((p) => (p.id === ID ? { ...p, pinned: true } : p));
        return { body: { post: posts[1] } };
      },
      'DELETE /api/creator/posts/1b4e3d62-5d7f-4a8b-8e1f-8d2c3b4e5f60': () => {
        posts = posts.filter((p) => p.title !== 'Draft idea');
        return { status: 204 };
      },
    });
    const list = await screen.findByRole('list', { name: 'Your posts' });
    const draft = within(list).getByRole('article', { name: 'Draft idea' });
    expect(draft).toHaveTextContent('Draft');
    expect(within(draft).queryByRole('button', { name: /^Pin/ })).not.toBeInTheDocument();
    const published = within(list).getByRole('article', { name: 'Studio update' });
    expect(published).toHaveTextContent(`${sampleProfile().tiers[2]!.name} and above`);
    expect(published).toHaveTextContent('emailed to 3 people');
    expect(within(published).getByRole('link', { name: /^View/ })).toHaveAttribute(
      'href',
      `/${sampleProfile().username}/posts/studio-update`,
    );

    await user.click(within(published).getByRole('button', { name: 'Pin “Studio update”' }));
    expect(await within(published).findByRole('button', { name: 'Unpin “Studio update”' })).toBeInTheDocument();
    expect(api.callsTo('PUT', `/api/creator/posts/${ID}/pin`)[0]?.body).toEqual({ pinned: true });

    await user.click(within(draft).getByRole('button', { name: 'Delete “Draft idea”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this post?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.callsTo('DELETE', '/api/creator/posts/1b4e3d62-5d7f-4a8b-8e1f-8d2c3b4e5f60')).toHaveLength(0);
    await user.click(within(draft).getByRole('button', { name: 'Delete “Draft idea”' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete post' }));
    await vi.waitFor(() => expect(within(list).queryByRole('article', { name: 'Draft idea' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/creator/posts/1b4e3d62-5d7f-4a8b-8e1f-8d2c3b4e5f60')).toHaveLength(1);
  });
});
