import type { Theme } from '@emotion/react';

/** The results grid: one column on phones, two on tablets, three on desktops. */
export const creatorGridStyle = (theme: Theme) => ({
  display: 'grid',
  gap: theme.space(5),
  gridTemplateColumns: 'minmax(0, 1fr)',
  [theme.breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  [theme.breakpoint.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
});
