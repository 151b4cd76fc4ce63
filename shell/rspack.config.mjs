import { createRspackConfig, devPortOf, remoteRegistry } from '@beabro/shared/build/create-rspack-config';

const { remotes } = remoteRegistry();

// In development the remote map points at each remote's own dev server (hot reload per remote);
// in production the API server writes /remotes.json from its environment.
const devRemoteMap = Object.fromEntries(remotes.map((r) => [r.name, `http://localhost:${devPortOf(r.name)}/mf-manifest.json`]));

/**
 * /embed.js, the support button for creators' own websites: plain TypeScript in one file, no Module
 * Federation, no shared chunks, no React. Its URL is stable (pasted into other sites), so no content hash;
 * the server revalidates it (see api/src/plugins/static-site.ts).
 */
const embedScript = {
  file: 'embed.js',
  config: ({ outputPath, isDev }) => ({
    name: 'shell-embed',
    context: import.meta.dirname,
    mode: isDev ? 'development' : 'production',
    devtool: false,
    target: 'web',
    entry: { embed: './src/embed/index.ts' },
    output: { path: outputPath, filename: 'embed.js', publicPath: '/', iife: true, clean: false, uniqueName: 'beabro_embed' },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: { jsc: { parser: { syntax: 'typescript' } }, env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' } },
          type: 'javascript/auto',
        },
      ],
    },
    optimization: { splitChunks: false, runtimeChunk: false },
    performance: false,
    stats: 'errors-warnings',
  }),
};

export default createRspackConfig({
  dir: import.meta.dirname,
  name: 'shell',
  kind: 'host',
  title: 'Be a Bro - Support the missions you believe in',
  companions: [embedScript],
  devServer: {
    setupMiddlewares: (middlewares) => {
      middlewares.unshift({
        name: 'dev-remote-map',
        path: '/remotes.json',
        middleware: (_req, res) => {
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('Cache-Control', 'no-cache');
          res.end(JSON.stringify(devRemoteMap));
        },
      });
      return middlewares;
    },
  },
});
