/**
 * `tsx bench/web/server-render-load.ts [--before DIR [--before-site]] [--connections 32,64] [--seconds 30] [--port 4500]`
 *
 * Throughput and p99 of a server-rendered public page (/pixelpat, a visitor without a cookie) on the
 * production server over the built site (`pnpm build` first), PGlite, with autocannon. With `--before`,
 * the API of another checkout (for example main's code, extracted with `git archive`, its
 * node_modules linked from this one) runs over the same site beside this one, and the two are
 * measured in alternating rounds in the same run, so the machine's load falls on both alike.
 * `--before-site` serves the other checkout's own build instead (`pnpm build` there first): for a
 * version whose API and shell speak another server-rendering contract than this one's.
 */
import '../lib/production-mode';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { autocannon, type LoadFigures } from '../api/lib';
import { startApiServer, type ApiServer } from '../lib/api-server';
import { median, round } from '../lib/stats';
import { REPO_ROOT } from '../lib/workspace';

const ROUNDS = 3;
const PAGE = '/pixelpat';

const { values: args } = parseArgs({
  options: {
    before: { type: 'string' },
    'before-site': { type: 'boolean', default: false },
    connections: { type: 'string', default: '32,64' },
    seconds: { type: 'string', default: '30' },
    port: { type: 'string', default: '4500' },
  },
});
const connectionCounts = args.connections.split(',').map(Number);
const seconds = Number(args.seconds);
const versions = [
  ...(args.before
    ? [
        {
          label: 'before',
          root: path.resolve(args.before),
          site: args['before-site'] ? path.resolve(args.before) : REPO_ROOT,
        },
      ]
    : []),
  { label: 'this checkout', root: REPO_ROOT, site: REPO_ROOT },
];

/** Only a server-rendered page counts: its #root holds markup, and the area was rendered. */
async function assertRendered(label: string, server: ApiServer) {
  const body = await (await fetch(`${server.baseUrl}${PAGE}`)).text();
  if (!/<div id="root"><[a-z]/.test(body) || !body.includes('"rendered":true'))
    throw new Error(`${label}: ${PAGE} was not rendered on the server`);
}

const servers: { label: string; server: ApiServer; dataDir: string }[] = [];
try {
  for (const [index, version] of versions.entries()) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beabro-bench-ssr-'));
    const server = await startApiServer({
      siteDir: version.site,
      dataDir,
      port: Number(args.port) + index,
      repoRoot: version.root,
    });
    servers.push({ label: version.label, server, dataDir });
    await assertRendered(version.label, server);
    await autocannon(`${server.baseUrl}${PAGE}`, { connections: 8, seconds: 2 });
  }
  const results: Record<string, Record<number, LoadFigures[]>> = {};
  for (const connections of connectionCounts) {
    for (let i = 0; i < ROUNDS; i++) {
      for (const { label, server } of servers) {
        const figures = await autocannon(`${server.baseUrl}${PAGE}`, { connections, seconds: seconds / ROUNDS });
        ((results[label] ??= {})[connections] ??= []).push(figures);
      }
    }
  }
  console.log(
    `Server-rendered ${PAGE}, PGlite, ${seconds} s per figure in ${ROUNDS} alternating rounds (median of rounds)`,
  );
  console.table(
    servers.flatMap(({ label }) =>
      connectionCounts.map((connections) => {
        const runs = results[label]?.[connections] ?? [];
        return {
          version: label,
          connections,
          'requests/s': round(median(runs.map((r) => r.requestsPerSecond))),
          'p99 ms': round(median(runs.map((r) => r.p99))),
          'non-2xx': runs.reduce((sum, r) => sum + r.non2xx, 0),
          errors: runs.reduce((sum, r) => sum + r.errors, 0),
        };
      }),
    ),
  );
} finally {
  for (const { server, dataDir } of servers) {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
