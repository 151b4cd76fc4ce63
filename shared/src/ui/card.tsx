import type { Theme } from '@emotion/react';
import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  as?: 'section' | 'article' | 'div' | 'aside' | 'li';
  padding?: number;
  children: ReactNode;
}

export function cardStyle(theme: Theme, padding = 6) {
  return {
    background: theme.color.surface,
    border: `1px solid ${theme.color.border}`,
    borderRadius: theme.radius.lg,
    boxShadow: theme.shadow.card,
    padding: theme.space(padding),
  } as const;
}

export function Card({ as: Tag = 'section', padding = 6, ...rest }: CardProps) {
  return <Tag css={(theme) => cardStyle(theme, padding)} {...rest} />;
}
