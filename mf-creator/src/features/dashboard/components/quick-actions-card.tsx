import { Link } from 'react-router-dom';
import { focusRing } from '@beabro/shared/ui/focus-ring';
import { SectionCard } from '../../../components/section-card';
import { paths } from '@beabro/shared/contract/paths';
import { BarChartIcon } from '@beabro/shared/ui/icons/bar-chart';
import { EyeIcon } from '@beabro/shared/ui/icons/eye';
import { FileIcon } from '@beabro/shared/ui/icons/file';
import { MessageIcon } from '@beabro/shared/ui/icons/message';
import { SettingsIcon } from '@beabro/shared/ui/icons/settings';

/** Shortcuts to the places a creator goes most. */
export function QuickActionsCard({ username }: { username: string }) {
  const actions = [
    { to: paths.dashboardPosts, icon: FileIcon, label: 'Posts', note: 'Write to everyone or to your supporters' },
    { to: paths.settings(), icon: SettingsIcon, label: 'Settings', note: 'Profile, tiers and account' },
    { to: paths.analytics(), icon: BarChartIcon, label: 'Analytics', note: 'Earnings and supporters over time' },
    {
      to: paths.profile(username),
      icon: EyeIcon,
      label: 'View public profile',
      note: 'See your page as supporters do',
    },
    { to: paths.help, icon: MessageIcon, label: 'Help Centre', note: 'Payouts, fees and FAQs' },
  ];
  return (
    <SectionCard title="Quick Actions">
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '0.5rem' }}>
        {actions.map((action) => (
          <li key={action.label}>
            <Link
              to={action.to}
              css={(theme) => [
                {
                  display: 'flex',
                  gap: theme.space(3),
                  alignItems: 'center',
                  padding: theme.space(3),
                  borderRadius: theme.radius.md,
                  border: `1px solid ${theme.color.border}`,
                  color: theme.color.text,
                  textDecoration: 'none',
                  '&:hover': { background: theme.color.surfaceMuted },
                },
                focusRing(theme),
              ]}
            >
              <action.icon size="1.25rem" css={(theme) => ({ color: theme.color.brand })} />
              <span css={{ display: 'grid', minWidth: 0 }}>
                <span css={(theme) => ({ fontWeight: theme.font.weight.medium })}>{action.label}</span>
                <span css={(theme) => ({ fontSize: theme.font.size.xs, color: theme.color.textMuted })}>
                  {action.note}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
