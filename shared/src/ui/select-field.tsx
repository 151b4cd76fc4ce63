import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { describedBy, FieldMessages } from '@beabro/shared/ui/field-messages';
import { inputStyle } from '@beabro/shared/ui/text-field';

/** Chromium ignores line-height on a select, so it matches the text inputs' height (line, padding, border) directly. */
const SAME_HEIGHT_AS_INPUTS = 'calc(1.5em + 1.25rem + 2px)';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  options?: readonly { value: string; label: string }[];
  /** A first, empty option ("Choose one…"), so nothing is chosen for the user. */
  placeholder?: string;
  /** Further <option>s or <optgroup>s after `options`. */
  children?: ReactNode;
  /** React 19 passes `ref` as a prop: it reaches the <select> with the rest (react-hook-form's `register`). */
  ref?: Ref<HTMLSelectElement>;
}

/** A native select (keyboard and screen readers work as they do everywhere) in the kit's field style. */
export function SelectField({
  label,
  hint,
  error,
  options = [],
  placeholder,
  id,
  children,
  ...rest
}: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '0.375rem', minWidth: 0 }}>
      <label
        htmlFor={fieldId}
        css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm })}
      >
        {label}
      </label>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(Boolean(hint) && `${fieldId}-hint`, Boolean(error) && `${fieldId}-error`)}
        css={(theme) => [inputStyle(theme, Boolean(error)), { cursor: 'pointer', minHeight: SAME_HEIGHT_AS_INPUTS }]}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
      <FieldMessages id={fieldId} hint={hint} error={error} />
    </div>
  );
}
