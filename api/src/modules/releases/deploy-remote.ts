import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { federationName } from '@beabro/shared/contract/remote-contract';
import registry from '@beabro/shared/contract/remotes.json' with { type: 'json' };
import {
  isValidVersion,
  listReleases,
  liveVersion,
  readLiveMap,
  releaseFolder,
  releaseManifestUrl,
  switchRemote,
  type ReleaseInfo,
} from './release-store';

export class DeployError extends Error {}

export type DeployRequest =
  | { action: 'deploy'; remote: string; version: string | null; source: string | null }
  | { action: 'url'; remote: string; url: string }
  | { action: 'reset'; remote: string }
  | { action: 'list'; remote: string };

/** Builds the remote in `source` into `outDir` (a production build). */
export type RemoteBuilder = (source: string, outDir: string) => Promise<void>;

export interface DeployContext {
  releasesDir: string;
  /** Folder holding the workspace (the default source of a remote is <repoRoot>/<remote>). */
  repoRoot: string;
  /** The configured default entry of each remote (REMOTE_<NAME>_URL or the site build). */
  defaults: Record<string, string>;
  build: RemoteBuilder;
  now?: () => Date;
  log: (line: string) => void;
}

const REMOTES = new Map(registry.remotes.map((r) => [r.name, r]));

export const DEPLOY_USAGE = `Usage:
  pnpm deploy:remote <remote> [--version <version>] [--source <folder>]
      build <remote> into a new release and make it live (an existing version is made live again
      without building: that is a rollback)
  pnpm deploy:remote <remote> --url <manifest URL>   make a build hosted elsewhere live
  pnpm deploy:remote <remote> --reset                back to the configured default build
  pnpm deploy:remote <remote> --list                 the releases of <remote> and which one is live
Remotes: ${[...REMOTES.keys()].join(', ')}`;

function optionValue(args: string[], name: string): string | undefined {
  const inline = args.find((a) => a.startsWith(`${name}=`));
  if (inline) return inline.slice(name.length + 1);
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new DeployError(`${name} needs a value.\n${DEPLOY_USAGE}`);
  return value;
}

/** Parses the command line; relative paths are taken from `cwd` (where the user ran the command). */
export function parseDeployArgs(argv: string[], cwd: string): DeployRequest {
  const args = argv.filter((a) => a !== '--');
  const known = new Set(['--version', '--source', '--url', '--reset', '--list']);
  for (const arg of args) {
    if (arg.startsWith('--') && !known.has(arg.split('=')[0] ?? arg))
      throw new DeployError(`Unknown option ${arg}.\n${DEPLOY_USAGE}`);
  }
  const remote = args[0];
  if (!remote || remote.startsWith('--')) throw new DeployError(DEPLOY_USAGE);
  if (!REMOTES.has(remote))
    throw new DeployError(`"${remote}" is not a remote of this site. Remotes: ${[...REMOTES.keys()].join(', ')}.`);
  const version = optionValue(args, '--version');
  const source = optionValue(args, '--source');
  const url = optionValue(args, '--url');
  const modes = [args.includes('--reset'), args.includes('--list'), url !== undefined].filter(Boolean).length;
  if (modes > 1 || (modes === 1 && (version !== undefined || source !== undefined))) {
    throw new DeployError(`Use one of --version/--source, --url, --reset or --list at a time.\n${DEPLOY_USAGE}`);
  }
  if (args.includes('--reset')) return { action: 'reset', remote };
  if (args.includes('--list')) return { action: 'list', remote };
  if (url !== undefined) {
    if (!/^https?:\/\/[^/\s]+\/\S*$/.test(url) && !/^\/\S+$/.test(url))
      throw new DeployError(
        '--url must be an http(s) URL or an absolute path of a mf-manifest.json or remoteEntry.js.',
      );
    return { action: 'url', remote, url };
  }
  if (version !== undefined && !isValidVersion(version)) {
    throw new DeployError(
      '--version may use letters, digits, ".", "_" and "-" (at most 64 characters, starting with a letter or digit).',
    );
  }
  return {
    action: 'deploy',
    remote,
    version: version ?? null,
    source: source === undefined ? null : path.resolve(cwd, source),
  };
}

function defaultVersion(source: string, now: Date): string {
  const pkg = JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as { version?: string };
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `${pkg.version ?? '0.0.0'}-${stamp}`;
}

interface ManifestShape {
  name?: string;
  exposes?: { path?: string }[];
}

/** A build may only go live when it is the remote it claims to be and exposes every area the shell routes to. */
async function checkBuild(remote: string, outDir: string) {
  const manifestPath = path.join(outDir, 'mf-manifest.json');
  if (!existsSync(manifestPath))
    throw new DeployError(`The build of ${remote} has no mf-manifest.json; nothing was deployed.`);
  const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as ManifestShape;
  if (manifest.name !== federationName(remote)) {
    throw new DeployError(
      `The build is the container "${String(manifest.name)}", not ${federationName(remote)}; nothing was deployed.`,
    );
  }
  const exposed = new Set((manifest.exposes ?? []).map((e) => e.path));
  const missing = (REMOTES.get(remote)?.exposes ?? []).filter((e) => !exposed.has(e));
  if (missing.length > 0)
    throw new DeployError(`The build of ${remote} does not expose ${missing.join(', ')}; nothing was deployed.`);
  // A remote that renders public pages ships its server bundle in the same release, so one switch of
  // live.json changes (and a rollback restores) what the server renders and what the browser hydrates.
  const entry = REMOTES.get(remote);
  if (entry && 'ssr' in entry && entry.ssr === true && !existsSync(path.join(outDir, 'server', 'remoteEntry.js'))) {
    throw new DeployError(`The build of ${remote} has no server bundle (server/remoteEntry.js); nothing was deployed.`);
  }
}

