import { useId } from 'react';
import { CANCEL_MONTHLY_SUPPORT_COPY } from '@beabro/shared/data/cancel-monthly-support';
import { LockIcon } from '@beabro/shared/ui/icons/lock';
import { ReceiptIcon } from '@beabro/shared/ui/icons/receipt';
import { RepeatIcon } from '@beabro/shared/ui/icons/repeat';
import { ShieldIcon } from '@beabro/shared/ui/icons/shield';
import { TargetIcon } from '@beabro/shared/ui/icons/target';
import { UserIcon } from '@beabro/shared/ui/icons/user';

/** Small reassurances right under the submit button. Each one is true of this checkout. */
export function TrustBadges() {
  const badges = [
    { icon: <LockIcon />, text: 'Secure checkout' },
    { icon: <ReceiptIcon />, text: 'Email receipt' },
    { icon: <UserIcon />, text: 'No account needed' },
  ];
  return (
    <ul
      aria-label="Checkout guarantees"
      css={{
        listStyle: 'none',
        margin: '1rem 0 0',
        padding: 0,
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'center',
        gap: '0.5rem 1rem',
      }}
    >
      {badges.map((badge) => (
        <li
          key={badge.text}
          css={(theme) => ({
            display: 'inline-flex',
            alignItems: 'center',
            gap: '0.375rem',
            fontSize: theme.font.size.xs,
            color: theme.color.textMuted,
            fontWeight: theme.font.weight.medium,
          })}
        >
          {badge.icon}
          {badge.text}
        </li>
      ))}
    </ul>
  );
}

/** The three blocks: Secure Payments, Direct Mission Support, Cancel Anytime. */
export function TrustBlocks({ displayName }: { displayName: string }) {
  const headingId = useId();
  const blocks = [
    {
      icon: <ShieldIcon />,
      title: 'Secure Payments',
      text: 'Every payment carries a one-time key, so a double click or a retry never charges you twice. Your receipt arrives by email.',
    },
    {
      icon: <TargetIcon />,
      title: 'Direct Mission Support',
      text: `Your support goes to ${displayName}'s mission. The payment summary shows, to the cent, what reaches them after fees.`,
    },
    {
      icon: <RepeatIcon />,
      title: 'Cancel Anytime',
      text: CANCEL_MONTHLY_SUPPORT_COPY.trust,
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Why supporters trust Be a Bro
      </h2>
      <ul
        css={(theme) => ({
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: theme.space(4),
          [theme.breakpoint.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
        })}
      >
        {blocks.map((block) => (
          <li
            key={block.title}
            css={(theme) => ({
              // Phones: icon beside the text, so three blocks do not take three screens; wider: centred cards.
              display: 'grid',
              gridTemplateColumns: 'auto minmax(0, 1fr)',
              gap: '0 0.875rem',
              padding: theme.space(5),
              borderRadius: theme.radius.lg,
              background: theme.color.surface,
              border: `1px solid ${theme.color.border}`,
              [theme.breakpoint.md]: {
                gridTemplateColumns: 'minmax(0, 1fr)',
                justifyItems: 'center',
                textAlign: 'center',
              },
            })}
          >
            <span
              aria-hidden="true"
              css={(theme) => ({
                fontSize: '1.75rem',
                lineHeight: 1.2,
                color: theme.color.brand,
                gridRow: 'span 2',
                [theme.breakpoint.md]: { gridRow: 'auto' },
              })}
            >
              {block.icon}
            </span>
            <h3
              css={(theme) => ({
                margin: '0 0 0.25rem',
                fontSize: theme.font.size.md,
                [theme.breakpoint.md]: { marginTop: '0.5rem' },
              })}
            >
              {block.title}
            </h3>
            <p css={(theme) => ({ margin: 0, fontSize: theme.font.size.sm, color: theme.color.textMuted })}>
              {block.text}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
