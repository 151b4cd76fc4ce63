import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import type { BenchFigure, BenchSection } from '../lib/result';
import { round } from '../lib/stats';
import { LIBRARIES, libraryShares, type Library, type SourceMapLike } from '../lib/source-map-attribution';
import { readyProbeScript, readyTime, type BenchPage, type StorageState } from './pages';

/** Goal of issue 10: at most this many kB of gzipped JavaScript for `/{username}`. */
export const PROFILE_JS_GOAL_KB = 130;
/** ... in at most this many JavaScript requests ("at most 130 kB gz in at most 15 requests"). */
export const PROFILE_JS_GOAL_REQUESTS = 15;
/** Goal of issue 19: /embed.js, loaded on creators' own websites, at most this many kB gzipped. */
export const EMBED_SCRIPT_GOAL_KB = 5;
/** Level 9: the smallest a server could send; the server's own compression settings do not matter. */
const GZIP_LEVEL = 9;

interface ScriptWeight {
  url: string;
  gzipBytes: number;
  shares: Map<Library, number>;
}

export interface PageWeight {
  page: BenchPage;
  jsGzipBytes: number;
  jsRequests: number;
  requests: number;
  perLibrary: Map<Library, number>;
  scripts: ScriptWeight[];
}

async function sourceMapFor(url: string, code: string): Promise<SourceMapLike | null> {
  const comment = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code);
  const mapUrl = new URL(comment?.[1] ?? `${url.split('?')[0]}.map`, url).href;
  const response = await fetch(mapUrl);
  if (!response.ok) return null;
  return (await response.json()) as SourceMapLike;
}

/** One cold load (fresh context: no cache, no service worker) of a deep link, every JS response weighed. */
export async function measurePageWeight(
  browser: Browser,
  baseUrl: string,
  page: BenchPage,
  creatorState: StorageState,
): Promise<PageWeight> {
  const context = await browser.newContext(page.signedIn ? { storageState: creatorState } : {});
  try {
    const tab = await context.newPage();
    await tab.addInitScript(readyProbeScript(page.ready));
    const scripts: Promise<ScriptWeight>[] = [];
    let requests = 0;
    tab.on('request', () => {
      requests += 1;
    });
    tab.on('response', (response) => {
      const request = response.request();
      const type = response.headers()['content-type'] ?? '';
      if (request.resourceType() !== 'script' && !type.includes('javascript')) return;
      scripts.push(
        (async () => {
          const body = await response.body();
          const gzipBytes = gzipSync(body, { level: GZIP_LEVEL }).length;
          const code = body.toString('utf8');
          const map = await sourceMapFor(response.url(), code);
          const shares = map ? libraryShares(code, map) : new Map<Library, number>([['own code', 1]]);
          return { url: response.url(), gzipBytes, shares };
        })(),
      );
    });
    await tab.goto(`${baseUrl}${page.path}`, { waitUntil: 'load' });
    await readyTime(tab);
    // Whatever the rendered area still fetches right after (lazy parts) belongs to the page too.
    await tab.waitForLoadState('networkidle');
    const weighed = await Promise.all(scripts);
    const perLibrary = new Map<Library, number>();
    for (const script of weighed) {
      for (const [library, share] of script.shares)
        perLibrary.set(library, (perLibrary.get(library) ?? 0) + share * script.gzipBytes);
    }
    return {
      page,
      jsGzipBytes: weighed.reduce((sum, s) => sum + s.gzipBytes, 0),
      jsRequests: weighed.length,
      requests,
      perLibrary,
      scripts: weighed,
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => round(bytes / 1000, 1);

/** /embed.js as a creator's website downloads it: one file, no other request (it opens the checkout frame only on click). */
async function embedScriptFigure(baseUrl: string): Promise<BenchFigure> {
  const response = await fetch(`${baseUrl}/embed.js`);
  if (!response.ok) throw new Error(`/embed.js answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const gzipBytes = gzipSync(body, { level: GZIP_LEVEL }).length;
  return {
    id: 'web.weight.embed-script',
    label: 'JavaScript of /embed.js on a creator’s website (gzip -9)',
    value: round(gzipBytes / 1000, 2),
    unit: 'kB',
    goal: `<= ${EMBED_SCRIPT_GOAL_KB} kB`,
    met: gzipBytes / 1000 <= EMBED_SCRIPT_GOAL_KB,
    detail: { uncompressedKB: kb(body.length), cacheControl: response.headers.get('cache-control') ?? '' },
  };
}

export interface WeighedSite {
  baseUrl: string;
  creatorState: StorageState;
}

/** Every page from the composed build, with the same page from the single bundle as its baseline. */
export async function pageWeightSection(
  browser: Browser,
  composed: WeighedSite,
  single: WeighedSite,
  pages: BenchPage[],
): Promise<BenchSection> {
  const figures: BenchFigure[] = [];
  for (const page of pages) {
    const weight = await measurePageWeight(browser, composed.baseUrl, page, composed.creatorState);
    const baseline = await measurePageWeight(browser, single.baseUrl, page, single.creatorState);
    // "kB <library>" details are the library shares (printed as their own table by lib/report.ts).
    const shares: Record<string, number> = {};
    for (const library of LIBRARIES) {
      const bytes = weight.perLibrary.get(library) ?? 0;
      if (bytes > 0) shares[`kB ${library}`] = kb(bytes);
    }
    const isProfile = page.key === 'profile';
    figures.push({
      id: `web.weight.${page.key}`,
      label: `JavaScript of ${page.path} (gzip -9)`,
      value: kb(weight.jsGzipBytes),
      unit: 'kB',
      baseline: { label: 'single bundle', value: kb(baseline.jsGzipBytes) },
      ratio: round(weight.jsGzipBytes / baseline.jsGzipBytes, 2),
      ...(isProfile
        ? { goal: `<= ${PROFILE_JS_GOAL_KB} kB`, met: weight.jsGzipBytes / 1000 <= PROFILE_JS_GOAL_KB }
        : {}),
      detail: shares,
    });
    figures.push({
      id: `web.requests.${page.key}`,
      label: `JavaScript requests of ${page.path}`,
      value: weight.jsRequests,
      unit: 'requests',
      baseline: { label: 'single bundle', value: baseline.jsRequests },
      ratio: round(weight.jsRequests / baseline.jsRequests, 2),
      ...(isProfile
        ? { goal: `<= ${PROFILE_JS_GOAL_REQUESTS} requests`, met: weight.jsRequests <= PROFILE_JS_GOAL_REQUESTS }
        : {}),
      detail: { allRequests: weight.requests, singleBundleAllRequests: baseline.requests },
    });
  }
  figures.push(await embedScriptFigure(composed.baseUrl));
  return {
    section: 'Page weight (cold cache, deep link)',
    figures,
    notes: [
      `Every JavaScript response of one cold deep-link load (until the area's heading shows its data, then network idle) is gzipped by the benchmark at level ${GZIP_LEVEL}, so the server's compression settings do not matter. Baseline: the same page from the single bundle.`,
      `/embed.js is the support button creators paste into their own websites (one request, no framework); its goal is at most ${EMBED_SCRIPT_GOAL_KB} kB gzipped.`,
      "Library shares: each file's gzipped size is split in proportion to the generated characters its source map attributes to each source (a node_modules package, shared/src, the app's own src); characters with no source are the bundler runtime (chunk wrappers, module registry).",
    ],
  };
}
