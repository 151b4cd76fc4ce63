import { useLocation } from 'react-router-dom';

/** Shows where the router is, so tests can assert redirects and navigation. */
export function Where() {
  const location = useLocation();
  return <output aria-label="current location">{`${location.pathname}${location.search}`}</output>;
}
