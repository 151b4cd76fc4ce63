import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMyCreatorProfile } from '@beabro/shared/api/get-my-creator-profile';
import { useMyPosts, usePinPost } from '@beabro/shared/api/creator-posts-calls';
import type { CreatorTierDto } from '@beabro/shared/api-schemas/creator-profile';
import type { CreatorPostDto } from '@beabro/shared/api-schemas/posts';
import { paths } from '@beabro/shared/contract/paths';
import { POST_AUDIENCE_LABELS } from '@beabro/shared/data/post-audience';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { Badge } from '@beabro/shared/ui/badge';
import { Button, ButtonLink } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { useToast } from '@beabro/shared/ui/toast';
import { LoadError, LoadingStatus } from '../../../components/query-status';
import { errorMessage } from '../../../lib/error-message';
import { formatCount, formatDate } from '../../../lib/format';
import { DeletePostDialog } from './delete-post-dialog';
import { PostsPageFrame } from './posts-page-frame';

/** "Everyone", or "Mission Champion and above" for a tier audience, with the tier's current name. */
export function audienceLabel(
  post: Pick<CreatorPostDto, 'audience' | 'minTierPosition'>,
  tiers: readonly CreatorTierDto[],
) {
  if (post.audience !== 'tier') return POST_AUDIENCE_LABELS[post.audience];
  const tier = tiers.find((t) => t.position === post.minTierPosition);
  return tier ? `${tier.name} and above` : POST_AUDIENCE_LABELS.tier;
}

/** /dashboard/posts: the creator's posts, drafts included, newest first, with what can be done to each. */
export function PostsListPage() {
  useDocumentTitle('Posts - Be a Bro');
  const [page, setPage] = useState(1);
  const posts = useMyPosts(page);
  const profile = useMyCreatorProfile();
  const [deleting, setDeleting] = useState<CreatorPostDto | null>(null);
  const data = posts.data;
  const me = profile.data;

  return (
    <PostsPageFrame
      title="Posts"
      back={{ to: paths.dashboard, label: 'Dashboard' }}
      actions={<ButtonLink to={paths.newPost}>New post</ButtonLink>}
    >
      <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
        Write to everyone or only to your supporters. Published posts show on your page; supporters who can read a new
        post get it by email.
      </p>
      {posts.isError || profile.isError ? (
        <LoadError
          error={posts.error ?? profile.error}
          what="your posts"
          onRetry={() => {
            void posts.refetch();
            void profile.refetch();
          }}
        />
      ) : !data || me === undefined ? (
        <LoadingStatus label="Loading your posts..." />
      ) : data.total === 0 ? (
        <Card as="div" css={{ textAlign: 'center', display: 'grid', gap: '0.75rem', justifyItems: 'center' }}>
          <p css={{ margin: 0, fontWeight: 600 }}>No posts yet</p>
          <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
            Tell your supporters what you are working on: a post can be for everyone, for all supporters, for monthly
            supporters, or for a tier and above.
          </p>
          <ButtonLink to={paths.newPost}>Write your first post</ButtonLink>
        </Card>
      ) : (
        <>
          <ul
            aria-label="Your posts"
            css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.75rem' }}
          >
            {data.posts.map((post) => (
              <PostRow
                key={post.id}
                post={post}
                username={me?.username ?? null}
                tiers={me?.tiers ?? []}
                onDelete={() => setDeleting(post)}
              />
            ))}
          </ul>
          {data.pageCount > 1 ? (
            <nav
              aria-label="Pages of your posts"
              css={{ display: 'flex', gap: '0.75rem', alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Newer
              </Button>
              <span css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
                Page {data.page} of {data.pageCount}
              </span>
              <Button variant="secondary" size="sm" disabled={page >= data.pageCount} onClick={() => setPage(page + 1)}>
                Older
              </Button>
            </nav>
          ) : null}
        </>
      )}
      <DeletePostDialog post={deleting} onClose={() => setDeleting(null)} onDeleted={() => setDeleting(null)} />
    </PostsPageFrame>
  );
}

function PostRow({
  post,
  username,
  tiers,
  onDelete,
}: {
  post: CreatorPostDto;
  username: string | null;
  tiers: readonly CreatorTierDto[];
  onDelete: () => void;
}) {
  const pin = usePinPost();
  const toast = useToast();
  const published = post.status === 'published';

  async function togglePin() {
    try {
      await pin.mutateAsync({ id: post.id, pinned: !post.pinned });
      toast.show(post.pinned ? 'Post unpinned' : 'Post pinned to the top of your page', 'success');
    } catch (failure) {
      toast.show(errorMessage(failure, 'The post could not be pinned.'), 'error');
    }
  }

  return (
    <li>
      <Card as="article" padding={4} aria-label={post.title} css={{ display: 'grid', gap: '0.5rem' }}>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', alignItems: 'center' }}>
          <Badge tone={published ? 'success' : 'neutral'}>{published ? 'Published' : 'Draft'}</Badge>
          {post.pinned ? <Badge tone="brand">Pinned</Badge> : null}
          <Badge tone="neutral">{audienceLabel(post, tiers)}</Badge>
          {post.earlyAccessDays !== null ? (
            <Badge tone="warning">{`Early access: ${post.earlyAccessDays} ${post.earlyAccessDays === 1 ? 'day' : 'days'}`}</Badge>
          ) : null}
        </div>
        <h2 css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg, overflowWrap: 'anywhere' })}>
          <Link
            to={paths.editPost(post.id)}
            css={(theme) => [
              { color: theme.color.text, textDecoration: 'none', '&:hover': { textDecoration: 'underline' } },
              focusRing(theme),
            ]}
          >
            {post.title}
          </Link>
        </h2>
        <p css={(theme) => ({ margin: 0, color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
          {published && post.publishedAt
            ? `Published ${formatDate(post.publishedAt)} · emailed to ${formatCount(post.emailedCount)} ${post.emailedCount === 1 ? 'person' : 'people'}`
            : `Last saved ${formatDate(post.updatedAt)}`}
        </p>
        <div css={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem' }}>
          <ButtonLink to={paths.editPost(post.id)} variant="secondary" size="sm" aria-label={`Edit “${post.title}”`}>
            Edit
          </ButtonLink>
          {published && username ? (
            <ButtonLink
              to={paths.post(username, post.slug)}
              variant="ghost"
              size="sm"
              aria-label={`View “${post.title}”`}
            >
              View
            </ButtonLink>
          ) : null}
          {published ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={pin.isPending}
              onClick={() => void togglePin()}
              aria-label={`${post.pinned ? 'Unpin' : 'Pin'} “${post.title}”`}
            >
              {post.pinned ? 'Unpin' : 'Pin'}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete “${post.title}”`}>
            Delete
          </Button>
        </div>
      </Card>
    </li>
  );
}
