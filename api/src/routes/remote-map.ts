import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config/env';
import { createLiveMapReader } from '../modules/releases/release-store';

/**
 * The runtime remote map the shell reads at start. The configured defaults are overridden by
 * RELEASES_DIR/live.json, which `pnpm deploy:remote` rewrites: a deploy or a rollback shows up on
 * the next page load, with no shell rebuild and no server restart.
 */
export async function remoteMapRoutes(app: FastifyInstance, { config }: { config: AppConfig }) {
  const readRemoteMap = createRemoteMapReader(config);
  app.get('/remotes.json', async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return readRemoteMap();
  });
}

/** The live remote map: the configured defaults, overridden by the releases made live in live.json. */
export function createRemoteMapReader(config: AppConfig): () => Promise<Record<string, string>> {
  const readLiveMap = createLiveMapReader(config.releasesDir);
  return async () => {
    const live = await readLiveMap();
    const map: Record<string, string> = { ...config.remoteMap };
    // Only remotes this site routes to: a stray entry in live.json must not register unknown containers.
    for (const name of Object.keys(config.remoteMap)) {
      const entry = live[name];
      if (entry !== undefined) map[name] = entry;
    }
    return map;
  };
}
