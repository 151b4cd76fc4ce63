import { NavLink as RouterNavLink } from 'react-router-dom';
import { focusRing } from '@beabro/shared/ui/focus-ring';

export function NavLinkItem({
  to,
  label,
  block = false,
  onNavigate,
}: {
  to: string;
  label: string;
  block?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <RouterNavLink
      to={to}
      end
      onClick={onNavigate}
      css={(theme) => [
        {
          display: block ? 'block' : 'inline-block',
          padding: block ? '0.75rem 0.5rem' : '0.5rem 0.625rem',
          color: theme.color.textMuted,
          textDecoration: 'none',
          fontWeight: theme.font.weight.medium,
          borderRadius: theme.radius.sm,
          '&:hover': { color: theme.color.text, background: theme.color.surfaceMuted },
          '&.active': { color: theme.color.brandHover },
        },
        focusRing(theme),
      ]}
    >
      {label}
    </RouterNavLink>
  );
}
