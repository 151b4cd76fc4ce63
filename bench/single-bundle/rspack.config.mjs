// The "single bundle" build mode, kept only for the composition benchmark (bench/web/composition-cost.ts):
// the shell and every remote's exposed areas in one Rspack build with no Module Federation. Each area
// is still its own lazily loaded chunk (a plain import()), as any single-page app would split routes,
// so the comparison isolates what federation itself costs: remote map, remoteEntry and manifest
// requests, the federation runtime and shared-module negotiation. It lives in bench/ so the product
// keeps its rule that the shell never imports a remote at build time.
//
//   pnpm --filter shell exec rspack build -c ../bench/single-bundle/rspack.config.mjs --env outputPath=/abs/dir
import path from 'node:path';
// Like every app's build, run it through pnpm's bin shim (or with NODE_PATH set as bench/web/build-sites.ts
// does) so the factory, which has no build tools of its own, resolves @rspack/core.
import { createRspackConfig } from '../../shared/build/create-rspack-config.mjs';

const here = import.meta.dirname;
const shellDir = path.resolve(here, '../../shell');

const composed = createRspackConfig({
  dir: shellDir,
  name: 'shell',
  kind: 'host',
  title: 'Be a Bro - Support the missions you believe in',
});

/** Swaps the shell's runtime remote map for one that lists every bundled area (no /remotes.json fetch). */
const replaceRemoteMap = {
  apply(compiler) {
    new compiler.webpack.NormalModuleReplacementPlugin(/(^|[\\/])remote-map$/, path.join(here, 'remote-map.js')).apply(
      compiler,
    );
  },
};

export default (env) => {
  if (!env?.outputPath)
    throw new Error('The single-bundle build only builds elsewhere: pass --env outputPath=/abs/dir');
  // The shell's production build is [browser, server]: only the browser build is compared here (the
  // single bundle renders in the browser; the server is sent no shell server bundle).
  const built = composed(env);
  const config = Array.isArray(built) ? built[0] : built;
  return {
    ...config,
    // No async boundary needed: there is no share scope to negotiate.
    entry: { main: './src/bootstrap.tsx' },
    output: { ...config.output, uniqueName: 'single_bundle' },
    resolve: {
      ...config.resolve,
      // This folder's modules import react-router-dom like the shell does.
      modules: ['node_modules', path.join(shellDir, 'node_modules')],
      // loadRemote() resolves an area from the static table instead of a remote container.
      alias: { '@module-federation/enhanced/runtime$': path.join(here, 'federation-runtime.js') },
    },
    plugins: [
      ...config.plugins.filter((plugin) => plugin.constructor.name !== 'ModuleFederationPlugin'),
      replaceRemoteMap,
    ],
  };
};
