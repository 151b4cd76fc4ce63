import { Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { canonicalCreatorPath } from '@beabro/shared/data/canonical-creator-path';
import { AREA_ROUTES, type AreaRoute } from '../config/area-routes';
import { SiteLayout } from '../features/layout/components/site-layout';
import { RouteGuard } from '../features/guards/route-guard';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { RemoteRoute } from '../features/remotes/remote-route';

const USERNAME_SEGMENT = /^[a-z0-9_]{3,}$/;

/**
 * `/:username` only matches something that could be a username; anything else is "page not found".
 * Usernames are case-insensitive: `/PixelPat` goes to `/pixelpat` (the server answers such a link with a 301).
 */
function CreatorRoute({ route }: { route: AreaRoute }) {
  const { username = '' } = useParams();
  const location = useLocation();
  const canonical = canonicalCreatorPath(location.pathname);
  if (canonical) return <Navigate replace to={`${canonical}${location.search}${location.hash}`} />;
  return USERNAME_SEGMENT.test(username) ? <RemoteRoute key={route.path} route={route} /> : <NotFoundPage />;
}

function AreaElement({ route }: { route: AreaRoute }) {
  const area = route.path.startsWith('/:username') ? (
    <CreatorRoute route={route} />
  ) : (
    <RemoteRoute key={route.path} route={route} />
  );
  return route.access ? (
    <RouteGuard access={route.access} area={route.area}>
      {area}
    </RouteGuard>
  ) : (
    area
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {AREA_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={<AreaElement route={route} />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
