import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldMessages } from '@beabro/shared/ui/field-messages';

export interface PrefixedFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: ReactNode;
  /** Fixed text in front of the input, e.g. "github.com/", "@" or "$". */
  prefix: string;
  hint?: ReactNode;
  error?: string | undefined;
}

/** A text input with a fixed prefix the user does not type (a URL start, "@", a currency sign). */
export function PrefixedField({ label, prefix, hint, error, id, ...rest }: PrefixedFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '0.375rem', minWidth: 0 }}>
      <label htmlFor={fieldId} css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm })}>
        {label}
      </label>
      <div
        css={(theme) => ({
          display: 'flex',
          alignItems: 'stretch',
          minWidth: 0,
          background: theme.color.surface,
          border: `1px solid ${error ? theme.color.danger : theme.color.borderStrong}`,
          borderRadius: theme.radius.md,
          overflow: 'hidden',
          '&:focus-within': { outline: `3px solid ${theme.color.focus}`, outlineOffset: '2px' },
        })}
      >
        <span
          id={`${fieldId}-prefix`}
          css={(theme) => ({
            display: 'flex',
            alignItems: 'center',
            flexShrink: 0,
            padding: '0 0.625rem',
            background: theme.color.surfaceMuted,
            borderRight: `1px solid ${theme.color.border}`,
            color: theme.color.textMuted,
            fontSize: theme.font.size.sm,
            whiteSpace: 'nowrap',
          })}
        >
          {prefix}
        </span>
        <input
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(`${fieldId}-prefix`, Boolean(hint) && `${fieldId}-hint`, Boolean(error) && `${fieldId}-error`)}
          css={(theme) => ({
            flex: 1,
            minWidth: 0,
            width: '100%',
            padding: '0.625rem 0.75rem',
            font: 'inherit',
            color: theme.color.text,
            background: 'transparent',
            border: 0,
            outline: 'none',
          })}
          {...rest}
        />
      </div>
      <FieldMessages id={fieldId} hint={hint} error={error} />
    </div>
  );
}
