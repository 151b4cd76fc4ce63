import type { Theme } from '@emotion/react';
/*
 * Generated looks for creators who have not uploaded images: each username always gets the same
 * colours, on /discover, the supporter dashboard and the creator's own page alike, so a profile looks
 * designed rather than empty. Every colour keeps white initials readable (contrast of at least 3:1 for
 * the large bold text they are drawn in).
 */

const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#4f46e5', '#7c3aed', '#db2777'],
  ['#0f766e', '#1d4ed8', '#4f46e5'],
  ['#7c3aed', '#be185d', '#c2410c'],
  ['#1d4ed8', '#4f46e5', '#7c3aed'],
  ['#be185d', '#7c3aed', '#4338ca'],
  ['#b45309', '#be185d', '#7c3aed'],
];

/** A small stable hash (FNV-1a) of the username. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The creator's three colours: the avatar uses the first two, the cover all three. */
export function creatorPalette(username: string): readonly [string, string, string] {
  return PALETTES[hash(username) % PALETTES.length] ?? PALETTES[0]!;
}

/** Up to two letters: the first letters of the first two words of the name, else of the username. */
export function initialsOf(displayName: string, username = ''): string {
  const words = displayName.trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? '');
  const initials = letters.join('').toUpperCase();
  return initials || (Array.from(username)[0] ?? '?').toUpperCase();
}

export interface CreatorAvatarProps {
  displayName: string;
  username: string;
  imageUrl: string | null;
  /** Diameter in pixels. */
  size: number;
  /** A white ring and a shadow, for avatars laid over a cover. */
  ringed?: boolean;
  /** Below the fold (lists): let the browser load the image when it is about to show. */
  lazy?: boolean;
  className?: string;
}

/**
 * The creator's profile image, or their initials on their own gradient. It always sits next to the
 * creator's name, so it is decorative for screen readers (the name is read once, from the text).
 */
export function CreatorAvatar({
  displayName,
  username,
  imageUrl,
  size,
  ringed = false,
  lazy = false,
  className,
}: CreatorAvatarProps) {
  const [from, via] = creatorPalette(username);
  const ring = ringed ? Math.max(2, Math.round(size / 24)) : 0;
  return (
    <span
      aria-hidden="true"
      className={className}
      css={(theme: Theme) => ({
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
        background: imageUrl ? theme.color.border : `linear-gradient(135deg, ${from}, ${via})`,
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
          loading={lazy ? 'lazy' : undefined}
          css={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        initialsOf(displayName, username)
      )}
    </span>
  );
}
