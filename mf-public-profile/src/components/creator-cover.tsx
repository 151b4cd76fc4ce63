import { creatorPalette } from '../lib/creator-palette';

export interface CreatorCoverProps {
  username: string;
  imageUrl: string | null;
  className?: string;
}

/** The cover banner: the uploaded cover, or the creator's own gradient with soft highlights. Decorative. */
export function CreatorCover({ username, imageUrl, className }: CreatorCoverProps) {
  const [from, via, to] = creatorPalette(username);
  return (
    <div
      aria-hidden="true"
      className={className}
      css={(theme) => ({
        position: 'relative',
        height: '9rem',
        overflow: 'hidden',
        background: [
          'radial-gradient(circle at 15% 25%, rgba(255, 255, 255, 0.28), transparent 32%)',
          'radial-gradient(circle at 85% 10%, rgba(255, 255, 255, 0.2), transparent 28%)',
          'radial-gradient(circle at 60% 120%, rgba(255, 255, 255, 0.18), transparent 40%)',
          `linear-gradient(135deg, ${from} 0%, ${via} 55%, ${to} 100%)`,
        ].join(', '),
        [theme.breakpoint.md]: { height: '13rem' },
      })}
    >
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : null}
    </div>
  );
}
