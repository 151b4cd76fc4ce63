import type { SessionUser } from '@beabro/shared/types/session-user';
import { ButtonLink } from '@beabro/shared/ui/button';
import { paths } from '@beabro/shared/contract/paths';

/** First word of the display name; the fallback name is "Bro". */
function firstNameOf(displayName: string): string {
  return displayName.trim().split(/\s+/)[0] || 'Bro';
}

/**
 * Settings of the account: creators have the full /settings area; a supporter opens the same route
 * on its Account tab (email, password, notifications), the part that applies to them.
 */
export function settingsPathFor(user: Pick<SessionUser, 'isCreator'>): string {
  return user.isCreator ? paths.settings() : paths.settings('account');
}

/** `returning`: the account has supported before (false for a new one, null while that is unknown). */
export function DashboardHeader({ user, returning }: { user: SessionUser; returning: boolean | null }) {
  return (
    <header
      css={(theme) => ({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'flex-end',
        justifyContent: 'space-between',
        gap: theme.space(4),
      })}
    >
      <div css={{ minWidth: 0 }}>
        <p
          css={(theme) => ({
            margin: 0,
            color: theme.color.brandHover,
            fontWeight: theme.font.weight.medium,
            fontSize: theme.font.size.sm,
          })}
        >
          My Missions
        </p>
        <h1
          css={(theme) => ({
            margin: `${theme.space(1)} 0 0`,
            fontSize: theme.font.size.xxl,
            overflowWrap: 'anywhere',
          })}
        >
          {returning ? 'Welcome back' : 'Welcome'}, {firstNameOf(user.displayName)}!
        </h1>
        <p css={(theme) => ({ margin: `${theme.space(2)} 0 0`, color: theme.color.textMuted })}>
          Every mission you back, every support you gave, in one place.
        </p>
      </div>
      <nav
        aria-label="Supporter dashboard"
        css={(theme) => ({ display: 'flex', gap: theme.space(2), flexWrap: 'wrap' })}
      >
        <ButtonLink to={paths.discover}>Discover creators</ButtonLink>
        <ButtonLink to={settingsPathFor(user)} variant="secondary">
          Settings
        </ButtonLink>
      </nav>
    </header>
  );
}
