import type { PublicCreatorProfileDto } from '@beabro/shared/api-schemas/public-profile';
import { ProfileSection } from './profile-section';

type Achievement = PublicCreatorProfileDto['achievements'][number];

/** Unlocked and locked achievements; locked ones are faded and also say "Locked" (never colour alone). */
export function AchievementsCard({ achievements }: { achievements: Achievement[] }) {
  const unlocked = achievements.filter((a) => a.unlocked).length;
  return (
    <ProfileSection
      title="Achievements"
      aside={<span css={(theme) => ({ color: theme.color.textMuted, fontSize: theme.font.size.sm })}>{`${unlocked} of ${achievements.length} unlocked`}</span>}
    >
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.625rem', gridTemplateColumns: 'repeat(auto-fill, minmax(8.25rem, 1fr))' }}>
        {achievements.map((achievement) => (
          <li
            key={achievement.id}
            title={achievement.description}
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
            <span aria-hidden="true" css={{ fontSize: '1.75rem', lineHeight: 1.2, opacity: achievement.unlocked ? 1 : 0.35, filter: achievement.unlocked ? 'none' : 'grayscale(1)' }}>
              {achievement.icon}
            </span>
            <strong css={(theme) => ({ fontSize: theme.font.size.sm, color: achievement.unlocked ? theme.color.text : theme.color.textMuted })}>
              {achievement.name}
            </strong>
            <span css={(theme) => ({ fontSize: theme.font.size.xs, color: achievement.unlocked ? theme.color.success : theme.color.textMuted, fontWeight: theme.font.weight.medium })}>
              {achievement.unlocked ? '✓ Unlocked' : '🔒 Locked'}
            </span>
            <span className="visually-hidden">{achievement.description}</span>
          </li>
        ))}
      </ul>
    </ProfileSection>
  );
}
