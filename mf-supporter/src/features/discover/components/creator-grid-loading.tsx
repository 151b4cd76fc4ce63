import { keyframes } from '@emotion/react';
import { creatorGridStyle } from './creator-grid-style';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.55; }
`;

/** Card-shaped placeholders while the first page loads. */
export function CreatorGridLoading({ count = 6 }: { count?: number }) {
  return (
    <div role="status">
      <span className="visually-hidden">Loading creators...</span>
      <div aria-hidden="true" css={creatorGridStyle}>
        {Array.from({ length: count }, (_, i) => (
          <div
            key={i}
            css={(theme) => ({
              height: '19rem',
              borderRadius: theme.radius.lg,
              background: theme.color.border,
              animation: `${pulse} 1.4s ease-in-out infinite`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            })}
          />
        ))}
      </div>
    </div>
  );
}
