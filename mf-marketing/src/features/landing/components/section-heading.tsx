import type { ReactNode } from 'react';

export interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
}

/** The centred eyebrow + h2 + intro that opens every section below the hero (the hero owns the page's only h1). */
export function SectionHeading({ id, eyebrow, title, intro }: SectionHeadingProps) {
  return (
    <div css={(theme) => ({ maxWidth: '42rem', margin: `0 auto ${theme.space(10)}`, textAlign: 'center' })}>
      {eyebrow ? (
        <p
          css={(theme) => ({
            margin: `0 0 ${theme.space(2)}`,
            fontSize: theme.font.size.sm,
            fontWeight: theme.font.weight.bold,
            letterSpacing: '0.08em',
            textTransform: 'uppercase',
            color: theme.color.brandHover,
          })}
        >
          {eyebrow}
        </p>
      ) : null}
      <h2
        id={id}
        css={(theme) => ({
          margin: 0,
          fontSize: theme.font.size.xxl,
          fontWeight: theme.font.weight.bold,
          color: theme.color.text,
          [theme.breakpoint.md]: { fontSize: '2.25rem' },
        })}
      >
        {title}
      </h2>
      {intro ? (
        <p
          css={(theme) => ({
            margin: `${theme.space(4)} 0 0`,
            fontSize: theme.font.size.lg,
            color: theme.color.textMuted,
          })}
        >
          {intro}
        </p>
      ) : null}
    </div>
  );
}
