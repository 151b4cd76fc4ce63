import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { inputStyle } from '@beabro/shared/ui/text-field';
import { describedBy, FieldMessages } from './field-message';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  options: readonly { value: string; label: string }[];
  /** First, empty option ("Choose one…"), so nothing is chosen for the user. */
  placeholder: string;
}

/** A native select (keyboard and screen readers work as they do everywhere) in the kit's field style. */
export function SelectField({ label, hint, error, options, placeholder, id, ...rest }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '0.375rem' }}>
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
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={fieldId} hint={hint} error={error} />
    </div>
  );
}
