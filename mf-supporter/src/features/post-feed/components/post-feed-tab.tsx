import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { postFeedQueryOptions } from '@beabro/shared/api/post-feed';
import { paths } from '@beabro/shared/contract/paths';
import { Button } from '@beabro/shared/ui/button';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { PostView } from '@beabro/shared/ui/post-view';
import { EmptyState } from '../../../components/empty-state';
import { LoadError } from '../../../components/load-error';

export const FEED_TITLE = 'Posts from creators you support';

/**
 * The supporter dashboard's feed: posts of the creators the signed-in user supports, newest first; the ones
 * they may read in full, the others (a higher tier, early access) as the locked teaser.
 */
export function PostFeedTab({ userId }: { userId: string }) {
  const headingId = useId();
  const [page, setPage] = useState(1);
  const query = useQuery({ ...postFeedQueryOptions(userId, page), placeholderData: keepPreviousData });
  const data = query.data;

  return (
    <section aria-labelledby={headingId} css={(theme) => ({ display: 'grid', gap: theme.space(4) })}>
      <h2 id={headingId} css={(theme) => ({ margin: 0, fontSize: theme.font.size.xl })}>
        {FEED_TITLE}
      </h2>
      {query.isPending ? (
        <p role="status" css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
          Loading posts…
        </p>
      ) : !data ? (
        <LoadError
          title="We could not load the posts."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : data.total === 0 ? (
        <EmptyState icon="file" title="No posts yet" level={3}>
          When a creator you support publishes a post, it shows here, and you get it by email unless you turned that off
          in Settings.
        </EmptyState>
      ) : (
        <>
          {data.posts.map((post) => (
            <PostView
              key={post.id}
              post={post}
              creator={{ username: post.creatorUsername, displayName: post.creatorDisplayName }}
              variant="list"
              eyebrow={
                <Link
                  to={paths.profile(post.creatorUsername)}
                  css={(theme) => [
                    {
                      color: theme.color.brand,
                      fontSize: theme.font.size.sm,
                      fontWeight: theme.font.weight.medium,
                      justifySelf: 'start',
                    },
                    focusRing(theme),
                  ]}
                >
                  {post.creatorDisplayName}
                </Link>
              }
            />
          ))}
          {data.pageCount > 1 ? (
            <nav
              aria-label="Pages of the posts"
              css={{ display: 'flex', gap: '0.75rem', alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Button
                variant="secondary"
                size="sm"
                disabled={data.page <= 1 || query.isFetching}
                onClick={() => setPage(data.page - 1)}
              >
                Newer posts
              </Button>
              <span css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
                {query.isPlaceholderData ? 'Loading…' : `Page ${data.page} of ${data.pageCount}`}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={data.page >= data.pageCount || query.isFetching}
                onClick={() => setPage(data.page + 1)}
              >
                Older posts
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
