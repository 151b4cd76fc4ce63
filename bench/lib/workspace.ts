import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The repository root (bench/ is one of its workspace packages). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const BENCH_DIR = path.join(REPO_ROOT, 'bench');

/** Absolute path of a package's file as seen from one workspace package (pnpm gives each its own links). */
export function resolveFrom(workspacePackage: string, request: string): string {
  return createRequire(path.join(REPO_ROOT, workspacePackage, 'package.json')).resolve(request);
}

/** The tsx command line interface, as the API's own `start` script runs it. */
export function tsxCli(workspacePackage = 'bench'): string {
  return resolveFrom(workspacePackage, 'tsx/cli');
}

export interface RunOptions {
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Kill the command after this long (it then fails). */
  timeoutMs?: number;
  /** Print the command's output as it runs (otherwise it is kept and shown only on failure). */
  inheritOutput?: boolean;
}

/** Runs `node <args>` to completion; rejects with its output when it fails or times out. */
export function runNode(args: string[], options: RunOptions): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: options.inheritOutput ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let timedOut = false;
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
        }, options.timeoutMs)
      : undefined;
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (timer) clearTimeout(timer);
      const what = `node ${args.map((a) => (a.startsWith(`${REPO_ROOT}${path.sep}`) ? path.relative(REPO_ROOT, a) : a)).join(' ')}`;
      if (timedOut)
        reject(
          new Error(
            `${what} did not finish within ${Math.round((options.timeoutMs ?? 0) / 1000)} s\n${output.slice(-4000)}`,
          ),
        );
      else if (code === 0) resolve();
      else reject(new Error(`${what} failed (${signal ?? `exit code ${code}`})\n${output.slice(-4000)}`));
    });
  });
}

/** Stops a child process: SIGTERM, then SIGKILL if it has not exited after `graceMs`. */
export function stopProcess(child: ChildProcess, graceMs = 15_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
