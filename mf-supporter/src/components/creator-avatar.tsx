import { creatorGradient, creatorInitials } from '../lib/creator-palette';

export interface CreatorAvatarProps {
  displayName: string;
  username: string;
  imageUrl: string | null;
  /** Diameter in pixels. */
  size: number;
  /** A white ring, for avatars laid over a cover image. */
  ringed?: boolean;
}

/**
 * The creator's profile image, or their initials on their own gradient. It always sits next to the
 * creator's name, so it is decorative for screen readers (the name is read once, from the text).
 */
export function CreatorAvatar({ displayName, username, imageUrl, size, ringed = false }: CreatorAvatarProps) {
  const [from, to] = creatorGradient(username);
  const ring = ringed ? Math.max(2, Math.round(size / 20)) : 0;
  return (
    <span
      aria-hidden="true"
      css={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: size,
        height: size,
        overflow: 'hidden',
        borderRadius: theme.radius.pill,
        border: ring ? `${ring}px solid ${theme.color.surface}` : 'none',
        boxShadow: ringed ? theme.shadow.card : 'none',
        background: `linear-gradient(135deg, ${from}, ${to})`,
        color: theme.color.textInverse,
        fontWeight: theme.font.weight.bold,
        fontSize: Math.round(size * 0.38),
        letterSpacing: '0.02em',
        userSelect: 'none',
      })}
    >
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          width={size}
          height={size}
          loading="lazy"
          css={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        creatorInitials(displayName, username)
      )}
    </span>
  );
}
