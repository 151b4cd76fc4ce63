import { createRspackConfig, devPortOf, remoteRegistry } from '@beabro/shared/build/create-rspack-config';

const { remotes } = remoteRegistry();

// In development the remote map points at each remote's own dev server (hot reload per remote);
// in production the API server writes /remotes.json from its environment.
const devRemoteMap = Object.fromEntries(remotes.map((r) => [r.name, `http://localhost:${devPortOf(r.name)}/mf-manifest.json`]));

export default createRspackConfig({
  dir: import.meta.dirname,
  name: 'shell',
  kind: 'host',
  title: 'Be a Bro - Support the missions you believe in',
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
