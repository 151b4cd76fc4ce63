/**
 * Capacity of server rendering: requests per second and p99 of a visitor's `/{username}` (rendered by the
 * renderer process, apart from the API) against the same page sent unrendered by the same server (a request
 * with a session cookie gets the shell page without server rendering: same route, same creator lookup, no
 * render), at 32 and 64 connections, on PGlite and on PostgreSQL. The two alternate in rounds, so a burst of
 * load elsewhere falls on both alike. The ratio is what rendering leaves of the server's page throughput.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm } from 'node:fs/promises';
import { autocannon, createPostgresDatabase, type LoadFigures } from '../api/lib';
import { startApiServer, type ApiServer } from '../lib/api-server';
import type { BenchFigure, BenchSection } from '../lib/result';
import { median, round } from '../lib/stats';
import { REPO_ROOT, runNode, tsxCli } from '../lib/workspace';
import { DEMO_CREATOR } from './pages';

const CONNECTIONS = [32, 64] as const;
const ROUNDS = 2;

type Engine = 'pglite' | 'postgres';
const ENGINE_NAMES: Record<Engine, string> = { pglite: 'PGlite', postgres: 'PostgreSQL' };

/** A server over the built site on the engine, with the demo data (PostgreSQL: a throwaway database). */
async function startServer(
  engine: Engine,
  siteDir: string,
  port: number,
): Promise<{ server: ApiServer; cleanUp: () => Promise<void> }> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'beabro-bench-render-'));
  const database = engine === 'postgres' ? await createPostgresDatabase('render') : null;
  // Pages of the last moment on both engines (PostgreSQL's default is off: see SERVER_RENDER_CACHE_MS).
  const env: Record<string, string> = {
    SERVER_RENDER_CACHE_MS: '1000',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
  const cleanUp = async () => {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // The server seeds the demo data only into an empty embedded database; PostgreSQL gets it from the
    // same command an operator would run.
    if (database) {
      await runNode([tsxCli('api'), 'src/seed/seed-command.ts'], {
        cwd: path.join(REPO_ROOT, 'api'),
        env: { DATABASE_URL: database.url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
        timeoutMs: 120_000,
      });
    }
    const server = await startApiServer({ siteDir, dataDir, port, env });
    return {
      server,
      cleanUp: async () => {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

async function assertRendered(baseUrl: string, url: string) {
  const body = await (await fetch(`${baseUrl}${url}`)).text();
  if (!/<div id="root"><[a-z]/.test(body) || !body.includes('"rendered":true'))
    throw new Error(`${url} was not rendered on the server`);
}

export async function renderCapacitySection({
  siteDir,
  port,
  seconds,
  engines,
}: {
  siteDir: string;
  port: number;
  /** Per figure, split over the rounds. */
  seconds: number;
  engines: readonly Engine[];
}): Promise<BenchSection> {
  const page = `/${DEMO_CREATOR.username}`;
  const figures: BenchFigure[] = [];
  const notes: string[] = [];
  for (const [index, engine] of engines.entries()) {
    let started;
    try {
      started = await startServer(engine, siteDir, port + index);
    } catch (error) {
      notes.push(`${ENGINE_NAMES[engine]}: not measured: ${(error as Error).message.split('\n')[0]}`);
      continue;
    }
    const { server, cleanUp } = started;
    try {
      const url = `${server.baseUrl}${page}`;
      await assertRendered(server.baseUrl, page);
      const unrendered = { cookie: 'bro_session=bench-unrendered' };
      // Warm-up (JIT, the renderer's container cache, pools), not counted.
      await autocannon(url, { connections: 8, seconds: 2 });
      await autocannon(url, { connections: 8, seconds: 2, headers: unrendered });
      for (const connections of CONNECTIONS) {
        const rendered: LoadFigures[] = [];
        const shell: LoadFigures[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          rendered.push(await autocannon(url, { connections, seconds: seconds / ROUNDS }));
          shell.push(await autocannon(url, { connections, seconds: seconds / ROUNDS, headers: unrendered }));
        }
        const rps = median(rendered.map((r) => r.requestsPerSecond));
        const baseRps = median(shell.map((r) => r.requestsPerSecond));
        const failed = [...rendered, ...shell].reduce((sum, r) => sum + r.non2xx + r.errors, 0);
        if (failed > 0)
          notes.push(`${ENGINE_NAMES[engine]}, ${connections} connections: ${failed} non-2xx answers or errors`);
        figures.push({
          id: `web.render.${engine}.c${connections}`,
          label: `Server-rendered ${page}, ${connections} connections (${ENGINE_NAMES[engine]})`,
          value: round(rps),
          unit: 'req/s',
          baseline: { label: `same page unrendered (${ENGINE_NAMES[engine]})`, value: round(baseRps) },
          ratio: round(rps / baseRps, 3),
          detail: {
            p99Ms: median(rendered.map((r) => r.p99)),
            p50Ms: median(rendered.map((r) => r.p50)),
            baselineP99Ms: median(shell.map((r) => r.p99)),
            requests: rendered.reduce((sum, r) => sum + r.total, 0),
          },
        });
      }
    } finally {
      await cleanUp();
    }
  }
  notes.push(
    `Server rendering runs in the renderer process, apart from the API (docs/renderer-isolation.md), and a complete ` +
      `render of an address is sent again for SERVER_RENDER_CACHE_MS (1 s here on both engines): many visitors ` +
      `of one link share one render a second. Every visit rendered: server-render-load.ts with SERVER_RENDER_CACHE_MS=0. Baseline: the same ` +
      `address from the same server with a session cookie, which sends the shell page unrendered. ${ROUNDS} alternating ` +
      `rounds, ${seconds} s per figure, median of rounds; autocannon in its own process on the same ${os.cpus().length} cores.`,
  );
  return { section: 'Server rendering capacity', figures, notes };
}
