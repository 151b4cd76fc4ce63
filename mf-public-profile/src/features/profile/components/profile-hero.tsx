import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { Badge } from '@beabro/shared/ui/badge';
import { ButtonLink } from '@beabro/shared/ui/button';
import { Card } from '@beabro/shared/ui/card';
import { CreatorAvatar } from '@beabro/shared/ui/creator-avatar';
import { CreatorCover } from '@beabro/shared/ui/creator-cover';
import { paths } from '@beabro/shared/contract/paths';
import { formatNumber } from '../../../lib/format-count';
import { FollowControl } from './follow-control';
import { ShareButton } from './share-button';

export interface ProfileHeroProps {
  profile: PublicCreatorProfileDto;
  /** The tier chosen in Support Options, carried to the support page. */
  selectedTier: number | null;
}

/** Cover, picture, name, @username, counts and the page's main actions. */
export function ProfileHero({ profile, selectedTier }: ProfileHeroProps) {
  return (
    <Card padding={0} css={{ overflow: 'hidden' }}>
      <CreatorCover username={profile.username} imageUrl={profile.coverImageUrl} variant="banner" />
      <div
        css={(theme) => ({
          padding: `0 ${theme.space(5)} ${theme.space(6)}`,
          [theme.breakpoint.md]: { padding: `0 ${theme.space(8)} ${theme.space(7)}` },
        })}
      >
        <div
          css={(theme) => ({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-end',
            justifyContent: 'space-between',
            gap: theme.space(4),
          })}
        >
          <div
            css={(theme) => ({
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'flex-end',
              gap: theme.space(4),
              minWidth: 0,
            })}
          >
            <div css={{ marginTop: '-3.75rem', position: 'relative', lineHeight: 0 }}>
              <CreatorAvatar
                displayName={profile.displayName}
                username={profile.username}
                imageUrl={profile.profileImageUrl}
                size={120}
                ringed
              />
            </div>
            <div css={{ minWidth: 0, paddingBottom: '0.25rem' }}>
              <h1 css={(theme) => ({ margin: 0, fontSize: theme.font.size.xxl, overflowWrap: 'anywhere' })}>
                {profile.displayName}
              </h1>
              <p
                css={(theme) => ({
                  margin: '0.25rem 0 0',
                  color: theme.color.textMuted,
                  display: 'flex',
                  gap: '0.5rem',
                  alignItems: 'center',
                  flexWrap: 'wrap',
                })}
              >
                <span>@{profile.username}</span>
                <Badge tone="brand">{profile.creatorTypeLabel}</Badge>
              </p>
            </div>
          </div>
        </div>

        <ul
          aria-label="Community"
          css={(theme) => ({
            listStyle: 'none',
            margin: `${theme.space(4)} 0 0`,
            padding: 0,
            display: 'flex',
            flexWrap: 'wrap',
            gap: `${theme.space(1)} ${theme.space(5)}`,
            color: theme.color.textMuted,
            '& strong': { color: theme.color.text },
          })}
        >
          <li>
            <strong>{formatNumber(profile.followers)}</strong> {profile.followers === 1 ? 'follower' : 'followers'}
          </li>
          {profile.supporterCount !== null ? (
            <li>
              <strong>{formatNumber(profile.supporterCount)}</strong>{' '}
              {profile.supporterCount === 1 ? 'supporter' : 'supporters'}
            </li>
          ) : null}
        </ul>

        <div
          css={(theme) => ({
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: theme.space(3),
            marginTop: theme.space(5),
            // Share's panel is placed against this row.
            position: 'relative',
          })}
        >
          <ButtonLink to={paths.support(profile.username, selectedTier)} size="lg">
            Support {profile.displayName}
          </ButtonLink>
          <FollowControl profile={profile} />
          <ShareButton username={profile.username} displayName={profile.displayName} />
        </div>
      </div>
    </Card>
  );
}
