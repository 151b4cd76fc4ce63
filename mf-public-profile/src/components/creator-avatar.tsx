import type { Theme } from '@emotion/react';
import { creatorPalette, initialsOf } from '../lib/creator-palette';

export interface CreatorAvatarProps {
  displayName: string;
  username: string;
  imageUrl: string | null;
  /** Diameter in pixels. */
  size: number;
  className?: string;
}

/**
 * The creator's profile image, or their initials on their own gradient. Always next to the creator's
 * name on the page, so it is decorative for screen readers (the name is read once, from the text).
 */
export function CreatorAvatar({ displayName, username, imageUrl, size, className }: CreatorAvatarProps) {
  const [from, via] = creatorPalette(username);
  const frame = (theme: Theme) => ({
    width: size,
    height: size,
    flex: 'none',
    borderRadius: theme.radius.pill,
    border: `${Math.max(2, Math.round(size / 24))}px solid ${theme.color.surface}`,
    boxShadow: theme.shadow.card,
    overflow: 'hidden',
  });
  if (imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        width={size}
        height={size}
        className={className}
        css={(theme) => [frame(theme), { objectFit: 'cover', background: theme.color.border }]}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={className}
      css={(theme) => [
        frame(theme),
        {
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: `linear-gradient(135deg, ${from}, ${via})`,
          color: theme.color.textInverse,
          fontWeight: theme.font.weight.bold,
          fontSize: size * 0.38,
          letterSpacing: '0.02em',
          userSelect: 'none',
        },
      ]}
    >
      {initialsOf(displayName, username)}
    </span>
  );
}
