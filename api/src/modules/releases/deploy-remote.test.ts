import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  DeployError,
  deployRemote,
  parseDeployArgs,
  rollbackArgs,
  type DeployContext,
  type RemoteBuilder,
} from './deploy-remote';
import { createLiveMapReader, HISTORY_FILE, LIVE_MAP_FILE, listReleases, readLiveMap } from './release-store';
import { makeTempDir } from '../../testing/temp-dir';

const DEFAULTS = {
  'mf-help': '/remotes/mf-help/mf-manifest.json',
  'mf-marketing': '/remotes/mf-marketing/mf-manifest.json',
};

/** A source folder that looks like a remote package. */
function fakeSource(name = 'mf-help') {
  const dir = makeTempDir('source');
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: '1.2.3' }));
  return dir;
}

/** Writes what a remote build writes; `label` lands in remoteEntry.js so releases can be told apart. */
function fakeBuilder(
  label: string,
  manifest: object = { name: 'mf_help', exposes: [{ path: './help' }] },
  withServerBundle = true,
): RemoteBuilder & { calls: number } {
  const builder = Object.assign(
    async (_source: string, outDir: string) => {
      builder.calls += 1;
      mkdirSync(outDir, { recursive: true });
      writeFileSync(path.join(outDir, 'mf-manifest.json'), JSON.stringify(manifest));
      writeFileSync(path.join(outDir, 'remoteEntry.js'), `var mf_help = ${JSON.stringify(label)};`);
      writeFileSync(path.join(outDir, '__federation_expose_help.0123456789.js'), label);
      if (withServerBundle) {
        mkdirSync(path.join(outDir, 'server'), { recursive: true });
        writeFileSync(path.join(outDir, 'server', 'remoteEntry.js'), `module.exports = ${JSON.stringify(label)};`);
      }
    },
    { calls: 0 },
  );
  return builder;
}

const failingBuilder: RemoteBuilder = async () => {
  throw new DeployError('The build failed (exit 1); nothing was deployed.');
};

function context(releasesDir: string, build: RemoteBuilder, lines: string[] = []): DeployContext {
  return {
    releasesDir,
    repoRoot: '/nowhere',
    defaults: DEFAULTS,
    build,
    log: (line) => lines.push(line),
    now: () => new Date('2026-11-21T10:00:00Z'),
  };
}

let releasesDir: string;
beforeEach(() => {
  releasesDir = makeTempDir('releases');
});

describe('pnpm deploy:remote arguments', () => {
  it('reads a deploy, a rollback, an outside URL, a reset and a listing', () => {
    expect(parseDeployArgs(['mf-help'], '/work')).toEqual({
      action: 'deploy',
      remote: 'mf-help',
      version: null,
      source: null,
    });
    expect(parseDeployArgs(['--', 'mf-help', '--version', 'v2', '--source', 'copy/mf-help'], '/work')).toEqual({
      action: 'deploy',
      remote: 'mf-help',
      version: 'v2',
      source: '/work/copy/mf-help',
    });
    expect(parseDeployArgs(['mf-help', '--version=1.0.0-rc.1'], '/work')).toMatchObject({ version: '1.0.0-rc.1' });
    expect(parseDeployArgs(['mf-help', '--url', 'https://cdn.example.com/help/7/mf-manifest.json'], '/')).toEqual({
      action: 'url',
      remote: 'mf-help',
      url: 'https://cdn.example.com/help/7/mf-manifest.json',
    });
    expect(parseDeployArgs(['mf-creator', '--reset'], '/')).toEqual({ action: 'reset', remote: 'mf-creator' });
    expect(parseDeployArgs(['mf-creator', '--list'], '/')).toEqual({ action: 'list', remote: 'mf-creator' });
  });

  it('refuses what it cannot do, saying why', () => {
    expect(() => parseDeployArgs([], '/')).toThrow(/Usage:/);
    expect(() => parseDeployArgs(['shell'], '/')).toThrow('"shell" is not a remote of this site');
    expect(() => parseDeployArgs(['mf-help', '--version', '../../etc'], '/')).toThrow(
      '--version may use letters, digits',
    );
    expect(() => parseDeployArgs(['mf-help', '--version'], '/')).toThrow('--version needs a value');
    expect(() => parseDeployArgs(['mf-help', '--force'], '/')).toThrow('Unknown option --force');
    expect(() => parseDeployArgs(['mf-help', '--reset', '--version', 'v1'], '/')).toThrow('Use one of');
    expect(() => parseDeployArgs(['mf-help', '--url', 'javascript:alert(1)'], '/')).toThrow(
      '--url must be an http(s) URL',
    );
  });

  it('tells how to undo a switch', () => {
    expect(rollbackArgs('mf-help', null)).toBe('--reset');
    expect(rollbackArgs('mf-help', '/releases/mf-help/v1/mf-manifest.json')).toBe('--version v1');
    expect(rollbackArgs('mf-help', 'https://cdn.example.com/m.json')).toBe('--url https://cdn.example.com/m.json');
  });
});

