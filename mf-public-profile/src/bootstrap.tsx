import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Navigate, Route, Routes } from 'react-router-dom';
import { SessionSync } from '@beabro/shared/ui/session-sync';
import { AppProviders } from '@beabro/shared/ui/app-providers';
import { PageContainer } from '@beabro/shared/ui/page-container';
import ProfileArea from './exposes/profile';
import PostArea from './exposes/post';
import SupportArea from './exposes/support';

/*
 * Standalone harness for this remote (`pnpm --filter mf-public-profile dev`, or its own build). The shared
 * renderStandalone() links to each area's path, which does not work for "/:username" routes, so this one
 * mirrors it with the parameterised routes and links to a demo creator. It also keeps the session
 * store in sync with the API, as the shell does, so Follow and the checkout prefill work on their own.
 */

const DEMO_CREATOR = 'pixelpat';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <SessionSync />
        <header
          css={(theme) => ({ background: theme.color.text, color: theme.color.textInverse, padding: '0.5rem 0' })}
        >
          <PageContainer css={{ display: 'flex', gap: '1rem', alignItems: 'center', flexWrap: 'wrap' }}>
            <strong>mf-public-profile (standalone)</strong>
            <nav aria-label="Areas of this remote" css={{ display: 'flex', gap: '0.75rem' }}>
              {/* Client-side links: the remote's page loads its script relative to the URL, so a deep page is reached from inside. */}
              <Link to={`/${DEMO_CREATOR}`} css={(theme) => ({ color: theme.color.textInverse })}>
                Creator profile
              </Link>
              <Link to={`/${DEMO_CREATOR}/support`} css={(theme) => ({ color: theme.color.textInverse })}>
                Support page
              </Link>
            </nav>
          </PageContainer>
        </header>
        <main id="main">
          <Routes>
            <Route path="/:username" element={<ProfileArea basePath="/:username" />} />
            <Route path="/:username/support" element={<SupportArea basePath="/:username/support" />} />
            <Route path="/:username/posts/:post" element={<PostArea basePath="/:username/posts/:post" />} />
            <Route path="*" element={<Navigate to={`/${DEMO_CREATOR}`} replace />} />
          </Routes>
        </main>
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);
