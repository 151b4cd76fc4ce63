import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const run = promisify(execFile);

/**
 * Runs the documented deploy command (`pnpm deploy:remote ...`) against the end-to-end server's
 * data folder, exactly as a team would against production.
 */
export async function deployRemote(...args: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through playwright.config.ts');
  return runPnpm(['deploy:remote', ...args], { DATA_DIR: dataDir });
}

/** Runs a documented pnpm command of the workspace (`pnpm <args>`) with extra environment; its output. */
export async function runPnpm(args: string[], env: Record<string, string>): Promise<string> {
  // pnpm itself when it is on PATH (quicker), otherwise the pinned one through npx as the README does.
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir && existsSync(path.join(dir, 'pnpm')));
  const [command, ...prefix] = onPath ? ['pnpm'] : ['npx', '-y', 'pnpm@10.34.9'];
  try {
    const { stdout } = await run(command, [...prefix, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const failure = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`pnpm ${args.join(' ')} failed:\n${failure.stdout ?? ''}\n${failure.stderr ?? failure.message}`);
  }
}

/**
 * A throw-away copy of a remote's source (as a team's branch would be), sharing the installed
 * node_modules, with some files replaced. Returns the folder.
 */
export async function copyRemoteSource(remote: string, replace: Record<string, string> = {}): Promise<string> {
  const parent = await mkdtemp(path.join(os.tmpdir(), `beabro-${remote}-`));
  const folder = path.join(parent, remote);
  const original = path.join(REPO_ROOT, remote);
  await cp(original, folder, {
    recursive: true,
    filter: (source) => !['node_modules', 'dist'].includes(path.relative(original, source).split(path.sep)[0] ?? ''),
  });
  await symlink(path.join(original, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
  for (const [file, content] of Object.entries(replace)) await writeFile(path.join(folder, file), content);
  return folder;
}

export async function replaceInFile(file: string, from: string, to: string) {
  const text = await readFile(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${file} does not contain "${from}"`);
  await writeFile(file, text.replace(from, to));
}

export async function readFixture(name: string): Promise<string> {
  return readFile(path.join(REPO_ROOT, 'e2e', 'fixtures', 'broken-remotes', name), 'utf8');
}

export async function removeFolder(folder: string) {
  await rm(path.dirname(folder), { recursive: true, force: true });
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
  '.css': 'text/css',
};

/** A remote's own static server on another origin (as a team's CDN would be), which a test can stop and start. */
export class RemoteServer {
  private server: Server | null = null;
  port = 0;

  constructor(private readonly root: string) {}

  get manifestUrl() {
    return `http://127.0.0.1:${this.port}/mf-manifest.json`;
  }

  async start(): Promise<void> {
    const server = createServer((req, res) => {
      const name = path.normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/')).replace(/^([/\\])+/, '');
      const file = path.join(this.root, name);
      res.setHeader('Access-Control-Allow-Origin', '*');
      if (!file.startsWith(this.root)) {
        res.writeHead(400).end();
        return;
      }
      readFile(file).then(
        (body) =>
          res
            .writeHead(200, {
              'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
              'Cache-Control': 'no-store',
            })
            .end(body),
        () => res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found'),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** A copy of a remote's production build, to be served by a RemoteServer. */
export async function copyBuild(remote: string): Promise<string> {
  const parent = await mkdtemp(path.join(os.tmpdir(), `beabro-${remote}-build-`));
  const folder = path.join(parent, 'dist');
  await cp(path.join(REPO_ROOT, remote, 'dist'), folder, { recursive: true });
  return folder;
}
