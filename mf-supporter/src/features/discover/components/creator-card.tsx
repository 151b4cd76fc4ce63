import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { DiscoverItemDto } from '@beabro/shared/api-schemas/discover';
import { Badge } from '@beabro/shared/ui/badge';
import { ProgressBar } from '@beabro/shared/ui/progress-bar';
import { CreatorAvatar } from '@beabro/shared/ui/creator-avatar';
import { paths } from '@beabro/shared/contract/paths';
import { CreatorCover } from '@beabro/shared/ui/creator-cover';
import { Icon } from '@beabro/shared/ui/icon';

function supportersText(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'supporter' : 'supporters'}`;
}

/**
 * One creator in the grid. The name is the link to the profile; it stretches over the whole card so
 * the card is one large target, while screen readers still meet a single, well-named link.
 */
export function CreatorCard({ creator }: { creator: DiscoverItemDto }) {
  const nameId = useId();
  return (
    <article
      aria-labelledby={nameId}
      css={(theme) => ({
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        overflow: 'hidden',
        background: theme.color.surface,
        border: `1px solid ${theme.color.border}`,
        borderRadius: theme.radius.lg,
        boxShadow: theme.shadow.card,
        transition: 'box-shadow 150ms ease, transform 150ms ease',
        '&:hover': { boxShadow: theme.shadow.raised, transform: 'translateY(-2px)' },
        '&:focus-within': { outline: `3px solid ${theme.color.focus}`, outlineOffset: '2px' },
        '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
      })}
    >
      <CreatorCover username={creator.username} imageUrl={creator.coverImageUrl} variant="card" />
      <div
        css={(theme) => ({
          display: 'flex',
          flexDirection: 'column',
          gap: theme.space(3),
          flex: 1,
          padding: `0 ${theme.space(5)} ${theme.space(5)}`,
        })}
      >
        {/* Positioned, so it paints over the cover (itself positioned) that it overlaps. */}
        <div css={{ position: 'relative', marginTop: '-2rem' }}>
          <CreatorAvatar
            displayName={creator.displayName}
            username={creator.username}
            imageUrl={creator.profileImageUrl}
            size={64}
            lazy
            ringed
          />
        </div>
        <div css={{ minWidth: 0 }}>
          <h3 id={nameId} css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg, overflowWrap: 'anywhere' })}>
            <Link
              to={paths.profile(creator.username)}
              css={(theme) => ({
                color: theme.color.text,
                textDecoration: 'none',
                outline: 'none',
                '&::after': { content: '""', position: 'absolute', inset: 0 },
                '&:hover': { color: theme.color.brandHover },
              })}
            >
              {creator.displayName}
            </Link>
          </h3>
          <p
            css={(theme) => ({
              margin: `${theme.space(1)} 0 0`,
              display: 'flex',
              alignItems: 'center',
              gap: theme.space(2),
              flexWrap: 'wrap',
              fontSize: theme.font.size.sm,
              color: theme.color.textMuted,
            })}
          >
            <span css={{ overflowWrap: 'anywhere' }}>@{creator.username}</span>
            <Badge>{creator.creatorTypeLabel}</Badge>
          </p>
        </div>
        {creator.bioExcerpt ? (
          <p
            css={(theme) => ({
              margin: 0,
              color: theme.color.textMuted,
              fontSize: theme.font.size.sm,
              overflowWrap: 'anywhere',
            })}
          >
            {creator.bioExcerpt}
          </p>
        ) : null}
        {creator.supporterCount !== null || creator.goalPercent !== null ? (
          <div
            css={(theme) => ({
              marginTop: 'auto',
              paddingTop: theme.space(2),
              display: 'flex',
              flexDirection: 'column',
              gap: theme.space(2),
            })}
          >
            {creator.supporterCount !== null ? (
              <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, fontWeight: theme.font.weight.medium })}>
                <Icon
                  name="users"
                  size="1rem"
                  css={(theme) => ({ color: theme.color.brand, marginRight: theme.space(2) })}
                />
                {supportersText(creator.supporterCount)}
              </p>
            ) : null}
            {creator.goalPercent !== null ? (
              <div>
                <div
                  css={(theme) => ({
                    display: 'flex',
                    justifyContent: 'space-between',
                    fontSize: theme.font.size.xs,
                    color: theme.color.textMuted,
                    marginBottom: theme.space(1),
                  })}
                >
                  <span>Goal progress</span>
                  <span>{creator.goalPercent}%</span>
                </div>
                <ProgressBar
                  value={creator.goalPercent}
                  label={`${creator.displayName}: goal ${creator.goalPercent}% complete`}
                />
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
    </article>
  );
}
