import { formatMoney, type Currency } from '@beabro/shared/money/currencies';
import type { ReactElement } from 'react';
import type { RecentActivityDto } from '@beabro/shared/api-schemas/analytics';
import { SectionCard } from '../../../components/section-card';
import { formatRelative } from '../../../lib/format';
import { BanknoteIcon } from '@beabro/shared/ui/icons/banknote';
import { RepeatIcon } from '@beabro/shared/ui/icons/repeat';
import { TrophyIcon } from '@beabro/shared/ui/icons/trophy';
import { UserPlusIcon } from '@beabro/shared/ui/icons/user-plus';

function who(supporter: string | null, isAnonymous: boolean): string {
  if (isAnonymous) return 'An anonymous supporter';
  return supporter ?? 'Someone (no name given)';
}

function describe(event: RecentActivityDto, currency: Currency): { icon: ReactElement; text: string } {
  switch (event.type) {
    case 'support':
      return {
        icon: event.isRenewal ? <RepeatIcon /> : <BanknoteIcon />,
        text: event.isRenewal
          ? `${who(event.supporter, event.isAnonymous)}’s monthly support of ${formatMoney(event.amountCents, currency)} renewed`
          : `${who(event.supporter, event.isAnonymous)} supported you with ${formatMoney(event.amountCents, currency)}${event.isRecurring ? ' a month' : ''}`,
      };
    case 'new_supporter':
      return {
        icon: <UserPlusIcon />,
        text: event.isAnonymous
          ? 'A new anonymous supporter joined'
          : `New supporter: ${event.supporter ?? 'someone who gave no name'}`,
      };
    case 'goal_reached':
      return {
        icon: <TrophyIcon />,
        text: `Goal reached: ${event.goalName} (${formatMoney(event.goalAmountCents, currency, { whole: true })})`,
      };
  }
}

/** Supports, new supporters and the goal being reached, newest first. */
export function RecentActivityCard({
  events,
  currency,
  now = new Date(),
}: {
  events: RecentActivityDto[];
  currency: Currency;
  now?: Date;
}) {
  return (
    <SectionCard title="Recent Activity">
      {events.length === 0 ? (
        <p css={(theme) => ({ margin: 0, color: theme.color.textMuted })}>Nothing happened in this period yet.</p>
      ) : (
        <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {events.map((event, index) => {
            const { icon, text } = describe(event, currency);
            return (
              <li
                key={`${event.type}-${event.date}-${index}`}
                css={(theme) => ({
                  display: 'flex',
                  gap: theme.space(3),
                  padding: `${theme.space(2)} 0`,
                  borderTop: index === 0 ? 0 : `1px solid ${theme.color.border}`,
                })}
              >
                <span
                  css={(theme) => ({
                    display: 'inline-flex',
                    flex: 'none',
                    alignItems: 'center',
                    height: '1.5em',
                    color: theme.color.brand,
                  })}
                >
                  {icon}
                </span>
                <span css={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{text}</span>
                <time
                  dateTime={event.date}
                  css={(theme) => ({ flex: 'none', fontSize: theme.font.size.sm, color: theme.color.textMuted })}
                >
                  {formatRelative(event.date, now)}
                </time>
              </li>
            );
          })}
        </ul>
      )}
    </SectionCard>
  );
}
