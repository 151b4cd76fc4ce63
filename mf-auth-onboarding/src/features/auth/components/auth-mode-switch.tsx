import { Link } from 'react-router-dom';
import type { UserType } from '@beabro/shared/types/session-user';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { authHref, type AuthMode } from '../../../lib/auth-search-params';

export interface AuthModeSwitchProps {
  basePath: string;
  mode: AuthMode;
  role: UserType;
  next: string | null;
}

const MODES: readonly { mode: AuthMode; label: string }[] = [
  { mode: 'signin', label: 'Sign In' },
  { mode: 'signup', label: 'Sign Up' },
];

/** Sign in / Sign up. Links, because the mode lives in the URL; the role and `next` travel along. */
export function AuthModeSwitch({ basePath, mode, role, next }: AuthModeSwitchProps) {
  return (
    <nav aria-label="Sign in or sign up">
      <ul
        css={(theme) => ({
          display: 'grid',
          gridTemplateColumns: '1fr 1fr',
          gap: theme.space(1),
          listStyle: 'none',
          margin: 0,
          padding: theme.space(1),
          borderRadius: theme.radius.md,
          background: theme.color.surfaceMuted,
          border: `1px solid ${theme.color.border}`,
        })}
      >
        {MODES.map((item) => {
          const current = item.mode === mode;
          return (
            <li key={item.mode}>
              <Link
                to={authHref(basePath, { mode: item.mode, role, next })}
                replace
                aria-current={current ? 'page' : undefined}
                css={(theme) => [
                  {
                    display: 'block',
                    textAlign: 'center',
                    padding: `${theme.space(2)} ${theme.space(3)}`,
                    borderRadius: theme.radius.sm,
                    textDecoration: 'none',
                    fontWeight: theme.font.weight.medium,
                    color: current ? theme.color.text : theme.color.textMuted,
                    background: current ? theme.color.surface : 'transparent',
                    boxShadow: current ? theme.shadow.card : 'none',
                  },
                  focusRing(theme),
                ]}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