describe('deploying one remote', () => {
  it('builds a new release into its own folder and makes it live', async () => {
    const build = fakeBuilder('v1');
    const lines: string[] = [];
    const result = await deployRemote(
      { action: 'deploy', remote: 'mf-help', version: 'v1', source: fakeSource() },
      context(releasesDir, build, lines),
    );
    expect(result.live).toBe('/releases/mf-help/v1/mf-manifest.json');
    expect(build.calls).toBe(1);
    expect(await readLiveMap(releasesDir)).toEqual({ 'mf-help': '/releases/mf-help/v1/mf-manifest.json' });
    expect(readFileSync(path.join(releasesDir, 'mf-help', 'v1', 'remoteEntry.js'), 'utf8')).toContain('"v1"');
    // No half-built folder is left behind, and the log says how to undo.
    expect(readdirSync(path.join(releasesDir, 'mf-help'))).toEqual(['v1']);
    expect(lines.at(-1)).toBe('Roll back with: pnpm deploy:remote mf-help --reset');
  });

  it('names a release after the package version and the time when no version is given', async () => {
    const result = await deployRemote(
      { action: 'deploy', remote: 'mf-help', version: null, source: fakeSource() },
      context(releasesDir, fakeBuilder('x')),
    );
    expect(result.live).toBe('/releases/mf-help/1.2.3-20261121T100000Z/mf-manifest.json');
  });

  it('rolls back with the same command and the old version, without building', async () => {
    const build = fakeBuilder('any');
    const source = fakeSource();
    await deployRemote({ action: 'deploy', remote: 'mf-help', version: 'v1', source }, context(releasesDir, build));
    const lines: string[] = [];
    await deployRemote(
      { action: 'deploy', remote: 'mf-help', version: 'v2', source },
      context(releasesDir, build, lines),
    );
    expect(lines.at(-1)).toBe('Roll back with: pnpm deploy:remote mf-help --version v1');
    await deployRemote(
      { action: 'deploy', remote: 'mf-help', version: 'v1', source: null },
      context(releasesDir, build),
    );
    expect(build.calls).toBe(2);
    expect(await readLiveMap(releasesDir)).toEqual({ 'mf-help': '/releases/mf-help/v1/mf-manifest.json' });
    const history = readFileSync(path.join(releasesDir, HISTORY_FILE), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { version: string; previous: string | null });
    expect(history.map((h) => [h.version, h.previous])).toEqual([
      ['v1', null],
      ['v2', '/releases/mf-help/v1/mf-manifest.json'],
      ['v1', '/releases/mf-help/v2/mf-manifest.json'],
    ]);
    expect((await listReleases(releasesDir, 'mf-help')).map((r) => r.version).sort()).toEqual(['v1', 'v2']);
  });

  it('never rebuilds an existing release from a new source', async () => {
    const source = fakeSource();
    await deployRemote(
      { action: 'deploy', remote: 'mf-help', version: 'v1', source },
      context(releasesDir, fakeBuilder('first')),
    );
    await expect(
      deployRemote(
        { action: 'deploy', remote: 'mf-help', version: 'v1', source },
        context(releasesDir, fakeBuilder('second')),
      ),
    ).rejects.toThrow('Release v1 of mf-help exists already');
    expect(readFileSync(path.join(releasesDir, 'mf-help', 'v1', 'remoteEntry.js'), 'utf8')).toContain('"first"');
  });

  it('leaves the live site untouched when the build fails or is not the remote it claims to be', async () => {
    const source = fakeSource();
    await deployRemote(
      { action: 'deploy', remote: 'mf-help', version: 'v1', source },
      context(releasesDir, fakeBuilder('v1')),
    );
    const before = readFileSync(path.join(releasesDir, LIVE_MAP_FILE), 'utf8');

    await expect(
      deployRemote(
        { action: 'deploy', remote: 'mf-help', version: 'v2', source },
        context(releasesDir, failingBuilder),
      ),
    ).rejects.toThrow('The build failed');
    await expect(
      deployRemote(
        { action: 'deploy', remote: 'mf-help', version: 'v3', source },
        context(releasesDir, fakeBuilder('x', { name: 'mf_creator', exposes: [{ path: './help' }] })),
      ),
    ).rejects.toThrow('The build is the container "mf_creator", not mf_help');
    await expect(
      deployRemote(
        { action: 'deploy', remote: 'mf-help', version: 'v4', source },
        context(releasesDir, fakeBuilder('x', { name: 'mf_help', exposes: [] })),
      ),
    ).rejects.toThrow('does not expose ./help');
    await expect(
      deployRemote(
        { action: 'deploy', remote: 'mf-help', version: 'v6', source },
        context(releasesDir, fakeBuilder('x', undefined, false)),
      ),
    ).rejects.toThrow('has no server bundle (server/remoteEntry.js)');
    await expect(
      deployRemote(
        { action: 'deploy', remote: 'mf-help', version: 'v5', source: fakeSource('mf-creator') },
        context(releasesDir, fakeBuilder('x')),
      ),
    ).rejects.toThrow('holds "mf-creator", not mf-help');

    expect(readFileSync(path.join(releasesDir, LIVE_MAP_FILE), 'utf8')).toBe(before);
    expect(readdirSync(path.join(releasesDir, 'mf-help'))).toEqual(['v1']);
  });

  it('points a remote at a build hosted elsewhere, and back to its configured default', async () => {
    await deployRemote(
      { action: 'url', remote: 'mf-marketing', url: 'https://cdn.example.com/marketing/9/mf-manifest.json' },
      context(releasesDir, failingBuilder),
    );
    expect(await readLiveMap(releasesDir)).toEqual({
      'mf-marketing': 'https://cdn.example.com/marketing/9/mf-manifest.json',
    });
    const lines: string[] = [];
    const result = await deployRemote(
      { action: 'reset', remote: 'mf-marketing' },
      context(releasesDir, failingBuilder, lines),
    );
    expect(result.live).toBe(DEFAULTS['mf-marketing']);
    expect(await readLiveMap(releasesDir)).toEqual({});
    expect(lines[0]).toContain('back on its configured default /remotes/mf-marketing/mf-manifest.json');
  });

  it('lists the releases and marks the live one', async () => {
    const source = fakeSource();
    await deployRemote(
      { action: 'deploy', remote: 'mf-help', version: 'v1', source },
      context(releasesDir, fakeBuilder('v1')),
    );
    const lines: string[] = [];
    await deployRemote({ action: 'list', remote: 'mf-help' }, context(releasesDir, failingBuilder, lines));
    expect(lines.join('\n')).toMatch(/^\* v1 {2}\(built .*\)\nLive: release v1$/);
  });
});

