import { useLocation } from 'react-router-dom';
import type { SupporterDashboard as SupporterDashboardDto } from '@beabro/shared/api-schemas/dashboards';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import type { SessionUser } from '@beabro/shared/types/session-user';
import SupporterDashboardArea from '../exposes/supporter-dashboard';
import { fakeDashboard, fakeUser } from './fake-data';
import { json, mockApi, type MockReply, type MockCall } from '@beabro/shared/testing/msw';

/** Shows the router's current path and query, to assert what the URL holds. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderDashboardOptions {
  user?: SessionUser | null;
  dashboard?: SupporterDashboardDto;
  route?: string;
  /** Extra or replacement API routes, e.g. "POST /api/subscriptions/:id/cancel". */
  routes?: Record<string, (request: MockCall) => MockReply | Promise<MockReply>>;
}

/** The exposed supporter dashboard area, as the shell mounts it, over a mocked API. */
export function renderDashboard({
  user = fakeUser(),
  dashboard = fakeDashboard(),
  route = '/supporter-dashboard',
  routes = {},
}: RenderDashboardOptions = {}) {
  const api = mockApi({
    'GET /api/auth/me': () => json(200, { user }),
    'GET /api/supporter/dashboard': () => json(200, dashboard),
    ...routes,
  });
  const view = renderWithProviders(
    <>
      <SupporterDashboardArea basePath="/supporter-dashboard" />
      <LocationProbe />
    </>,
    { route },
  );
  return { api, view, location: () => document.querySelector('[data-testid="location"]')?.textContent ?? '' };
}
