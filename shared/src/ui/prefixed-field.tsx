import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { describedBy, FieldMessages } from '@beabro/shared/ui/field-messages';

export interface PrefixedFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  label: ReactNode;
  /** Fixed text in front of the input the creator does not type: "github.com/", "@", "$". */
  prefix: string;
  hint?: ReactNode;
  error?: string | undefined;
  /** Shown at the end of the label row (a counter, a status). */
  aside?: ReactNode;
}

/** A text input with a fixed prefix, in the kit's field style. */
export const PrefixedField = forwardRef<HTMLInputElement, PrefixedFieldProps>(function PrefixedField(
  { label, prefix, hint, error, aside, id, ...rest },
  ref,
) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '0.375rem', minWidth: 0 }}>
      <div css={{ display: 'flex', justifyContent: 'space-between', gap: '0.5rem', flexWrap: 'wrap' }}>
        <label
          htmlFor={fieldId}
          css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm })}
        >
          {label}
        </label>
        {aside ? (
          <span
            id={`${fieldId}-aside`}
            css={(theme) => ({ fontSize: theme.font.size.xs, color: theme.color.textMuted })}
          >
            {aside}
          </span>
        ) : null}
      </div>
      <div
        css={(theme) => ({
          display: 'flex',
          alignItems: 'stretch',
          minWidth: 0,
          background: rest.disabled ? theme.color.surfaceMuted : theme.color.surface,
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
            flexShrink: 1,
            minWidth: 0,
            maxWidth: '55%',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
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
          ref={ref}
          id={fieldId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(
            `${fieldId}-prefix`,
            Boolean(hint) && `${fieldId}-hint`,
            Boolean(error) && `${fieldId}-error`,
            Boolean(aside) && `${fieldId}-aside`,
          )}
          css={(theme) => ({
            flex: 1,
            minWidth: '4rem',
            width: '100%',
            padding: '0.625rem 0.75rem',
            font: 'inherit',
            color: rest.disabled ? theme.color.textMuted : theme.color.text,
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
});
