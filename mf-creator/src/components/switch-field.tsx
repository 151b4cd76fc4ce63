import { useId, type ReactNode } from 'react';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { describedBy, FieldMessages } from '@beabro/shared/ui/field-messages';

export interface SwitchFieldProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  error?: string | undefined;
}

/**
 * An on/off setting: a native checkbox with the switch role, so Space toggles it and screen readers say
 * "switch, on/off". The whole row is the label, so it is an easy target on a phone.
 */
export function SwitchField({ label, description, checked, onChange, disabled, error }: SwitchFieldProps) {
  const id = useId();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: '0.25rem' }}>
      <label
        htmlFor={id}
        css={(theme) => ({
          display: 'flex',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: theme.space(4),
          padding: `${theme.space(3)} 0`,
          cursor: disabled ? 'not-allowed' : 'pointer',
        })}
      >
        <span css={{ display: 'flex', flexDirection: 'column', gap: '0.125rem', minWidth: 0 }}>
          <span css={(theme) => ({ fontWeight: theme.font.weight.medium })}>{label}</span>
          {description ? (
            <span id={`${id}-hint`} css={(theme) => ({ fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
              {description}
            </span>
          ) : null}
        </span>
        <span css={{ position: 'relative', flex: 'none', width: '2.75rem', height: '1.5rem', marginTop: '0.125rem' }}>
          <input
            id={id}
            type="checkbox"
            role="switch"
            checked={checked}
            disabled={disabled}
            aria-describedby={describedBy(Boolean(description) && `${id}-hint`, Boolean(error) && `${id}-error`)}
            aria-invalid={error ? true : undefined}
            onChange={(event) => onChange(event.currentTarget.checked)}
            css={(theme) => [
              {
                appearance: 'none',
                margin: 0,
                width: '100%',
                height: '100%',
                borderRadius: theme.radius.pill,
                // Both track colours keep 3:1 against white (WCAG 1.4.11).
                background: checked ? theme.color.brand : theme.color.textMuted,
                cursor: 'inherit',
                transition: 'background 120ms ease',
              },
              focusRing(theme),
            ]}
          />
          <span
            aria-hidden="true"
            css={(theme) => ({
              position: 'absolute',
              top: '0.1875rem',
              left: checked ? '1.4375rem' : '0.1875rem',
              width: '1.125rem',
              height: '1.125rem',
              borderRadius: theme.radius.pill,
              background: theme.color.surface,
              boxShadow: theme.shadow.card,
              transition: 'left 120ms ease',
              pointerEvents: 'none',
            })}
          />
        </span>
      </label>
      <FieldMessages id={id} error={error} />
    </div>
  );
}
