import { creatorGradient } from '../../../lib/creator-palette';

/** The card's banner: the creator's cover image, or their own gradient with soft highlights. Decorative. */
export function CreatorCover({ username, imageUrl }: { username: string; imageUrl: string | null }) {
  const [from, to] = creatorGradient(username);
  return (
    <div
      aria-hidden="true"
      css={{
        position: 'relative',
        height: '6.5rem',
        overflow: 'hidden',
        background: [
          'radial-gradient(circle at 18% 30%, rgba(255, 255, 255, 0.3), transparent 34%)',
          'radial-gradient(circle at 88% 8%, rgba(255, 255, 255, 0.22), transparent 30%)',
          'radial-gradient(circle at 65% 130%, rgba(255, 255, 255, 0.2), transparent 45%)',
          `linear-gradient(135deg, ${from} 0%, ${to} 100%)`,
        ].join(', '),
      }}
    >
      {imageUrl ? (
        <img
          src={imageUrl}
          alt=""
          loading="lazy"
          css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : null}
    </div>
  );
}
