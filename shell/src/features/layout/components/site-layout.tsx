import { matchPath, Outlet, useLocation, useSearchParams } from 'react-router-dom';
import { EmbedLayout } from './embed-layout';
import { PageNotice } from './page-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The checkout opened by /embed.js on a creator's website: `/{username}/support?embed=1`. */
export function isEmbedPage(pathname: string, search: URLSearchParams): boolean {
  return search.get('embed') === '1' && matchPath('/:username/support', pathname) !== null;
}

export function SiteLayout() {
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  if (isEmbedPage(pathname, search)) return <EmbedLayout />;
  return (
    <div css={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <SiteHeader />
      <main id="main" tabIndex={-1} css={{ flex: 1, outline: 'none' }}>
        <PageNotice />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
