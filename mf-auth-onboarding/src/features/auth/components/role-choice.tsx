import type { UserType } from '@beabro/shared/types/session-user';
import { focusRing } from '@beabro/shared/ui/focus-ring';

const ROLES: readonly { value: UserType; label: string; description: string }[] = [
  { value: 'creator', label: 'Mission Builder', description: 'Get support for your mission' },
  { value: 'supporter', label: 'Supporter', description: 'Back the missions you believe in' },
];

export interface RoleChoiceProps {
  value: UserType;
  onChange: (role: UserType) => void;
}

/** The sign-up role: two native radio buttons (arrow keys move between them), styled as cards. */
export function RoleChoice({ value, onChange }: RoleChoiceProps) {
  return (
    <fieldset css={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend
        css={(theme) => ({
          padding: 0,
          marginBottom: theme.space(2),
          fontWeight: theme.font.weight.medium,
          fontSize: theme.font.size.sm,
        })}
      >
        I want to join as
      </legend>
      <div
        css={(theme) => ({
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(9.5rem, 1fr))',
          gap: theme.space(3),
        })}
      >
        {ROLES.map((role) => {
          const checked = role.value === value;
          return (
            <label
              key={role.value}
              css={(theme) => ({
                display: 'flex',
                gap: theme.space(2),
                alignItems: 'flex-start',
                padding: theme.space(3),
                borderRadius: theme.radius.md,
                border: `2px solid ${checked ? theme.color.brand : theme.color.border}`,
                background: checked ? theme.color.brandSoft : theme.color.surface,
                cursor: 'pointer',
              })}
            >
              <input
                type="radio"
                name="role"
                value={role.value}
                checked={checked}
                onChange={() => onChange(role.value)}
                css={(theme) => [
                  { marginTop: '0.2rem', accentColor: theme.color.brand, flexShrink: 0 },
                  focusRing(theme),
                ]}
              />
              <span css={{ display: 'flex', flexDirection: 'column' }}>
                <span css={(theme) => ({ fontWeight: theme.font.weight.bold })}>{role.label}</span>
                <span css={(theme) => ({ fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
                  {role.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
