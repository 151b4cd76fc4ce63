import type { Currency } from '@beabro/shared/money/currencies';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import { useMyPost } from '@beabro/shared/api/creator-posts-calls';
import { useMyCreatorProfile } from '@beabro/shared/api/get-my-creator-profile';
import type { CreatorPostDto } from '@beabro/shared/api-schemas/posts';
import { paths } from '@beabro/shared/contract/paths';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { Badge } from '@beabro/shared/ui/badge';
import { Button, ButtonLink } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { LoadError, LoadingStatus } from '../../../components/query-status';
import { formatDate } from '../../../lib/format';
import { DeletePostDialog } from './delete-post-dialog';
import { PostForm } from './post-form';
import { PostsPageFrame } from './posts-page-frame';

const BACK = { to: paths.dashboardPosts, label: 'Posts' };

/** /dashboard/posts/new and /dashboard/posts/{id}: a new post, or one of the creator's posts to edit. */
export function PostEditorPage({ postId }: { postId: string | null }) {
  const profile = useMyCreatorProfile();
  useDocumentTitle(postId === null ? 'New post - Be a Bro' : 'Edit post - Be a Bro');
  if (profile.isError)
    return (
      <PostsPageFrame title={postId === null ? 'New post' : 'Edit post'} back={BACK}>
        <LoadError error={profile.error} what="your page" onRetry={() => void profile.refetch()} />
      </PostsPageFrame>
    );
  if (profile.data === undefined)
    return (
      <PostsPageFrame title={postId === null ? 'New post' : 'Edit post'} back={BACK}>
        <LoadingStatus label="Loading..." />
      </PostsPageFrame>
    );
  const tiers = profile.data?.tiers ?? [];
  const currency = profile.data?.currency ?? 'usd';
  if (postId === null)
    return (
      <PostsPageFrame title="New post" back={BACK}>
        <Card as="div">
          <PostForm post={null} tiers={tiers} currency={currency} />
        </Card>
      </PostsPageFrame>
    );
  return <ExistingPost id={postId} username={profile.data?.username ?? null} tiers={tiers} currency={currency} />;
}

function ExistingPost({
  id,
  username,
  tiers,
  currency,
}: {
  id: string;
  username: string | null;
  tiers: NonNullable<ReturnType<typeof useMyCreatorProfile>['data']>['tiers'];
  currency: Currency;
}) {
  const query = useMyPost(id);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<CreatorPostDto | null>(null);
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404)
      return (
        <PostsPageFrame title="Post not found" back={BACK}>
          <Card as="div" css={{ display: 'grid', gap: '0.75rem', justifyItems: 'start' }}>
            <p css={{ margin: 0 }}>This post does not exist or was deleted.</p>
            <ButtonLink to={paths.dashboardPosts}>See your posts</ButtonLink>
          </Card>
        </PostsPageFrame>
      );
    return (
      <PostsPageFrame title="Edit post" back={BACK}>
        <LoadError error={query.error} what="this post" onRetry={() => void query.refetch()} />
      </PostsPageFrame>
    );
  }
  const post = query.data;
  if (!post)
    return (
      <PostsPageFrame title="Edit post" back={BACK}>
        <LoadingStatus label="Loading the post..." />
      </PostsPageFrame>
    );
  const published = post.status === 'published';
  return (
    <PostsPageFrame
      title="Edit post"
      back={BACK}
      actions={
        <>
          {published && username ? (
            <ButtonLink to={paths.post(username, post.slug)} variant="secondary">
              View post
            </ButtonLink>
          ) : null}
          <Button variant="ghost" onClick={() => setDeleting(post)}>
            Delete
          </Button>
        </>
      }
    >
      <p
        css={(theme) => ({
          margin: 0,
          display: 'flex',
          gap: '0.5rem',
          alignItems: 'center',
          flexWrap: 'wrap',
          color: theme.color.textMuted,
        })}
      >
        <Badge tone={published ? 'success' : 'neutral'}>{published ? 'Published' : 'Draft'}</Badge>
        {published && post.publishedAt ? `Published ${formatDate(post.publishedAt)}` : 'Not published yet'}
      </p>
      <Card as="div">
        {/* Keyed by the post: the form starts from what was saved when another post opens. */}
        <PostForm key={post.id} post={post} tiers={tiers} currency={currency} />
      </Card>
      <DeletePostDialog
        post={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={() => navigate(paths.dashboardPosts, { replace: true })}
      />
    </PostsPageFrame>
  );
}
