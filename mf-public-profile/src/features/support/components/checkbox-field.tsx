import { useId, type ReactNode } from 'react';
import { focusRing } from '@beabro/shared/ui/focus-ring';

export interface CheckboxFieldProps {
  label: ReactNode;
  /** A note under the label, read with the checkbox. */
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The input's id (to focus it from an error summary); a generated one otherwise. */
  id?: string;
  /** A message next to the checkbox when the choice cannot stand. */
  error?: string;
}

/** A labelled checkbox with an optional note; the whole row is the click target. */
export function CheckboxField({
  label,
  description,
  checked,
  onChange,
  disabled,
  id: givenId,
  error,
}: CheckboxFieldProps) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div css={{ display: 'flex', gap: '0.625rem', alignItems: 'flex-start' }}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.currentTarget.checked)}
        css={(theme) => [
          {
            width: '1.125rem',
            height: '1.125rem',
            margin: '0.1875rem 0 0',
            flex: 'none',
            accentColor: theme.color.brand,
            cursor: 'pointer',
          },
          focusRing(theme),
        ]}
      />
      <div>
        <label htmlFor={id} css={(theme) => ({ fontWeight: theme.font.weight.medium, cursor: 'pointer' })}>
          {label}
        </label>
        {description ? (
          <p
            id={`${id}-description`}
            css={(theme) => ({ margin: '0.125rem 0 0', fontSize: theme.font.size.sm, color: theme.color.textMuted })}
          >
            {description}
          </p>
        ) : null}
        {error ? (
          <p
            id={`${id}-error`}
            css={(theme) => ({ margin: '0.25rem 0 0', fontSize: theme.font.size.sm, color: theme.color.danger })}
          >
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
