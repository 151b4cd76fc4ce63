import type { ReactNode } from 'react';

/** The hint and error lines under a field, with the ids its control points at through aria-describedby. */
export function FieldMessages({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint ? (
        <p
          id={`${id}-hint`}
          css={(theme) => ({ margin: 0, fontSize: theme.font.size.xs, color: theme.color.textMuted })}
        >
          {hint}
        </p>
      ) : null}
      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.danger })}
        >
          {error}
        </p>
      ) : null}
    </>
  );
}

/** aria-describedby from the ids that apply, or nothing. */
export function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
