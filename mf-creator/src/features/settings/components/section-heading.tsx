import type { ReactNode } from 'react';

/** The h2 of a settings tab and its one-line explanation. */
export function TabHeading({ id, title, children }: { id: string; title: string; children?: ReactNode }) {
  return (
    <div css={(theme) => ({ marginBottom: theme.space(5) })}>
      <h2 id={id} css={(theme) => ({ margin: 0, fontSize: theme.font.size.xl })}>
        {title}
      </h2>
      {children ? (
        <p css={(theme) => ({ margin: `${theme.space(1)} 0 0`, color: theme.color.textMuted })}>{children}</p>
      ) : null}
    </div>
  );
}

/** A group of fields inside a tab, with an h3. */
export function FieldGroup({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset
      css={(theme) => ({
        border: 0,
        borderTop: `1px solid ${theme.color.border}`,
        margin: 0,
        padding: `${theme.space(5)} 0 0`,
        minWidth: 0,
      })}
    >
      <legend css={{ padding: 0, float: 'left', width: '100%' }}>
        <h3 css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg })}>{title}</h3>
      </legend>
      {description ? (
        <p
          css={(theme) => ({
            clear: 'both',
            margin: `${theme.space(1)} 0 0`,
            paddingTop: theme.space(1),
            color: theme.color.textMuted,
            fontSize: theme.font.size.sm,
          })}
        >
          {description}
        </p>
      ) : null}
      <div css={(theme) => ({ clear: 'both', display: 'grid', gap: theme.space(4), paddingTop: theme.space(4) })}>
        {children}
      </div>
    </fieldset>
  );
}
