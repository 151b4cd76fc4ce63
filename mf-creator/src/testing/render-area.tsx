import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';

/** Shows where the app is, so a test can check navigation and the query string. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders an area at `path` the way the shell would, with a stand-in home page and a location probe. */
export function renderArea(
  element: ReactElement,
  { path, route, outside }: { path: string; route: string; outside?: ReactElement },
) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={element} />
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="*" element={<h1>Elsewhere</h1>} />
      </Routes>
      <LocationProbe />
      {outside}
    </>,
    { route },
  );
}
