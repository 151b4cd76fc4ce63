import { useId } from 'react';
import { Card } from '@beabro/shared/ui/card';
import { LandingSection } from './landing-section';
import { SectionHeading } from './section-heading';
import { BanknoteIcon } from '@beabro/shared/ui/icons/banknote';
import { CalendarIcon } from '@beabro/shared/ui/icons/calendar';
import { RepeatIcon } from '@beabro/shared/ui/icons/repeat';
import { SparklesIcon } from '@beabro/shared/ui/icons/sparkles';
import { UserIcon } from '@beabro/shared/ui/icons/user';
import { ZapIcon } from '@beabro/shared/ui/icons/zap';

// Every claim here is a product rule (fees, payout schedule, setup), not a marketing estimate: see
// docs/product-rules.md#landing-page.
const features = [
  {
    Icon: BanknoteIcon,
    title: 'Keep 95% before card processing',
    description:
      'A flat 5% platform fee, nothing more from us. Card processing (2.9% + 30¢) is shown openly at checkout, so there are no surprises.',
  },
  {
    Icon: CalendarIcon,
    title: 'Weekly payouts',
    description:
      'Paid every Tuesday for the previous Monday to Sunday. Your very first payout may include a one-time 7-day verification period.',
  },
  {
    Icon: SparklesIcon,
    title: 'Free to start',
    description: 'No setup fees and no subscription. The platform fee only applies when someone actually supports you.',
  },
  {
    Icon: ZapIcon,
    title: 'Live in about 5 minutes',
    description:
      'Add your story, your links and a few suggested amounts, and you have a professional support page ready to share.',
  },
  {
    Icon: RepeatIcon,
    title: 'One-off or monthly support',
    description:
      'Let bros chip in once or back you every month for steady, predictable income. Monthly support can be cancelled anytime.',
  },
  {
    Icon: UserIcon,
    title: 'Supporters pay without an account',
    description:
      'Giving takes an email address for the receipt and a card, not a sign-up, so nobody drops off halfway through.',
  },
] as const;

export function FeaturesSection() {
  const titleId = useId();
  return (
    <LandingSection labelledBy={titleId}>
      <SectionHeading
        id={titleId}
        eyebrow="Why Be a Bro"
        title="Everything you need to get supported"
        intro="Simple pricing, money on a schedule you can plan around, and a page that looks professional from day one."
      />
      <ul
        css={(theme) => ({
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: theme.space(5),
          [theme.breakpoint.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
          [theme.breakpoint.lg]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: theme.space(6) },
        })}
      >
        {features.map((feature) => (
          <Card as="li" key={feature.title} padding={6}>
            <span
              aria-hidden="true"
              css={(theme) => ({
                display: 'grid',
                placeItems: 'center',
                width: '3rem',
                height: '3rem',
                borderRadius: theme.radius.md,
                background: theme.color.brandSoft,
                color: theme.color.brand,
                fontSize: '1.5rem',
              })}
            >
              <feature.Icon />
            </span>
            <h3 css={(theme) => ({ margin: `${theme.space(4)} 0 ${theme.space(2)}`, fontSize: theme.font.size.lg })}>
              {feature.title}
            </h3>
            <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>{feature.description}</p>
          </Card>
        ))}
      </ul>
      <p
        css={(theme) => ({
          margin: `${theme.space(8)} auto 0`,
          maxWidth: '42rem',
          textAlign: 'center',
          fontSize: theme.font.size.sm,
          color: theme.color.textMuted,
        })}
      >
        Mission builders can currently receive payouts in the United States, Canada, the United Kingdom and Australia.
        Supporters can give from anywhere with a major credit card.
      </p>
    </LandingSection>
  );
}
