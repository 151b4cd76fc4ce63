import { useState } from 'react';
import { paths } from '@beabro/shared/contract/paths';
import { Button, ButtonLink } from '@beabro/shared/ui/button';
import { PostView } from '@beabro/shared/ui/post-view';
import { loadErrorMessage } from '../../../lib/load-error-message';
import { formatNumber } from '../../../lib/format-count';
import { ProfileSection } from '../../profile/components/profile-section';
import { useCreatorPosts } from '../hooks/use-posts';

export const POSTS_TITLE = 'Posts';

export interface ProfilePostsProps {
  username: string;
  displayName: string;
  isOwner: boolean;
}

/**
 * The creator's published posts, pinned first: the ones this reader may read in full (the API's sanitized
 * HTML), the others as a locked teaser. Page 1 is server-rendered with the profile; Newer/Older read the others.
 */
export function ProfilePosts({ username, displayName, isOwner }: ProfilePostsProps) {
  const [page, setPage] = useState(1);
  const query = useCreatorPosts(username, page);
  const data = query.data;

  if (query.isPending) {
    return (
      <ProfileSection title={POSTS_TITLE}>
        <p role="status" css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
          Loading posts…
        </p>
      </ProfileSection>
    );
  }
  if (!data) {
    return (
      <ProfileSection title={POSTS_TITLE}>
        <div css={{ display: 'grid', gap: '0.75rem', justifyItems: 'start' }}>
          <p role="alert" css={{ margin: 0 }}>
            We could not load the posts. {loadErrorMessage(query.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </ProfileSection>
    );
  }
  // A visitor is not shown an empty section; the creator is shown where to write one.
  if (data.total === 0 && !isOwner) return null;

  const creator = { username, displayName };
  return (
    <ProfileSection
      title={POSTS_TITLE}
      aside={
        data.total > 0 ? (
          <span css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
            {formatNumber(data.total)} {data.total === 1 ? 'post' : 'posts'}
          </span>
        ) : null
      }
    >
      {data.total === 0 ? (
        <div css={{ display: 'grid', gap: '0.75rem', justifyItems: 'start' }}>
          <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>
            You have not published a post yet. Posts show here, for everyone or only for your supporters.
          </p>
          <ButtonLink to={paths.newPost} size="sm">
            Write a post
          </ButtonLink>
        </div>
      ) : (
        <div css={(theme) => ({ display: 'grid', gap: theme.space(4) })}>
          {data.posts.map((post) => (
            <PostView key={post.id} post={post} creator={creator} variant="list" />
          ))}
        </div>
      )}
      {data.pageCount > 1 ? (
        <nav
          aria-label={`Pages of ${displayName}’s posts`}
          css={{
            marginTop: '1rem',
            display: 'flex',
            gap: '0.75rem',
            alignItems: 'center',
            justifyContent: 'space-between',
            flexWrap: 'wrap',
          }}
        >
          <Button
            variant="secondary"
            size="sm"
            disabled={data.page <= 1 || query.isFetching}
            onClick={() => setPage(data.page - 1)}
          >
            Newer posts
          </Button>
          <span aria-live="polite" css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
            {query.isFetching && query.isPlaceholderData ? 'Loading…' : `Page ${data.page} of ${data.pageCount}`}
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
    </ProfileSection>
  );
}
