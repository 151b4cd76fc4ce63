import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import type { AchievementId } from '@beabro/shared/data/achievements';
import type { Currency } from '@beabro/shared/money/currencies';
import { inCurrencyText } from '@beabro/shared/money/currency-text';
import { BanknoteIcon } from '@beabro/shared/ui/icons/banknote';
import { CheckIcon } from '@beabro/shared/ui/icons/check';
import { HeartIcon } from '@beabro/shared/ui/icons/heart';
import { LockIcon } from '@beabro/shared/ui/icons/lock';
import { RepeatIcon } from '@beabro/shared/ui/icons/repeat';
import { RocketIcon } from '@beabro/shared/ui/icons/rocket';
import { TargetIcon } from '@beabro/shared/ui/icons/target';
import { TrophyIcon } from '@beabro/shared/ui/icons/trophy';
import { UsersIcon } from '@beabro/shared/ui/icons/users';
import { WalletIcon } from '@beabro/shared/ui/icons/wallet';
import type { IconProps } from '@beabro/shared/ui/icons/svg';
import type { ComponentType } from 'react';
import { ProfileSection } from './profile-section';

type Achievement = PublicCreatorProfileDto['achievements'][number];

/*
 * The badge of each achievement. The API still sends an emoji (`icon`) for older clients, but a badge is
 * our UI, not something a creator wrote: it is drawn from the shared SVG set so it shows on every system.
 */
const BADGES: Record<AchievementId, ComponentType<IconProps>> = {
  'first-supporter': HeartIcon,
  'ten-supporters': UsersIcon,
  'fifty-supporters': RocketIcon,
  'first-monthly-supporter': RepeatIcon,
  'raised-100': BanknoteIcon,
  'raised-1000': WalletIcon,
  'goal-reached': TargetIcon,
};

/**
 * Unlocked and locked achievements; locked ones are faded and also say "Locked" (never colour alone). The API names
 * the thresholds in dollars ("$100 Raised"); they count the creator's currency, so a creator paid in pounds reads
 * "£100 Raised".
 */
export function AchievementsCard({ achievements, currency }: { achievements: Achievement[]; currency: Currency }) {
  const unlocked = achievements.filter((a) => a.unlocked).length;
  return (
    <ProfileSection
      title="Achievements"
      aside={
        <span
          css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}
        >{`${unlocked} of ${achievements.length} unlocked`}</span>
      }
    >
      <ul
        css={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          display: 'grid',
          gap: '0.625rem',
          gridTemplateColumns: 'repeat(auto-fill, minmax(8.25rem, 1fr))',
        }}
      >
        {achievements.map((achievement) => (
          <li
            key={achievement.id}
            title={inCurrencyText(achievement.description, currency)}
            css={(theme) => ({
              display: 'grid',
              justifyItems: 'center',
              textAlign: 'center',
              gap: '0.25rem',
              padding: theme.space(3),
              borderRadius: theme.radius.md,
              border: `1px ${achievement.unlocked ? 'solid' : 'dashed'} ${achievement.unlocked ? theme.color.border : theme.color.borderStrong}`,
              background: achievement.unlocked ? theme.color.accentSoft : theme.color.surfaceMuted,
            })}
          >
            <Badge id={achievement.id} unlocked={achievement.unlocked} />
            <strong
              css={(theme) => ({
                fontSize: theme.font.size.sm,
                color: achievement.unlocked ? theme.color.text : theme.color.textMuted,
              })}
            >
              {inCurrencyText(achievement.name, currency)}
            </strong>
            <span
              css={(theme) => ({
                fontSize: theme.font.size.xs,
                color: achievement.unlocked ? theme.color.success : theme.color.textMuted,
                fontWeight: theme.font.weight.medium,
              })}
            >
              {achievement.unlocked ? <CheckIcon /> : <LockIcon />} {achievement.unlocked ? 'Unlocked' : 'Locked'}
            </span>
            <span className="visually-hidden">{inCurrencyText(achievement.description, currency)}</span>
          </li>
        ))}
      </ul>
    </ProfileSection>
  );
}

function Badge({ id, unlocked }: { id: string; unlocked: boolean }) {
  // A newer API may send an achievement this client does not know yet.
  const Component = (BADGES as Partial<Record<string, ComponentType<IconProps>>>)[id] ?? TrophyIcon;
  return (
    <Component
      size="1.75rem"
      css={(theme) => ({ color: unlocked ? theme.color.brand : theme.color.textMuted, opacity: unlocked ? 1 : 0.5 })}
    />
  );
}
