import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { inputStyle } from '@beabro/shared/ui/text-field';

/** Chromium ignores line-height on a select, so it matches the text inputs' height (line, padding, border) directly. */
const SAME_HEIGHT_AS_INPUTS = 'calc(1.5em + 1.25rem + 2px)';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: ReactNode;
  options: readonly { value: string; label: string }[];
}

/** A labelled native select in the kit's field style: keyboard and screen readers work as everywhere. */
export function SelectField({ label, options, id, ...rest }: SelectFieldProps) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '0.375rem', minWidth: 0 }}>
      <label htmlFor={fieldId} css={(theme) => ({ fontWeight: theme.font.weight.medium, fontSize: theme.font.size.sm })}>
        {label}
      </label>
      <select id={fieldId} css={(theme) => [inputStyle(theme, false), { cursor: 'pointer', minHeight: SAME_HEIGHT_AS_INPUTS }]} {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
