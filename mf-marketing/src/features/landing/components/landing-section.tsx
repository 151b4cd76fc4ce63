import type { ReactNode } from 'react';
import { PageContainer } from '@beabro/shared/ui/page-container';

export interface LandingSectionProps {
  /** id of the section's heading, so each section is a named region screen-reader users can jump to. */
  labelledBy: string;
  /** Alternating backgrounds separate the full-bleed bands without extra borders. */
  tone?: 'plain' | 'muted';
  children: ReactNode;
}

export function LandingSection({ labelledBy, tone = 'muted', children }: LandingSectionProps) {
  return (
    <section
      aria-labelledby={labelledBy}
      css={(theme) => ({
        background: tone === 'plain' ? theme.color.surface : theme.color.surfaceMuted,
        padding: `${theme.space(14)} 0`,
        [theme.breakpoint.md]: { padding: `${theme.space(20)} 0` },
      })}
    >
      <PageContainer>{children}</PageContainer>
    </section>
  );
}
