/** SPEC.md section 4: the supporter dashboard's tabs, overview first (the default), and the posts feed. */
export const DASHBOARD_TABS = ['overview', 'creators', 'posts', 'history', 'discover'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export const DASHBOARD_TAB_LABELS: Record<DashboardTab, string> = {
  overview: 'Overview',
  creators: 'My Missions',
  posts: 'Posts',
  history: 'Support History',
  discover: 'Discover',
};

/** The tab named by `?tab=`; anything else (missing, misspelt, old links) opens the overview. */
export function parseDashboardTab(value: string | null): DashboardTab {
  return (DASHBOARD_TABS as readonly string[]).includes(value ?? '') ? (value as DashboardTab) : 'overview';
}
