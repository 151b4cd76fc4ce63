import { renderStandalone } from '@beabro/shared/ui/standalone-harness';
import AnalyticsArea from './exposes/analytics';
import DashboardArea from './exposes/dashboard';
import PostsArea from './exposes/posts';
import SettingsArea from './exposes/settings';

// Standalone, the harness has no sign-in page: sign in on the composed site (or POST /api/auth/sign-in) first,
// the dev server proxies /api to the same API, so the session cookie is shared.
renderStandalone('mf-creator', [
  { path: '/dashboard', label: 'Dashboard', Component: DashboardArea },
  { path: '/dashboard/posts', label: 'Posts', Component: PostsArea },
  { path: '/settings', label: 'Settings', Component: SettingsArea },
  { path: '/analytics', label: 'Analytics', Component: AnalyticsArea },
]);
