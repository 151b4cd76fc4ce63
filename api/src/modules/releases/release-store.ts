import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Releases of single remotes, deployed without rebuilding the shell or restarting the server.
 *
 * Layout of the releases folder (RELEASES_DIR, by default DATA_DIR/releases):
 *   <remote>/<version>/        one build of one remote, served at /releases/<remote>/<version>/
 *   live.json                  which remotes are switched away from their configured default
 *                              (remote -> manifest URL); read by /remotes.json on every request
 *   history.jsonl              one line per switch, so a team can see what was live before
 */

export const LIVE_MAP_FILE = 'live.json';
export const HISTORY_FILE = 'history.jsonl';

const VERSION_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function isValidVersion(version: string): boolean {
  return VERSION_PATTERN.test(version);
}

export function releaseFolder(releasesDir: string, remote: string, version: string): string {
  return path.join(releasesDir, remote, version);
}

/** The URL the shell loads a release's manifest from, served by this server. */
export function releaseManifestUrl(remote: string, version: string): string {
  return `/releases/${remote}/${version}/mf-manifest.json`;
}

export type LiveMap = Record<string, string>;

function isLiveMap(value: unknown): value is LiveMap {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/** The switched remotes; an absent or unreadable file means none (the configured defaults apply). */
export async function readLiveMap(releasesDir: string): Promise<LiveMap> {
  let text: string;
  try {
    text = await readFile(path.join(releasesDir, LIVE_MAP_FILE), 'utf8');
  } catch {
    return {};
  }
  try {
    const value: unknown = JSON.parse(text);
    return isLiveMap(value) ? value : {};
  } catch {
    return {};
  }
}

/**
 * Reads live.json again only when it changed (mtime and size), so /remotes.json costs a stat per
 * request and a deploy shows up on the very next page load.
 */
export function createLiveMapReader(releasesDir: string): () => Promise<LiveMap> {
  let cached: { key: string; map: LiveMap } | null = null;
  const file = path.join(releasesDir, LIVE_MAP_FILE);
  return async () => {
    let key: string;
    try {
      const info = await stat(file);
      key = `${info.mtimeMs}:${info.size}:${info.ino}`;
    } catch {
      cached = null;
      return {};
    }
    if (cached?.key === key) return cached.map;
    const map = await readLiveMap(releasesDir);
    cached = { key, map };
    return map;
  };
}

/** Writes the whole file then renames it over the old one: a reader sees the old map or the new, never half. */
async function writeLiveMap(releasesDir: string, map: LiveMap) {
  await mkdir(releasesDir, { recursive: true });
  const target = path.join(releasesDir, LIVE_MAP_FILE);
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  const sorted = Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));
  await writeFile(temporary, `${JSON.stringify(sorted, null, 2)}\n`);
  await rename(temporary, target);
}

export interface SwitchRecord {
  at: string;
  remote: string;
  /** The release version, or null when the entry is an outside URL or the configured default. */
  version: string | null;
  url: string | null;
  previous: string | null;
}

/** Points one remote at `url` (null: back to the configured default) and records the switch. */
export async function switchRemote(
  releasesDir: string,
  remote: string,
  target: { url: string; version: string | null } | null,
  now = new Date(),
) {
  const map = await readLiveMap(releasesDir);
  const previous = map[remote] ?? null;
  if (target) map[remote] = target.url;
  else delete map[remote];
  await writeLiveMap(releasesDir, map);
  const record: SwitchRecord = {
    at: now.toISOString(),
    remote,
    version: target?.version ?? null,
    url: target?.url ?? null,
    previous,
  };
  await appendFile(path.join(releasesDir, HISTORY_FILE), `${JSON.stringify(record)}\n`);
  return { previous };
}

export interface ReleaseInfo {
  version: string;
  builtAt: Date;
}

/** The complete releases of a remote (a folder with a manifest), newest first. */
export async function listReleases(releasesDir: string, remote: string): Promise<ReleaseInfo[]> {
  const folder = path.join(releasesDir, remote);
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { withFileTypes: true });
  const releases: ReleaseInfo[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !isValidVersion(entry.name)) continue;
    const manifest = path.join(folder, entry.name, 'mf-manifest.json');
    if (!existsSync(manifest)) continue;
    releases.push({ version: entry.name, builtAt: (await stat(manifest)).mtime });
  }
  return releases.sort((a, b) => b.builtAt.getTime() - a.builtAt.getTime() || b.version.localeCompare(a.version));
}

/** The live version of a remote when it points at one of this server's releases. */
export function liveVersion(map: LiveMap, remote: string): string | null {
  const url = map[remote];
  const prefix = `/releases/${remote}/`;
  if (!url?.startsWith(prefix)) return null;
  return url.slice(prefix.length).split('/')[0] ?? null;
}
