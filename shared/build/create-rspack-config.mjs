// One Rspack + Module Federation config for the shell and every remote, so the list of shared
// singletons, the JSX set-up (emotion) and the output naming are declared exactly once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';

const registry = JSON.parse(readFileSync(new URL('../src/contract/remotes.json', import.meta.url), 'utf8'));

/** Packages that must exist once per page; the key is the import request, the value its package. */
export const SINGLETON_REQUESTS = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react/jsx-dev-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  'react-router-dom': 'react-router-dom',
  zustand: 'zustand',
  '@emotion/react': '@emotion/react',
  '@emotion/react/jsx-runtime': '@emotion/react',
  '@emotion/react/jsx-dev-runtime': '@emotion/react',
  '@tanstack/react-query': '@tanstack/react-query',
};

export const SHARED_PACKAGE = '@beabro/shared';

/** Container names are JS identifiers (the same rule as federationName() in src/contract/remote-contract.ts). */
const federationName = (name) => name.replace(/-/g, '_');

export function sharedSingletons(pkg) {
  const deps = { ...pkg.devDependencies, ...pkg.dependencies };
  const shared = {};
  for (const [request, pkgName] of Object.entries(SINGLETON_REQUESTS)) {
    const version = deps[pkgName];
    if (!version) throw new Error(`${pkg.name}: ${pkgName} must be a dependency to be shared`);
    shared[request] = { singleton: true, requiredVersion: version };
  }
  // The workspace package is shared by prefix (every subpath) with no version check: one
  // instance of the session store, theme and query client across shell and remotes.
  shared[`${SHARED_PACKAGE}/`] = { singleton: true, requiredVersion: false };
  return shared;
}

export function remoteRegistry() {
  return registry;
}

function htmlPage(title) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="theme-color" content="#4f46e5" />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
}

/**
 * @param {{ dir: string, name: string, kind: 'host' | 'remote', title: string,
 *           devServer?: import('@rspack/dev-server').Configuration }} options
 */
export function createRspackConfig({ dir, name, kind, title, devServer = {} }) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const remote = registry.remotes.find((r) => r.name === name);
  const port = kind === 'host' ? registry.shell.devPort : remote?.devPort;
  if (kind === 'remote' && !remote) throw new Error(`${name} is not listed in shared/src/contract/remotes.json`);

  return (env) => {
    const isDev = Boolean(env?.RSPACK_SERVE);
    const exposes = {};
    for (const key of remote?.exposes ?? []) exposes[key] = `./src/exposes/${key.slice(2)}.tsx`;

    return {
      context: dir,
      mode: isDev ? 'development' : 'production',
      devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
      entry: { main: './src/index.ts' },
      output: {
        // `rspack build --env outputPath=/abs/dir` builds elsewhere (a versioned release, a benchmark).
        path: env?.outputPath ? path.resolve(env.outputPath) : path.join(dir, 'dist'),
        // The shell is served at the site root and must load deep links; remotes live wherever
        // their manifest is deployed.
        publicPath: kind === 'host' ? '/' : 'auto',
        filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
        chunkFilename: isDev ? '[name].js' : '[name].[contenthash:10].js',
        cssFilename: '[name].[contenthash:10].css',
        uniqueName: federationName(name),
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'] },
      module: {
        rules: [
          {
            test: /\.[cm]?tsx?$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: {
                  react: {
                    runtime: 'automatic',
                    importSource: '@emotion/react',
                    development: isDev,
                    refresh: isDev,
                  },
                },
              },
              env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' },
            },
            type: 'javascript/auto',
          },
          { test: /\.(png|jpe?g|svg|webp|woff2?)$/, type: 'asset' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name: federationName(name),
          filename: kind === 'remote' ? 'remoteEntry.js' : undefined,
          exposes: kind === 'remote' ? exposes : undefined,
          shared: sharedSingletons(pkg),
          manifest: kind === 'remote' ? { fileName: 'mf-manifest.json' } : false,
          dts: false,
        }),
        new rspack.HtmlRspackPlugin({
          templateContent: htmlPage(title),
          // Only the app entry: remoteEntry.js is for hosts, loading it here too would start a second container.
          chunks: ['main'],
          // The dev harness serves deep links such as /pixelpat/support: scripts must load from the root.
          ...(isDev ? { publicPath: '/' } : {}),
          favicon: path.join(path.dirname(new URL(import.meta.url).pathname), 'favicon.svg'),
        }),
        isDev && new ReactRefreshRspackPlugin(),
      ].filter(Boolean),
      optimization: { moduleIds: isDev ? 'named' : 'deterministic' },
      // Rspack compiles dynamic imports on first request in development; that first request then
      // arrives as a hot update, which Module Federation's shared-module consumers cannot apply.
      lazyCompilation: false,
      performance: false,
      devServer: {
        port,
        host: 'localhost',
        // Reached as localhost and 127.0.0.1 alike (and from the shell's origin for hot updates).
        allowedHosts: 'all',
        hot: true,
        historyApiFallback: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        // Standalone remotes talk to the API started by `pnpm --filter api dev` as the shell does.
        proxy: [{ context: ['/api'], target: `http://127.0.0.1:${registry.api.devPort}` }],
        ...devServer,
      },
      stats: 'errors-warnings',
    };
  };
}
