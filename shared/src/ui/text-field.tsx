import { css, type Theme } from '@emotion/react';
import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { FieldMessages } from '@beabro/shared/ui/field-messages';
import { focusRing } from '@beabro/shared/ui/focus-ring';

export function inputStyle(theme: Theme, invalid: boolean) {
  return css`
    width: 100%;
    box-sizing: border-box;
    padding: 0.625rem 0.75rem;
    font: inherit;
    color: ${theme.color.text};
    background: ${theme.color.surface};
    border: 1px solid ${invalid ? theme.color.danger : theme.color.borderStrong};
    border-radius: ${theme.radius.md};
    &:disabled {
      background: ${theme.color.surfaceMuted};
      color: ${theme.color.textMuted};
    }
    ${focusRing(theme)}
  `;
}

interface FieldChrome {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Shown at the end of the label row, e.g. a character counter "12/200". */
  aside?: ReactNode;
}

function FieldFrame({ id, label, hint, error, aside, children }: FieldChrome & { id: string; children: ReactNode }) {
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '0.375rem' }}>
      <div css={{ display: 'flex', justifyContent: 'space-between', gap: '0.5rem' }}>
        <label htmlFor={id} css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm })}>
          {label}
        </label>
        {aside ? (
          <span id={`${id}-aside`} css={(theme) => ({ fontSize: theme.font.size.xs, color: theme.color.textMuted })}>
            {aside}
          </span>
        ) : null}
      </div>
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

function describedBy(id: string, { hint, error, aside }: FieldChrome) {
  return [hint && `${id}-hint`, error && `${id}-error`, aside && `${id}-aside`].filter(Boolean).join(' ') || undefined;
}

export type TextFieldProps = FieldChrome & InputHTMLAttributes<HTMLInputElement>;

export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, aside, id, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} aside={aside}>
      <input
        ref={ref}
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, { label, hint, error, aside })}
        css={(theme) => inputStyle(theme, Boolean(error))}
        {...rest}
      />
    </FieldFrame>
  );
});

export type TextAreaFieldProps = FieldChrome & TextareaHTMLAttributes<HTMLTextAreaElement>;

export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, aside, id, rows = 4, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldFrame id={fieldId} label={label} hint={hint} error={error} aside={aside}>
      <textarea
        ref={ref}
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, { label, hint, error, aside })}
        css={(theme) => [inputStyle(theme, Boolean(error)), { resize: 'vertical' }]}
        {...rest}
      />
    </FieldFrame>
  );
});
