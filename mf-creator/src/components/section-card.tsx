import { useId, type ReactNode } from 'react';
import { Card } from '@beabro/shared/ui/card';

export interface SectionCardProps {
  title: string;
  /** h2 on the page, h3 inside a settings tab (which has its own h2). */
  level?: 2 | 3;
  description?: ReactNode;
  /** Links or buttons at the end of the title row ("View All"). */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A card that is a named region: its heading labels it, so screen-reader users can jump between cards. */
export function SectionCard({ title, level = 2, description, actions, children, className }: SectionCardProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <Card aria-labelledby={id} className={className} css={{ minWidth: 0 }}>
      <div
        css={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'baseline',
          gap: '0.75rem',
          flexWrap: 'wrap',
          marginBottom: '1rem',
        }}
      >
        <Heading id={id} css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg })}>
          {title}
        </Heading>
        {actions ? <div css={{ display: 'flex', gap: '0.75rem', flexWrap: 'wrap' }}>{actions}</div> : null}
      </div>
      {description ? (
        <p
          css={(theme) => ({
            margin: `-${theme.space(2)} 0 ${theme.space(4)}`,
            color: theme.color.textMuted,
            fontSize: theme.font.size.sm,
          })}
        >
          {description}
        </p>
      ) : null}
      {children}
    </Card>
  );
}
