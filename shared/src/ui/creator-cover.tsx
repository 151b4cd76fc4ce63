import type { Theme } from '@emotion/react';
import { creatorPalette } from '@beabro/shared/ui/creator-avatar';

export interface CreatorCoverProps {
  username: string;
  imageUrl: string | null;
  /** `banner` on the creator's own page, `card` on a card in a list (lower, image loaded lazily). */
  variant: 'banner' | 'card';
  className?: string;
}

/** The cover: the uploaded image, or the creator's own gradient with soft highlights. Decorative. */
export function CreatorCover({ username, imageUrl, variant, className }: CreatorCoverProps) {
  const [from, via, to] = creatorPalette(username);
  return (
    <div
      aria-hidden="true"
      className={className}
      css={(theme: Theme) => ({
        position: 'relative',
        height: variant === 'banner' ? '9rem' : '6.5rem',
        overflow: 'hidden',
        background: [
          'radial-gradient(circle at 15% 25%, rgba(255, 255, 255, 0.28), transparent 32%)',
          'radial-gradient(circle at 85% 10%, rgba(255, 255, 255, 0.2), transparent 28%)',
          'radial-gradient(circle at 60% 120%, rgba(255, 255, 255, 0.18), transparent 40%)',
          `linear-gradient(135deg, ${from} 0%, ${via} 55%, ${to} 100%)`,
        ].join(', '),
        ...(variant === 'banner' ? { [theme.breakpoint.md]: { height: '13rem' } } : {}),
      })}
    >
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          loading={variant === 'card' ? 'lazy' : undefined}
          css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : null}
    </div>
  );
}
