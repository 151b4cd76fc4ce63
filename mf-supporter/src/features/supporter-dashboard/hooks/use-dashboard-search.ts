import { useSearchParams } from 'react-router-dom';
import { parseDashboardTab, type DashboardTab } from '../utils/dashboard-tab';
import { HISTORY_FILTER_PARAMS, parseHistoryFilter, type HistoryFilter } from '../utils/history-filter';

/**
 * The dashboard's tab (`?tab=`) and the history filter live in the URL, so a reload, a shared link
 * and the browser's Back button all reopen the same view.
 */
export function useDashboardSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseDashboardTab(searchParams.get('tab'));
  const filter = parseHistoryFilter(searchParams);

  function setTab(next: DashboardTab) {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      // The overview is the default: its URL stays plain /supporter-dashboard.
      if (next === 'overview') params.delete('tab');
      else params.set('tab', next);
      // The history filter only means something on its own tab.
      if (next !== 'history') for (const key of HISTORY_FILTER_PARAMS) params.delete(key);
      return params;
    });
  }

  function setFilter(next: HistoryFilter) {
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        params.set('tab', 'history');
        const values: Record<(typeof HISTORY_FILTER_PARAMS)[number], string> = {
          kind: next.kind === 'all' ? '' : next.kind,
          creator: next.creator,
          from: next.from,
          to: next.to,
        };
        for (const key of HISTORY_FILTER_PARAMS) {
          if (values[key]) params.set(key, values[key]);
          else params.delete(key);
        }
        return params;
      },
      // Changing a filter field is one view, not a history entry per keystroke.
      { replace: true },
    );
  }

  return { tab, setTab, filter, setFilter };
}