function describe(releases: ReleaseInfo[], live: string | null, current: string | undefined, fallback: string): string {
  const lines = releases.map(
    (r) => `${r.version === live ? '* ' : '  '}${r.version}  (built ${r.builtAt.toISOString()})`,
  );
  if (lines.length === 0) lines.push('  (no releases yet)');
  lines.push(
    live ? `Live: release ${live}` : `Live: ${current ?? fallback}${current ? '' : ' (the configured default)'}`,
  );
  return lines.join('\n');
}

/** The options that make `previous` (an entry of live.json, or none) live again. */
export function rollbackArgs(remote: string, previous: string | null): string {
  if (!previous) return '--reset';
  const version = liveVersion({ [remote]: previous }, remote);
  return version ? `--version ${version}` : `--url ${previous}`;
}

/** Carries out one deploy request. Nothing changes for users until the final switch of live.json. */
export async function deployRemote(request: DeployRequest, ctx: DeployContext): Promise<{ live: string }> {
  const now = ctx.now ?? (() => new Date());
  const { remote } = request;
  const fallback = ctx.defaults[remote] ?? `/remotes/${remote}/mf-manifest.json`;

  if (request.action === 'list') {
    const map = await readLiveMap(ctx.releasesDir);
    ctx.log(describe(await listReleases(ctx.releasesDir, remote), liveVersion(map, remote), map[remote], fallback));
    return { live: map[remote] ?? fallback };
  }
  if (request.action === 'reset') {
    const { previous } = await switchRemote(ctx.releasesDir, remote, null, now());
    ctx.log(`${remote} is back on its configured default ${fallback}${previous ? ` (was ${previous})` : ''}.`);
    return { live: fallback };
  }
  if (request.action === 'url') {
    const { previous } = await switchRemote(ctx.releasesDir, remote, { url: request.url, version: null }, now());
    ctx.log(`${remote} now loads from ${request.url}${previous ? ` (was ${previous})` : ''}.`);
    return { live: request.url };
  }

  const source = request.source ?? path.join(ctx.repoRoot, remote);
  const existing = request.version ? releaseFolder(ctx.releasesDir, remote, request.version) : null;
  if (existing && existsSync(path.join(existing, 'mf-manifest.json'))) {
    if (request.source) {
      throw new DeployError(
        `Release ${request.version} of ${remote} exists already and releases never change: choose another --version.`,
      );
    }
    // Rollback (or roll forward) to a release built earlier: no build, only the switch.
    const url = releaseManifestUrl(remote, request.version!);
    const { previous } = await switchRemote(ctx.releasesDir, remote, { url, version: request.version }, now());
    ctx.log(`${remote} ${request.version} is live again (was ${previous ?? fallback}).`);
    return { live: url };
  }

  if (!existsSync(path.join(source, 'package.json'))) throw new DeployError(`No package.json in ${source}.`);
  const pkgName = (JSON.parse(readFileSync(path.join(source, 'package.json'), 'utf8')) as { name?: string }).name;
  if (pkgName !== remote) throw new DeployError(`${source} holds "${String(pkgName)}", not ${remote}.`);

  const version = request.version ?? defaultVersion(source, now());
  const finalDir = releaseFolder(ctx.releasesDir, remote, version);
  const buildDir = path.join(ctx.releasesDir, remote, `.building-${version}-${process.pid}`);
  await mkdir(path.dirname(buildDir), { recursive: true });
  ctx.log(`Building ${remote} from ${source} as release ${version}…`);
  try {
    await ctx.build(source, buildDir);
    await checkBuild(remote, buildDir);
    await rm(finalDir, { recursive: true, force: true }); // an incomplete folder of that name (no manifest)
    await rename(buildDir, finalDir);
  } catch (error) {
    await rm(buildDir, { recursive: true, force: true });
    throw error;
  }
  const url = releaseManifestUrl(remote, version);
  const { previous } = await switchRemote(ctx.releasesDir, remote, { url, version }, now());
  ctx.log(`${remote} ${version} is live at ${url}.`);
  ctx.log(`Roll back with: pnpm deploy:remote ${remote} ${rollbackArgs(remote, previous)}`);
  return { live: url };
}

/** Runs the remote's own Rspack CLI (a production build) with its output in `outDir`. */
export const rspackBuilder: RemoteBuilder = (source, outDir) =>
  new Promise((resolve, reject) => {
    let cli: string;
    try {
      const require = createRequire(path.join(source, 'package.json'));
      const pkgPath = require.resolve('@rspack/cli/package.json');
      const bin = (JSON.parse(readFileSync(pkgPath, 'utf8')) as { bin: Record<string, string> | string }).bin;
      cli = path.join(
        path.dirname(pkgPath),
        typeof bin === 'string' ? bin : (bin.rspack ?? Object.values(bin)[0] ?? ''),
      );
    } catch {
      reject(new DeployError(`@rspack/cli is not installed for ${source}: run "pnpm install" first.`));
      return;
    }
    const child = spawn(process.execPath, [cli, 'build', '--env', `outputPath=${outDir}`], {
      cwd: source,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new DeployError(`The build of ${source} failed (exit ${String(code)}); nothing was deployed.`)),
    );
  });