describe('the live map file', () => {
  it('counts as empty when missing or damaged, and is re-read as soon as it changes', async () => {
    const read = createLiveMapReader(releasesDir);
    expect(await read()).toEqual({});
    writeFileSync(path.join(releasesDir, LIVE_MAP_FILE), '{ not json');
    expect(await read()).toEqual({});
    writeFileSync(
      path.join(releasesDir, LIVE_MAP_FILE),
      JSON.stringify({ 'mf-help': '/releases/mf-help/a/mf-manifest.json' }),
    );
    expect(await read()).toEqual({ 'mf-help': '/releases/mf-help/a/mf-manifest.json' });
    writeFileSync(
      path.join(releasesDir, LIVE_MAP_FILE),
      JSON.stringify({ 'mf-help': '/releases/mf-help/bb/mf-manifest.json' }),
    );
    expect(await read()).toEqual({ 'mf-help': '/releases/mf-help/bb/mf-manifest.json' });
  });
});

describe('serving releases', () => {
  let testApp: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = makeTempDir('served-releases');
    testApp = await createTestApp({ RELEASES_DIR: dir });
  });
  afterAll(() => testApp.close());

  it('switches /remotes.json to a release on the next request, with no restart, and back', async () => {
    const before = (await testApp.app.inject('/remotes.json')).json<Record<string, string>>();
    expect(before['mf-help']).toBe('/remotes/mf-help/mf-manifest.json');

    await deployRemote(
      { action: 'deploy', remote: 'mf-help', version: 'v7', source: fakeSource() },
      { ...context(dir, fakeBuilder('seven')), defaults: before },
    );
    const after = await testApp.app.inject('/remotes.json');
    expect(after.headers['cache-control']).toBe('no-cache');
    expect(after.json()).toEqual({ ...before, 'mf-help': '/releases/mf-help/v7/mf-manifest.json' });

    const entry = await testApp.app.inject('/releases/mf-help/v7/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain('"seven"');
    expect(entry.headers['cache-control']).toBe('no-cache');
    const chunk = await testApp.app.inject('/releases/mf-help/v7/__federation_expose_help.0123456789.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    await deployRemote({ action: 'reset', remote: 'mf-help' }, context(dir, failingBuilder));
    expect((await testApp.app.inject('/remotes.json')).json()).toEqual(before);
  });

  it('ignores entries for remotes the site does not route to', async () => {
    writeFileSync(path.join(dir, LIVE_MAP_FILE), JSON.stringify({ 'mf-evil': 'https://evil.example/m.json' }));
    const map = (await testApp.app.inject('/remotes.json')).json<Record<string, string>>();
    expect(map).not.toHaveProperty('mf-evil');
    writeFileSync(path.join(dir, LIVE_MAP_FILE), '{}');
  });

  it('serves only release files: not the bookkeeping, not a build in progress', async () => {
    mkdirSync(path.join(dir, 'mf-help', '.building-v9-1'), { recursive: true });
    writeFileSync(path.join(dir, 'mf-help', '.building-v9-1', 'remoteEntry.js'), 'half');
    for (const url of [
      '/releases/live.json',
      '/releases/history.jsonl',
      '/releases/mf-help/.building-v9-1/remoteEntry.js',
      '/releases/mf-help/v404/remoteEntry.js',
    ]) {
      const res = await testApp.app.inject(url);
      expect(res.statusCode, url).toBe(404);
    }
    expect(existsSync(path.join(dir, LIVE_MAP_FILE))).toBe(true);
  });
});
