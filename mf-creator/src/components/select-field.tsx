import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { inputStyle } from '@beabro/shared/ui/text-field';
import { describedBy, FieldMessages } from './field-messages';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}

/** A native select (keyboard and screen readers work as everywhere) in the kit's field style; options are children. */
export function SelectField({ label, hint, error, id, children, ...rest }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '0.375rem', minWidth: 0 }}>
      <label htmlFor={fieldId} css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm })}>
        {label}
      </label>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(Boolean(hint) && `${fieldId}-hint`, Boolean(error) && `${fieldId}-error`)}
        css={(theme) => inputStyle(theme, Boolean(error))}
        {...rest}
      >
        {children}
      </select>
      <FieldMessages id={fieldId} hint={hint} error={error} />
    </div>
  );
}
