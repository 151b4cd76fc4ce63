import type { HTMLAttributes, ReactNode } from 'react';

/** Centred, padded content column used by every area so page edges line up across remotes. */
export function PageContainer(props: HTMLAttributes<HTMLDivElement> & { children: ReactNode }) {
  return (
    <div
      css={(theme) => ({
        maxWidth: theme.layout.maxWidth,
        margin: '0 auto',
        padding: `0 ${theme.space(4)}`,
        [theme.breakpoint.md]: { padding: `0 ${theme.space(6)}` },
      })}
      {...props}
    />
  );
}
