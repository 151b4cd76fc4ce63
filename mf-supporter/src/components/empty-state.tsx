import type { ReactNode } from 'react';
import { Card } from '@beabro/shared/ui/card';
import { Icon, type IconName } from '@beabro/shared/ui/icon';

export interface EmptyStateProps {
  icon: IconName;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** Heading level of the title, to keep the page's heading order. */
  level?: 1 | 2 | 3;
}

/** A friendly "nothing here yet" panel that says what to do next. */
export function EmptyState({ icon, title, children, action, level = 3 }: EmptyStateProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[level - 1] ?? 'h3';
  return (
    <Card as="div" css={(theme) => ({ textAlign: 'center', padding: `${theme.space(10)} ${theme.space(6)}` })}>
      <span
        css={(theme) => ({
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          width: '3.5rem',
          height: '3.5rem',
          borderRadius: theme.radius.pill,
          background: theme.color.brandSoft,
          color: theme.color.brand,
        })}
      >
        <Icon name={icon} size="1.75rem" />
      </span>
      <Heading css={(theme) => ({ margin: `${theme.space(3)} 0 0`, fontSize: theme.font.size.lg })}>{title}</Heading>
      {children ? (
        <div css={(theme) => ({ margin: `${theme.space(2)} auto 0`, maxWidth: '32rem', color: theme.color.textMuted })}>
          {children}
        </div>
      ) : null}
      {action ? (
        <div
          css={(theme) => ({
            marginTop: theme.space(5),
            display: 'flex',
            justifyContent: 'center',
            gap: theme.space(3),
            flexWrap: 'wrap',
          })}
        >
          {action}
        </div>
      ) : null}
    </Card>
  );
}
