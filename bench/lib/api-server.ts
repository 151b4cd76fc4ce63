import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, stopProcess, tsxCli } from './workspace';

export interface ApiServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/**
 * Starts the real production server (what `pnpm --filter api start` runs) over one site folder and
 * one data folder. An empty data folder is filled with the demo data on first start.
 */
export async function startApiServer({
  siteDir,
  dataDir,
  port,
  repoRoot = REPO_ROOT,
  env = {},
}: {
  siteDir: string;
  dataDir: string;
  port: number;
  /** The checkout whose API runs (another one's, to compare versions). */
  repoRoot?: string;
  /** More environment for the server (e.g. DATABASE_URL to run it on PostgreSQL). */
  env?: Record<string, string>;
}): Promise<ApiServer> {
  const apiDir = path.join(repoRoot, 'api');
  const child: ChildProcess = spawn(process.execPath, [tsxCli('api'), 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...process.env,
      SITE_DIR: siteDir,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      DEV_MAILBOX: 'false',
      // The page-weight benchmark splits each file by library through its source map.
      SERVE_SOURCE_MAPS: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The API server on port ${port} exited (code ${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return { baseUrl, stop: () => stopProcess(child) };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stopProcess(child);
  throw new Error(`The API server on port ${port} did not answer /api/health within 120 s:\n${output}`);
}
