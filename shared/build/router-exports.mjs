// Kept apart from create-rspack-config.mjs so its test runs without the build tools.

/**
 * What the apps may import from react-router-dom: its declarative-mode API (components, hooks and
 * path utilities; no data routers, server rendering or React Server Components). A shared module is
 * never tree-shaken, so sharing the package itself sent all of react-router (62 kB gzipped) to every
 * page; the share scope gets a module re-exporting only this list instead (about 15 kB): see
 * writeRouterModule() in create-rspack-config.mjs.
 * router-exports.test.mjs checks every import in the workspace is in it.
 */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'HashRouter',
  'MemoryRouter',
  'Router',
  'Routes',
  'Route',
  'Link',
  'NavLink',
  'Navigate',
  'Outlet',
  'NavigationType',
  'useHref',
  'useInRouterContext',
  'useLinkClickHandler',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useNavigationType',
  'useOutlet',
  'useOutletContext',
  'useParams',
  'useResolvedPath',
  'useRoutes',
  'useSearchParams',
  'createPath',
  'createRoutesFromChildren',
  'createRoutesFromElements',
  'createSearchParams',
  'generatePath',
  'matchPath',
  'matchRoutes',
  'parsePath',
  'renderMatches',
  'resolvePath',
];
