import { Outlet } from 'react-router-dom';
import { PageNotice } from './page-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function SiteLayout() {
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
