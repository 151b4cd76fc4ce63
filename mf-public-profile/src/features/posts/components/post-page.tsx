import { Link } from 'react-router-dom';
import { ApiError } from '@beabro/shared/api/api-client';
import { paths } from '@beabro/shared/contract/paths';
import { useDocumentTitle } from '@beabro/shared/hooks/use-document-title';
import { ButtonLink } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { PageContainer } from '@beabro/shared/ui/page-container';
import { PostView } from '@beabro/shared/ui/post-view';
import { SearchIcon } from '@beabro/shared/ui/icons/search';
import { CreatorPageError } from '../../../components/creator-page-status';
import { useRefetchOnSessionChange } from '../../../hooks/use-refetch-on-session-change';
import { loadErrorMessage } from '../../../lib/load-error-message';
import { usePublicPost } from '../hooks/use-posts';
import { ReportLink } from '../../report/components/report-link';

export const POST_NOT_FOUND_TITLE = 'Post not found';

/** /{username}/posts/{slug}: one post, in full for a reader who may read it, else the locked teaser. */
export function PostPage({ username, slug }: { username: string; slug: string }) {
  const query = usePublicPost(username, slug);
  useRefetchOnSessionChange(username);
  const data = query.data;
  useDocumentTitle(
    data
      ? `${data.post.title} - ${data.creator.displayName}`
      : query.error instanceof ApiError && query.error.status === 404
        ? POST_NOT_FOUND_TITLE
        : null,
  );

  if (query.isPending) {
    return (
      <PageContainer>
        <div role="status" css={{ maxWidth: '46rem', margin: '0 auto', padding: '2rem 0 3rem' }}>
          <span className="visually-hidden">Loading the post…</span>
          <div
            css={(theme) => ({
              height: '16rem',
              borderRadius: theme.radius.lg,
              background: theme.color.border,
              opacity: 0.6,
            })}
          />
        </div>
      </PageContainer>
    );
  }
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) return <PostNotFound username={username} />;
    return <CreatorPageError message={loadErrorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  const { post, creator } = query.data;
  return (
    <PageContainer>
      <div
        css={(theme) => ({
          maxWidth: '46rem',
          margin: '0 auto',
          padding: `${theme.space(6)} 0 ${theme.space(12)}`,
          display: 'grid',
          gap: theme.space(4),
        })}
      >
        <Link
          to={paths.profile(creator.username)}
          css={(theme) => [
            { color: theme.color.brand, fontWeight: theme.font.weight.medium, justifySelf: 'start' },
            focusRing(theme),
          ]}
        >
          ← {creator.displayName}
        </Link>
        <Card as="div">
          <PostView
            post={post}
            creator={{ username: creator.username, displayName: creator.displayName }}
            variant="page"
          />
        </Card>
        <ReportLink username={creator.username} postId={post.id} />
      </div>
    </PageContainer>
  );
}

function PostNotFound({ username }: { username: string }) {
  return (
    <PageContainer>
      <Card css={{ margin: '3rem auto', maxWidth: '36rem', textAlign: 'center' }}>
        <p
          aria-hidden="true"
          css={(theme) => ({ fontSize: '3rem', margin: 0, lineHeight: 1, color: theme.color.brand })}
        >
          <SearchIcon />
        </p>
        <h1 css={(theme) => ({ fontSize: theme.font.size.xxl, margin: '0.5rem 0' })}>{POST_NOT_FOUND_TITLE}</h1>
        <p css={(theme) => ({ color: theme.color.textMuted, overflowWrap: 'anywhere' })}>
          This post does not exist or was deleted. The creator’s other posts are on their page.
        </p>
        <div css={{ marginTop: '1.25rem' }}>
          <ButtonLink to={paths.profile(username)}>Go to @{username}</ButtonLink>
        </div>
      </Card>
    </PageContainer>
  );
}
