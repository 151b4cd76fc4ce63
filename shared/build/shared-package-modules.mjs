// Which modules of @beabro/shared go into the Module Federation share scope (create-rspack-config.mjs).
// No build tools imported here, so its unit test runs without Rspack.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const SHARED_PACKAGE = '@beabro/shared';

/**
 * Modules of @beabro/shared that each app bundles itself instead of sharing, by import subpath. Only
 * stateless modules belong here (a stateful one must exist once per page). The icons: a shared module
 * costs an entry in the share scope of every container that imports it (about 450 bytes of each
 * remoteEntry.js, on every page whether it draws that icon or not) and is negotiated and loaded as a
 * module of its own; an icon is a few hundred bytes of markup, so each app carrying only the icons it
 * draws is smaller than sharing them. The card fields and their Stripe.js client (payments/, ui/payments/): stateless,
 * used by a few pages only, and the Stripe field lazy-loaded by them; shared, they would sit in every container's
 * shared modules file on every page.
 */
export const BUNDLED_SHARED_MODULES = /^(ui\/icons\/|ui\/payments\/|payments\/)/;

const sharedPackageDir = path.resolve(import.meta.dirname, '..');

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(file) : [file];
  });
}

/**
 * The import subpaths of every module of @beabro/shared (`ui/button`, `api/api-client`,
 * `contract/remotes.json`, ...): the package.json "exports" applied in reverse to the files under
 * src/, test files left out.
 */
export function sharedPackageSubpaths() {
  const { exports } = JSON.parse(readFileSync(path.join(sharedPackageDir, 'package.json'), 'utf8'));
  const subpaths = new Set();
  for (const file of filesUnder(path.join(sharedPackageDir, 'src'))) {
    if (/\.test\.[cm]?[jt]sx?$/.test(file)) continue;
    const target = `./${path.relative(sharedPackageDir, file).split(path.sep).join('/')}`;
    for (const [key, pattern] of Object.entries(exports)) {
      const star = pattern.indexOf('*');
      if (star === -1) {
        if (pattern === target) subpaths.add(key.slice(2));
        continue;
      }
      const before = pattern.slice(0, star);
      const after = pattern.slice(star + 1);
      if (target.length > before.length + after.length && target.startsWith(before) && target.endsWith(after)) {
        subpaths.add(key.slice(2).replace('*', target.slice(before.length, target.length - after.length)));
      }
    }
  }
  return [...subpaths].sort();
}

/**
 * The requests shared as singletons, one by one rather than as the prefix `@beabro/shared/`: Rspack's
 * federation cannot leave part of a shared prefix out (it ignores `exclude`). A module added to
 * shared/src is in this list at the next build.
 */
export function sharedModuleRequests() {
  return sharedPackageSubpaths()
    .filter((subpath) => !BUNDLED_SHARED_MODULES.test(subpath))
    .map((subpath) => `${SHARED_PACKAGE}/${subpath}`);
}
