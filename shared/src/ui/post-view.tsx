import type { Theme } from '@emotion/react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PublicPostDto } from '@beabro/shared/api-schemas/posts';
import { paths } from '@beabro/shared/contract/paths';
import { formatPostDate, postAudienceText } from '@beabro/shared/data/post-audience';
import { Badge } from '@beabro/shared/ui/badge';
import { ButtonLink } from '@beabro/shared/ui/button';
import { cardStyle } from '@beabro/shared/ui/card';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { LockIcon } from '@beabro/shared/ui/icons/lock';

export const SUPPORT_TO_READ_LABEL = 'Support to read';

export interface PostViewProps {
  post: PublicPostDto;
  /** Whose post it is: the title links to `/{username}/posts/{slug}`, the teaser's button to their support page. */
  creator: { username: string; displayName: string };
  /** `list`: an h3 linking to the post's page (profile, feed); `page`: the page's h1. */
  variant: 'list' | 'page';
  /** A line above the title, e.g. the creator's name in the supporter feed. */
  eyebrow?: ReactNode;
}

/**
 * One post: in full when the API says the reader may read it (its sanitized HTML, rendered on the server from
 * the creator's Markdown), otherwise the locked teaser. The teaser is given no body to show: it renders the
 * title, date and audience only, whatever else the post object holds.
 */
export function PostView(props: PostViewProps) {
  return props.post.readable && props.post.bodyHtml !== null ? (
    <ReadablePost {...props} bodyHtml={props.post.bodyHtml} />
  ) : (
    <LockedPostTeaser {...props} />
  );
}

function PostHeading({
  post,
  creator,
  variant,
  id,
}: Pick<PostViewProps, 'post' | 'creator' | 'variant'> & { id: string }) {
  const style = (theme: Theme) => ({
    margin: 0,
    fontSize: variant === 'page' ? theme.font.size.xl : theme.font.size.lg,
    lineHeight: 1.25,
    overflowWrap: 'anywhere' as const,
    ...(variant === 'page' ? { [theme.breakpoint.md]: { fontSize: theme.font.size.xxl } } : {}),
  });
  if (variant === 'page')
    return (
      <h1 id={id} css={style}>
        {post.title}
      </h1>
    );
  return (
    <h3 id={id} css={style}>
      <Link
        to={paths.post(creator.username, post.slug)}
        css={(theme) => [
          { color: theme.color.text, textDecoration: 'none', '&:hover': { textDecoration: 'underline' } },
          focusRing(theme),
        ]}
      >
        {post.title}
      </Link>
    </h3>
  );
}

function PostMeta({ post, locked }: { post: PublicPostDto; locked: boolean }) {
  return (
    <p
      css={(theme) => ({
        margin: 0,
        display: 'flex',
        flexWrap: 'wrap',
        gap: theme.space(2),
        alignItems: 'center',
        color: theme.color.textMuted,
        fontSize: theme.font.size.sm,
      })}
    >
      <time dateTime={post.publishedAt}>{formatPostDate(post.publishedAt)}</time>
      {post.editedAt ? <span>(edited)</span> : null}
      {post.pinned ? <Badge tone="neutral">Pinned</Badge> : null}
      <Badge tone={locked ? 'warning' : 'brand'}>
        {locked ? <LockIcon /> : null}
        {postAudienceText(post)}
      </Badge>
    </p>
  );
}

function frame(theme: Theme, variant: PostViewProps['variant']) {
  return variant === 'page'
    ? { display: 'grid', gap: theme.space(4), minWidth: 0 }
    : { ...cardStyle(theme, 5), display: 'grid', gap: theme.space(3), minWidth: 0, boxShadow: 'none' };
}

