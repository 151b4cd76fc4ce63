// The shell's server bundle (dist/server/server.cjs), loaded by the API at run time. Async boundary as in
// the browser: shared singletons are negotiated with the Module Federation runtime before app code runs.
import type { PageRenderer, PageRendererOptions } from '@beabro/shared/contract/page-state';

export async function createPageRenderer(options: PageRendererOptions): Promise<PageRenderer> {
  const { createPageRenderer: create } = await import('./server/create-page-renderer');
  return create(options);
}
