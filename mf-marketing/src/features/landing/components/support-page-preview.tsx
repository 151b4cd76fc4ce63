import { CoffeeIcon } from '@beabro/shared/ui/icons/coffee';
import { RocketIcon } from '@beabro/shared/ui/icons/rocket';
import { StarIcon } from '@beabro/shared/ui/icons/star';

const tiers = [
  { Icon: CoffeeIcon, name: 'Support the Mission', price: '$5', cadence: 'one-off' },
  { Icon: StarIcon, name: 'True Believer', price: '$25', cadence: '/month' },
];

/**
 * A stylised glimpse of a creator's support page for the hero. It is aria-hidden because it only
 * illustrates what the hero copy already says, and it shows no activity figures so nothing in it
 * can be mistaken for real results. Wide screens only: on phones it would push the calls to action down.
 */
export function SupportPagePreview() {
  return (
    <div aria-hidden="true" css={(theme) => ({ display: 'none', [theme.breakpoint.lg]: { display: 'block' } })}>
      <div
        css={(theme) => ({
          maxWidth: '22rem',
          margin: '0 auto',
          padding: theme.space(6),
          borderRadius: theme.radius.lg,
          background: theme.color.surface,
          color: theme.color.text,
          boxShadow: '0 24px 48px rgba(17, 24, 39, 0.28)',
          transform: 'rotate(2deg)',
          '@media (prefers-reduced-motion: no-preference)': {
            transition: 'transform 300ms ease',
            '&:hover': { transform: 'rotate(0deg)' },
          },
        })}
      >
        <div css={(theme) => ({ display: 'flex', alignItems: 'center', gap: theme.space(3) })}>
          <span
            css={(theme) => ({
              display: 'grid',
              placeItems: 'center',
              width: '3rem',
              height: '3rem',
              flexShrink: 0,
              borderRadius: '50%',
              background: theme.gradient.hero,
              color: theme.color.textInverse,
              fontSize: '1.5rem',
            })}
          >
            <RocketIcon />
          </span>
          <div>
            <p css={(theme) => ({ margin: 0, fontWeight: theme.font.weight.bold })}>Your mission</p>
            <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
              /yourname
            </p>
          </div>
        </div>
        <div css={(theme) => ({ display: 'grid', gap: theme.space(2), margin: `${theme.space(5)} 0` })}>
          {tiers.map((tier, index) => (
            <div
              key={tier.name}
              css={(theme) => ({
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: theme.space(3),
                padding: `${theme.space(3)} ${theme.space(4)}`,
                borderRadius: theme.radius.md,
                border: `2px solid ${index === 1 ? theme.color.brand : theme.color.border}`,
                background: index === 1 ? theme.color.brandSoft : theme.color.surface,
                fontSize: theme.font.size.sm,
              })}
            >
              <span css={(theme) => ({ display: 'inline-flex', alignItems: 'center', gap: theme.space(2) })}>
                <tier.Icon css={(theme) => ({ color: theme.color.brand })} />
                {tier.name}
              </span>
              <strong>
                {tier.price}
                <span css={(theme) => ({ fontWeight: theme.font.weight.normal, color: theme.color.textMuted })}>
                  {' '}
                  {tier.cadence}
                </span>
              </strong>
            </div>
          ))}
        </div>
        <div
          css={(theme) => ({
            padding: theme.space(3),
            borderRadius: theme.radius.md,
            background: theme.color.brand,
            color: theme.color.textInverse,
            textAlign: 'center',
            fontWeight: theme.font.weight.bold,
          })}
        >
          Support with $25/month
        </div>
        <p
          css={(theme) => ({
            margin: `${theme.space(4)} 0 0`,
            fontSize: theme.font.size.xs,
            color: theme.color.textMuted,
            textAlign: 'center',
          })}
        >
          You keep 95% before card fees · Paid out weekly · No account needed to give
        </p>
      </div>
    </div>
  );
}
