import { keyframes } from '@emotion/react';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.55; }
`;

/** Placeholders in the shape of the stats and the tab, so the page does not jump when the data lands. */
export function DashboardLoading() {
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">Loading your supports...</span>
      <div
        aria-hidden="true"
        css={(theme) => ({
          display: 'grid',
          gap: theme.space(4),
          gridTemplateColumns: 'minmax(0, 1fr)',
          [theme.breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          [theme.breakpoint.lg]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' },
        })}
      >
        {[0, 1, 2, 3].map((i) => (
          <div
            key={i}
            css={(theme) => ({
              height: '7.5rem',
              borderRadius: theme.radius.lg,
              background: theme.color.border,
              animation: `${pulse} 1.4s ease-in-out infinite`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
            })}
          />
        ))}
      </div>
      <div
        aria-hidden="true"
        css={(theme) => ({
          marginTop: theme.space(8),
          height: '16rem',
          borderRadius: theme.radius.lg,
          background: theme.color.border,
          animation: `${pulse} 1.4s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        })}
      />
    </div>
  );
}
