import path from 'node:path';
import { createRspackConfig, devPortOf, remoteRegistry } from '@beabro/shared/build/create-rspack-config';

const { remotes } = remoteRegistry();

// In development the remote map points at each remote's own dev server (hot reload per remote);
// in production the API server writes /remotes.json from its environment.
const devRemoteMap = Object.fromEntries(
  remotes.map((r) => [r.name, `http://localhost:${devPortOf(r.name)}/mf-manifest.json`]),
);

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
    output: {
      path: outputPath,
      filename: 'embed.js',
      publicPath: '/',
      iife: true,
      clean: false,
      uniqueName: 'beabro_embed',
    },
    resolve: { extensions: ['.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: { parser: { syntax: 'typescript' } },
            env: { targets: 'chrome >= 100, firefox >= 100, safari >= 15' },
          },
          type: 'javascript/auto',
        },
      ],
    },
    optimization: { splitChunks: false, runtimeChunk: false },
    // The dev server serves it (from the shell's dev server) without its hot-reload client: the file runs on other sites.
    devServer: false,
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
    setupMiddlewares: (middlewares, server) => {
      // /embed.js comes from its own compiler, which the dev server leaves alone (devServer: false above, so no
      // hot-reload client in it): served here from that compiler's output.
      middlewares.unshift({
        name: 'dev-embed-script',
        path: '/embed.js',
        middleware: (_req, res, next) => {
          const embed = server.compiler.compilers?.find((compiler) => compiler.name === 'shell-embed');
          if (!embed) return next();
          embed.outputFileSystem.readFile(path.join(embed.outputPath, embedScript.file), (error, content) => {
            if (error) return next();
            res.setHeader('Content-Type', 'text/javascript; charset=utf-8');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(content);
          });
        },
      });
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
