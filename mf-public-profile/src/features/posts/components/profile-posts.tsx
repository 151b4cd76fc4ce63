import { useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '@beabro/shared/contract/paths';
import { Button, ButtonLink } from '@beabro/shared/ui/button';
import { PostView } from '@beabro/shared/ui/post-view';
import { loadErrorMessage } from '../../../lib/load-error-message';
import { formatNumber } from '../../../lib/format-count';
import { ProfileSection } from '../../profile/components/profile-section';
import { POSTS_PAGE_PARAM, parsePostsPage, useCreatorPosts } from '../hooks/use-posts';

export const POSTS_TITLE = 'Posts';

/** The id of the posts section, which a page link scrolls back to. */
const POSTS_ID = 'posts';

export interface ProfilePostsProps {
  username: string;
  displayName: string;
  isOwner: boolean;
}

/**
 * The creator's published posts, pinned first: the ones this reader may read in full (the API's sanitized
 * HTML), the others as a locked teaser. The page of the address (`?postsPage=`, else the first) is server-rendered
 * with the profile. Newer/Older are links to the profile on that page (for a click before the page runs, or without
 * JavaScript); once the page runs, a click reads that page in place.
 */
export function ProfilePosts({ username, displayName, isOwner }: ProfilePostsProps) {
  const [searchParams] = useSearchParams();
  const [page, setPage] = useState(() => parsePostsPage(searchParams.get(POSTS_PAGE_PARAM)));
  const query = useCreatorPosts(username, page);
  const data = query.data;

  /** The address of this profile on posts page `target`, keeping the rest of the query (a chosen tier). */
  const pageHref = (target: number) => {
    const search = new URLSearchParams(searchParams);
    if (target > 1) search.set(POSTS_PAGE_PARAM, String(target));
    else search.delete(POSTS_PAGE_PARAM);
    const text = search.toString();
    return `${paths.profile(username)}${text ? `?${text}` : ''}#${POSTS_ID}`;
  };
  const pageLink = (target: number, label: string, enabled: boolean) =>
    enabled ? (
      <ButtonLink
        to={pageHref(target)}
        variant="secondary"
        size="sm"
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          event.preventDefault();
          setPage(target);
        }}
      >
        {label}
      </ButtonLink>
    ) : (
      <Button variant="secondary" size="sm" disabled>
        {label}
      </Button>
    );

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
      id={POSTS_ID}
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
          {pageLink(data.page - 1, 'Newer posts', data.page > 1 && !query.isFetching)}
          <span aria-live="polite" css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}>
            {query.isFetching && query.isPlaceholderData ? 'Loading…' : `Page ${data.page} of ${data.pageCount}`}
          </span>
          {pageLink(data.page + 1, 'Older posts', data.page < data.pageCount && !query.isFetching)}
        </nav>
      ) : null}
    </ProfileSection>
  );
}
