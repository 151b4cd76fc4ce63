import { useId } from 'react';
import { ButtonLink } from '@beabro/shared/ui/button';
import { paths } from '@beabro/shared/contract/paths';

/** The "Be a Bro" call to action: visitors with a mission of their own start one. */
export function BeABroCard() {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      css={(theme) => ({
        borderRadius: theme.radius.lg,
        padding: theme.space(6),
        // A light shade over the brand gradient keeps white text above 4.5:1 even at its pink end.
        background: `linear-gradient(rgba(17, 24, 39, 0.18), rgba(17, 24, 39, 0.18)), ${theme.gradient.hero}`,
        color: theme.color.textInverse,
        boxShadow: theme.shadow.card,
      })}
    >
      <h2 id={headingId} css={(theme) => ({ margin: '0 0 0.5rem', fontSize: theme.font.size.lg })}>
        Have a mission of your own?
      </h2>
      <p css={{ margin: '0 0 1.25rem', opacity: 0.95 }}>
        Set up your support page in about 5 minutes. It&apos;s free to start, with a 5% platform fee and weekly payouts.
      </p>
      <ButtonLink to={paths.create} variant="inverse">
        Be a Bro
      </ButtonLink>
    </section>
  );
}
