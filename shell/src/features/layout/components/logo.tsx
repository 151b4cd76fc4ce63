import { Link } from 'react-router-dom';
import { focusRing } from '@beabro/shared/ui/focus-ring';

export function Logo() {
  return (
    <Link
      to="/"
      aria-label="Be a Bro home"
      css={(theme) => [
        { display: 'inline-flex', alignItems: 'center', gap: '0.5rem', textDecoration: 'none', color: theme.color.text, fontWeight: theme.font.weight.bold, fontSize: theme.font.size.lg, borderRadius: theme.radius.sm },
        focusRing(theme),
      ]}
    >
      <span
        aria-hidden="true"
        css={(theme) => ({ display: 'inline-grid', placeItems: 'center', width: '2rem', height: '2rem', borderRadius: theme.radius.md, background: theme.gradient.hero, color: theme.color.textInverse, fontSize: '1rem' })}
      >
        🤝
      </span>
      Be a Bro
    </Link>
  );
}
