import type { Theme } from '@emotion/react';
import type { ReactNode } from 'react';

export type BadgeTone = 'brand' | 'success' | 'warning' | 'danger' | 'neutral';

function tones(theme: Theme): Record<BadgeTone, { bg: string; fg: string }> {
  return {
    brand: { bg: theme.color.brandSoft, fg: theme.color.brandHover },
    success: { bg: theme.color.successSoft, fg: theme.color.success },
    warning: { bg: theme.color.warningSoft, fg: theme.color.warning },
    danger: { bg: theme.color.dangerSoft, fg: theme.color.danger },
    neutral: { bg: theme.color.surfaceMuted, fg: theme.color.textMuted },
  };
}

export function Badge({ tone = 'brand', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      css={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '0.25rem',
        padding: '0.125rem 0.625rem',
        borderRadius: theme.radius.pill,
        fontSize: theme.font.size.xs,
        fontWeight: theme.font.weight.medium,
        background: tones(theme)[tone].bg,
        color: tones(theme)[tone].fg,
      })}
    >
      {children}
    </span>
  );
}
