import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  BUNDLED_SHARED_MODULES,
  SHARED_PACKAGE,
  sharedModuleRequests,
  sharedPackageSubpaths,
} from './shared-package-modules.mjs';

const sharedDir = path.resolve(import.meta.dirname, '..');

describe('the @beabro/shared modules in the federation share scope', () => {
  it('lists every module an app imports by subpath, as the package exports resolve it', () => {
    const subpaths = sharedPackageSubpaths();
    expect(subpaths).toEqual(
      expect.arrayContaining([
        'session/session-store',
        'ui/button',
        'api/api-client',
        'theme/theme',
        'contract/remotes.json',
        'ui/icons/check',
        'ui/icon',
      ]),
    );
    // Each listed subpath is a file the package's "exports" send that request to (ui/* are .tsx, the rest .ts).
    for (const subpath of subpaths.filter((s) => !s.endsWith('.json') && !s.startsWith('testing/'))) {
      const file = path.join(sharedDir, 'src', subpath.startsWith('ui/') ? `${subpath}.tsx` : `${subpath}.ts`);
      expect(existsSync(file), `${subpath} -> ${file}`).toBe(true);
    }
    expect(subpaths.some((s) => s.endsWith('.test'))).toBe(false);
  });

  it('shares the stateful modules (one instance per page) and leaves every icon to the app that draws it', () => {
    const requests = sharedModuleRequests();
    expect(requests).toEqual(
      expect.arrayContaining([
        `${SHARED_PACKAGE}/session/session-store`,
        `${SHARED_PACKAGE}/ui/toast`,
        `${SHARED_PACKAGE}/ui/app-providers`,
      ]),
    );
    expect(requests.filter((r) => r.startsWith(`${SHARED_PACKAGE}/ui/icons/`))).toEqual([]);
    expect(sharedPackageSubpaths().filter((s) => BUNDLED_SHARED_MODULES.test(s)).length).toBeGreaterThan(40);
    // Nothing shared by prefix: a prefix would put every icon back into every container's share scope.
    expect(requests.some((r) => r.endsWith('/'))).toBe(false);
  });
});