function ReadablePost({ post, creator, variant, eyebrow, bodyHtml }: PostViewProps & { bodyHtml: string }) {
  const headingId = useId();
  return (
    <article aria-labelledby={headingId} css={(theme) => frame(theme, variant)}>
      <header css={(theme) => ({ display: 'grid', gap: theme.space(1) })}>
        {eyebrow}
        <PostHeading post={post} creator={creator} variant={variant} id={headingId} />
        <PostMeta post={post} locked={false} />
      </header>
      {/* Sanitized by the API (a safe subset of Markdown rendered to HTML on the server). */}
      <div css={postBodyStyle} dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </article>
  );
}

/** Title, date and who can read it, and a way to support: never the body. */
export function LockedPostTeaser({ post, creator, variant, eyebrow }: PostViewProps) {
  const headingId = useId();
  const opensOn = post.publicAt ? formatPostDate(post.publicAt) : null;
  return (
    <article aria-labelledby={headingId} css={(theme) => frame(theme, variant)}>
      <header css={(theme) => ({ display: 'grid', gap: theme.space(1) })}>
        {eyebrow}
        <PostHeading post={post} creator={creator} variant={variant} id={headingId} />
        <PostMeta post={post} locked />
      </header>
      <div
        css={(theme) => ({
          display: 'grid',
          gap: theme.space(3),
          justifyItems: 'start',
          padding: theme.space(4),
          borderRadius: theme.radius.md,
          background: theme.color.surfaceMuted,
          border: `1px dashed ${theme.color.borderStrong}`,
        })}
      >
        <p css={{ margin: 0 }}>
          <strong>{postAudienceText(post)}</strong> can read this post.
          {opensOn ? ` Everyone can read it from ${opensOn}.` : null}
        </p>
        <ButtonLink to={paths.support(creator.username)} size="sm">
          {SUPPORT_TO_READ_LABEL}
          <span className="visually-hidden"> {`${creator.displayName}’s post “${post.title}”`}</span>
        </ButtonLink>
      </div>
    </article>
  );
}

/** Typography for the post's HTML: only the elements the API's Markdown subset produces. */
export function postBodyStyle(theme: Theme) {
  return {
    minWidth: 0,
    overflowWrap: 'anywhere' as const,
    lineHeight: 1.65,
    '& p, & ul, & ol, & blockquote, & pre': { margin: `0 0 ${theme.space(3)}` },
    '& h1, & h2, & h3, & h4, & h5, & h6': {
      margin: `0 0 ${theme.space(2)}`,
      lineHeight: 1.3,
    },
    // Space above a heading only after something (a :first-child rule would not survive server rendering).
    '& * + h1, & * + h2, & * + h3, & * + h4, & * + h5, & * + h6': { marginTop: theme.space(5) },
    '& > :last-child': { marginBottom: 0 },
    // Below the post's own title in size: the API renders Markdown headings as h2 to h4.
    '& h1, & h2': { fontSize: '1.0625rem' },
    '& h3, & h4, & h5, & h6': { fontSize: theme.font.size.md },
    '& ul, & ol': { paddingLeft: theme.space(6) },
    '& a': { color: theme.color.brand, textDecoration: 'underline' },
    '& blockquote': {
      paddingLeft: theme.space(4),
      borderLeft: `3px solid ${theme.color.border}`,
      color: theme.color.textMuted,
    },
    '& code': {
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      fontSize: '0.9em',
      background: theme.color.surfaceMuted,
      borderRadius: theme.radius.sm,
      padding: '0.1em 0.3em',
    },
    '& pre': {
      overflowX: 'auto' as const,
      padding: theme.space(3),
      background: theme.color.surfaceMuted,
      borderRadius: theme.radius.md,
    },
    '& pre code': { padding: 0, background: 'none' },
    // The API writes each image's width and height (its ratio reserves the space: no shift while it loads);
    // these keep it within the post, scaled down with that ratio.
    '& img': { display: 'block', maxWidth: '100%', height: 'auto', borderRadius: theme.radius.md },
    '& hr': { border: 0, borderTop: `1px solid ${theme.color.border}`, margin: `${theme.space(4)} 0` },
  };
}
