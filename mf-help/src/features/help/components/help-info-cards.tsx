import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '@beabro/shared/ui/card';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { helpSearch } from '../utils/help-search';
import type { CategoryFilter } from '../utils/parse-faq-category';
import { CalendarIcon } from '@beabro/shared/ui/icons/calendar';
import { PercentIcon } from '@beabro/shared/ui/icons/percent';
import { RepeatIcon } from '@beabro/shared/ui/icons/repeat';
import type { IconProps } from '@beabro/shared/ui/icons/svg';

interface InfoCard {
  icon: ComponentType<IconProps>;
  title: string;
  text: string;
  category: CategoryFilter;
  linkLabel: string;
}

// The three facts people ask about most (docs/product-rules.md#help-centre), each leading to its FAQ category.
const INFO_CARDS: readonly InfoCard[] = [
  {
    icon: PercentIcon,
    title: 'Keep 95% of every support',
    text: 'A 5% platform fee plus card processing of 2.9% + $0.30. No setup or subscription fees.',
    category: 'pricing',
    linkLabel: 'Pricing questions',
  },
  {
    icon: CalendarIcon,
    title: 'Weekly payouts',
    text: 'Paid every Tuesday for the previous Monday to Sunday. Your first payout may take an extra 7 days.',
    category: 'payments',
    linkLabel: 'Payout questions',
  },
  {
    icon: RepeatIcon,
    title: 'Cancel monthly support anytime',
    text: 'From your supporter dashboard or your receipt email. It ends with the month you already paid for.',
    category: 'recurring',
    linkLabel: 'Monthly support questions',
  },
];

export function HelpInfoCards() {
  return (
    <ul
      css={(theme) => ({
        listStyle: 'none',
        margin: 0,
        padding: 0,
        display: 'grid',
        gap: theme.space(4),
        gridTemplateColumns: '1fr',
        [theme.breakpoint.md]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
      })}
    >
      {INFO_CARDS.map((card) => (
        <Card key={card.title} as="li" padding={5} css={{ display: 'flex', flexDirection: 'column', gap: '0.5rem' }}>
          <span
            css={(theme) => ({
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: '2.75rem',
              height: '2.75rem',
              borderRadius: theme.radius.md,
              background: theme.color.brandSoft,
              color: theme.color.brand,
            })}
          >
            <card.icon size={22} />
          </span>
          <h2 css={(theme) => ({ margin: 0, fontSize: theme.font.size.lg })}>{card.title}</h2>
          <p css={(theme) => ({ margin: 0, color: theme.color.textMuted, flex: 1 })}>{card.text}</p>
          <Link
            to={{ search: helpSearch('', card.category) }}
            css={(theme) => [
              { alignSelf: 'flex-start', fontWeight: theme.font.weight.medium, borderRadius: theme.radius.sm },
              focusRing(theme),
            ]}
          >
            {card.linkLabel} <span aria-hidden="true">→</span>
          </Link>
        </Card>
      ))}
    </ul>
  );
}
