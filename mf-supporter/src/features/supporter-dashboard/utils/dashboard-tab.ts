/**
 * The supporter dashboard's tabs, overview first (the default), then the posts feed, added last so the
 * other tabs keep their places (and their arrow-key order). See docs/product-rules.md#supporter-dashboard.
 */
export const DASHBOARD_TABS = ['overview', 'creators', 'history', 'discover', 'posts'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const DASHBOARD_TAB_LABELS: Record<DashboardTab, string> = {
  overview: 'Overview',
  creators: 'My Missions',
  history: 'Support History',
  discover: 'Discover',
  posts: 'Posts',
};

/** The tab named by `?tab=`; anything else (missing, misspelt, old links) opens the overview. */
export function parseDashboardTab(value: string | null): DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(value ?? '') ? (value as DashboardTab) : 'overview';
}
