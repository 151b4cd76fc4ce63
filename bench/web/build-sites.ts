import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT, resolveFrom, runNode } from '../lib/workspace';

const registry = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shared/src/contract/remotes.json'), 'utf8')) as {
  remotes: { name: string }[];
};

export const REMOTE_NAMES: readonly string[] = registry.remotes.map((remote) => remote.name);

function rspackCli(app: string): string {
  const pkg = resolveFrom(app, '@rspack/cli/package.json');
  return path.join(path.dirname(pkg), 'bin', 'rspack.js');
}

/** `rspack build` of one app into `<siteDir>/<app>/dist` (the layout the API server's SITE_DIR expects). */
async function buildApp(app: string, siteDir: string, extraArgs: string[] = []) {
  await runNode([rspackCli(app), 'build', ...extraArgs, '--env', `outputPath=${path.join(siteDir, app, 'dist')}`], {
    cwd: path.join(REPO_ROOT, app),
    // What pnpm's bin shim sets for `pnpm --filter <app> build`: the config factory lives in shared/
    // (no build tools of its own) and resolves @rspack/core and the federation plugin through it.
    env: {
      NODE_PATH: [
        path.join(REPO_ROOT, app, 'node_modules'),
        path.join(REPO_ROOT, 'node_modules', '.pnpm', 'node_modules'),
      ].join(path.delimiter),
    },
    timeoutMs: 180_000,
  });
}

/** The composed site, exactly as `pnpm build` makes it: the shell and every remote, each its own build. */
export async function buildComposedSite(siteDir: string) {
  await rm(siteDir, { recursive: true, force: true });
  for (const app of ['shell', ...REMOTE_NAMES]) await buildApp(app, siteDir);
}

/** The same pages as one build without Module Federation (bench/single-bundle/rspack.config.mjs). */
export async function buildSingleBundleSite(siteDir: string) {
  await rm(siteDir, { recursive: true, force: true });
  await buildApp('shell', siteDir, ['-c', path.join(REPO_ROOT, 'bench/single-bundle/rspack.config.mjs')]);
}
