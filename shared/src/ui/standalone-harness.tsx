import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import type { RemoteAreaProps } from '@beabro/shared/contract/remote-contract';
import { AppProviders } from '@beabro/shared/ui/app-providers';
import { PageContainer } from '@beabro/shared/ui/page-container';

export interface StandaloneArea {
  path: string;
  label: string;
  Component: ComponentType<RemoteAreaProps>;
}

/**
 * Runs one remote on its own (its dev server and its own build): provides what the shell normally
 * provides (theme, query client, toasts, router) plus a thin frame that says which remote this is.
 */
export function renderStandalone(remoteName: string, areas: StandaloneArea[]) {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <header
            css={(theme) => ({ background: theme.color.text, color: theme.color.textInverse, padding: '0.5rem 0' })}
          >
            <PageContainer css={{ display: 'flex', gap: '1rem', alignItems: 'center', flexWrap: 'wrap' }}>
              <strong>{remoteName} (standalone)</strong>
              <nav aria-label="Areas of this remote" css={{ display: 'flex', gap: '0.75rem' }}>
                {areas.map((area) => (
                  <a key={area.path} href={area.path} css={(theme) => ({ color: theme.color.textInverse })}>
                    {area.label}
                  </a>
                ))}
              </nav>
            </PageContainer>
          </header>
          <main id="main">
            <Routes>
              {areas.map(({ path, Component }) => (
                <Route key={path} path={`${path}/*`} element={<Component basePath={path} />} />
              ))}
              {areas[0] ? <Route path="*" element={<Navigate to={areas[0].path} replace />} /> : null}
            </Routes>
          </main>
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
