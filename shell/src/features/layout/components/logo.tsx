import { Link } from 'react-router-dom';
import { focusRing } from '@beabro/shared/ui/focus-ring';

export function Logo() {
  return (
    <Link
      to="/"
      aria-label="Be a Bro home"
      css={(theme) => [
        {
          display: 'inline-flex',
          alignItems: 'center',
          gap: '0.5rem',
          textDecoration: 'none',
          color: theme.color.text,
          fontWeight: theme.font.weight.bold,
          fontSize: theme.font.size.lg,
          borderRadius: theme.radius.sm,
        },
        focusRing(theme),
      ]}
    >
      <span
        aria-hidden="true"
        css={(theme) => ({
          display: 'inline-grid',
          placeItems: 'center',
          width: '2rem',
          height: '2rem',
          borderRadius: theme.radius.md,
          background: theme.gradient.hero,
        })}
      >
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 21s-7-4.35-9.5-9A5.5 5.5 0 0 1 12 6a5.5 5.5 0 0 1 9.5 6c-2.5 4.65-9.5 9-9.5 9z" />
        </svg>
      </span>
      Be a Bro
    </Link>
  );
}
