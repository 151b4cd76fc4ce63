/**
 * First tap on the public pages (issue 32): on a phone-sized, touch-enabled page with 4x CPU
 * throttling, the script a page fetches before it is first idle and in total, and the Interaction to
 * Next Paint of a first tap on its main controls. Each figure is the median of N cold visits, with the
 * same visit of the single-bundle build (bench/single-bundle) as its baseline, the two builds alternating.
 *
 * Part of `pnpm bench` (run.ts runs it against its two servers), and runnable alone against any running
 * server with the demo data:
 *
 *   pnpm --filter bench exec tsx web/first-tap.ts --base-url http://127.0.0.1:4400 [--baseline-url http://127.0.0.1:4401] [--quick] [--out f.json]
 *
 * Runs per visit: BENCH_FIRST_TAP_RUNS (default 3, 1 with --quick).
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Browser, Locator, Page, Request } from 'playwright-core';
import { launchChromium } from '../lib/browser';
import { consoleTable, normalizeSection } from '../lib/report';
import type { BenchFigure, BenchSection } from '../lib/result';
import { median, round } from '../lib/stats';
import { CPU_THROTTLING_RATE, throttledPage } from './composition-cost';
import { DEMO_CREATOR } from './pages';

export const FIRST_TAP_SECTION = 'First tap (public pages, phone, 4x CPU)';
/** Goal of issue 32: at most this many kB (gzip) of script fetched before a public page is first idle. */
export const IDLE_SCRIPT_GOAL_KB = 60;
/** Goal of issue 32: the first tap's Interaction to Next Paint at most this many milliseconds. */
export const FIRST_TAP_INP_GOAL_MS = 200;
/** "First idle": after the load event, no request in flight for this long, then an idle callback. */
export const QUIET_MS = 500;
/** Event Timing's smallest threshold: shorter entries are not reported. */
const EVENT_DURATION_THRESHOLD_MS = 16;
/** The same level as the page-weight benchmark: the server's own compression settings do not matter. */
const GZIP_LEVEL = 9;
/** A phone: 375 CSS pixels wide, touch, mobile viewport rules. */
const PHONE = { viewport: { width: 375, height: 667 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
/** Longest wait for a page to go quiet (a request that never ends fails the visit, naming it). */
const QUIET_TIMEOUT_MS = 60_000;

/** Runs per visit from the environment (BENCH_FIRST_TAP_RUNS), or the default. */
export function firstTapRuns(quick: boolean): number {
  const fromEnv = process.env.BENCH_FIRST_TAP_RUNS;
  const runs = fromEnv === undefined || fromEnv === '' ? (quick ? 1 : 3) : Number(fromEnv);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('BENCH_FIRST_TAP_RUNS must be a whole number of at least 1');
  return runs;
}

type TapTarget = 'share' | 'tier' | 'help-search' | 'discover-filter';

interface Visit {
  /** Stable key for results.json. */
  key: string;
  /** The page's key: visits of the same page share its before-idle figure. */
  page: string;
  path: string;
  /** What is tapped: `control` names it in labels ("share button"), with the page in `label`. */
  tap?: { target: TapTarget; control: string; label: string };
}

const PROFILE = `/${DEMO_CREATOR.username}`;

/** The public pages, and on each the control a visitor is most likely to tap first (none on / and the support page). */
const VISITS: readonly Visit[] = [
  { key: 'home', page: 'home', path: '/' },
  tapVisit('profile-share', 'profile', PROFILE, 'share', 'share button'),
  tapVisit('profile-tier', 'profile', PROFILE, 'tier', 'a tier'),
  tapVisit('help-search', 'help', '/help', 'help-search', 'search'),
  tapVisit('discover-filter', 'discover', '/discover', 'discover-filter', 'search or filter'),
  { key: 'support', page: 'support', path: `${PROFILE}/support` },
];

function tapVisit(key: string, page: string, pagePath: string, target: TapTarget, control: string): Visit {
  return { key, page, path: pagePath, tap: { target, control, label: `${control} on ${pagePath}` } };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The demo creator's tier titles, read from the public API (the tier locator matches any of them). */
async function tierTitles(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/creators/${DEMO_CREATOR.username}`);
  if (!response.ok) throw new Error(`GET /api/creators/${DEMO_CREATOR.username} answered ${response.status}`);
  const body = (await response.json()) as { tiers?: { name?: unknown }[] };
  const names = (body.tiers ?? []).map((tier) => tier.name).filter((name): name is string => typeof name === 'string');
  if (names.length === 0) throw new Error(`${DEMO_CREATOR.username} has no support tiers`);
  return names;
}

/**
 * The control to tap, by role and name, so it is found whether it is a scripted button or works without
 * JavaScript (a link, a `<details>` summary, a GET form's named control). The first match in the page's
 * main area, in document order.
 */
function tapLocator(page: Page, target: TapTarget, tiers: readonly string[]): { locator: Locator; types: boolean } {
  const main = page.locator('#main');
  switch (target) {
    case 'share':
      return {
        locator: main
          .getByRole('button', { name: /share/i })
          .or(main.locator('summary').filter({ hasText: /share/i }))
          .or(main.getByRole('link', { name: /share/i }))
          .first(),
        types: false,
      };
    case 'tier': {
      const name = new RegExp(tiers.map(escapeRegExp).join('|'));
      return {
        locator: main
          .getByRole('button', { name })
          .or(main.getByRole('link', { name }))
          .or(main.getByRole('radio', { name }))
          .first(),
        types: false,
      };
    }
    case 'help-search':
      return {
        locator: main
          .getByRole('searchbox')
          .or(main.getByRole('textbox', { name: /search/i }))
          .first(),
        types: true,
      };
    case 'discover-filter': {
      // The search box when there is one (tap, then one character); otherwise the first filter select (tap).
      const search = main.getByRole('searchbox').or(main.getByRole('textbox', { name: /search/i }));
      return { locator: search.or(main.getByRole('combobox')).first(), types: true };
    }
  }
}

/**
 * Installed before any page script: every Event Timing entry (at least EVENT_DURATION_THRESHOLD_MS
 * long) and the first-input entry (always reported) go to the benchmark as the page reports them, so
 * a tap that leaves the page (a link) still has the entries reported before it left. It also keeps
 * the end of every long task and the time of the first pointerdown (what "tap to settled" is made of).
 */
const EVENT_TIMING_PROBE = `(() => {
  window.__benchLongTaskEnds = [];
  addEventListener('pointerdown', (event) => {
    if (window.__benchTapAt === undefined) window.__benchTapAt = event.timeStamp;
  }, { capture: true });
  const send = (type, entry) => window.__benchEventTiming({
    type,
    name: entry.name,
    duration: entry.duration,
    startTime: entry.startTime,
    interactionId: entry.interactionId || 0,
    timeOrigin: performance.timeOrigin,
  });
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => send('event', entry)))
      .observe({ type: 'event', durationThreshold: ${EVENT_DURATION_THRESHOLD_MS}, buffered: true });
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => send('first-input', entry)))
      .observe({ type: 'first-input', buffered: true });
    new PerformanceObserver((list) => list.getEntries().forEach((entry) => {
      window.__benchLongTaskEnds.push(entry.startTime + entry.duration);
    })).observe({ type: 'longtask' });
  } catch (error) {
    window.__benchEventTimingError = String(error);
  }
})();`;

interface TimingEntry {
  type: 'event' | 'first-input';
  name: string;
  duration: number;
  startTime: number;
  interactionId: number;
  timeOrigin: number;
}

/** Requests in flight and every script response, as the page makes them. */
class NetworkLog {
  readonly inFlight = new Set<Request>();
  /** Bumped on every request start or end: a quiet period is one in which it does not move. */
  changes = 0;
  lastChange = Date.now();
  readonly scripts: Promise<{ gzipBytes: number; url: string }>[] = [];

  constructor(page: Page) {
    const changed = () => {
      this.changes += 1;
      this.lastChange = Date.now();
    };
    page.on('request', (request) => {
      this.inFlight.add(request);
      changed();
    });
    const ended = (request: Request) => {
      this.inFlight.delete(request);
      changed();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    page.on('response', (response) => {
      const request = response.request();
      const type = response.headers()['content-type'] ?? '';
      if (request.resourceType() !== 'script' && !type.includes('javascript')) return;
      this.scripts.push(
        response.body().then(
          (body) => ({ gzipBytes: gzipSync(body, { level: GZIP_LEVEL }).length, url: response.url() }),
          // A tap that opens another page (a tier is a link) leaves the old page's responses unreadable: they are
          // not that page's script, and count nothing.
          () => ({ gzipBytes: 0, url: response.url() }),
        ),
      );
    });
  }

  /**
   * Waits until no request has been in flight for QUIET_MS and an idle callback has fired with none
   * started meanwhile; returns the idle callback's time (ms since the document's navigation start).
   */
  async quiet(page: Page): Promise<number> {
    const deadline = Date.now() + QUIET_TIMEOUT_MS;
    for (;;) {
      while (this.inFlight.size > 0 || Date.now() - this.lastChange < QUIET_MS) {
        if (Date.now() > deadline)
          throw new Error(
            `${page.url()} did not go quiet within ${QUIET_TIMEOUT_MS / 1000} s (in flight: ${[...this.inFlight]
              .map((request) => request.url())
              .join(', ')})`,
          );
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const before = this.changes;
      const idleAt = await page.evaluate(
        () => new Promise<number>((resolve) => requestIdleCallback(() => resolve(performance.now()))),
      );
      if (this.changes === before && this.inFlight.size === 0) return idleAt;
    }
  }

  /** The script responses so far: their count and gzipped bytes. */
  async weigh(): Promise<{ bytes: number; count: number }> {
    const scripts = await Promise.all(this.scripts);
    return { bytes: scripts.reduce((sum, script) => sum + script.gzipBytes, 0), count: scripts.length };
  }
}

interface VisitResult {
  /** ms from navigation start to first idle. */
  idleMs: number;
  idleScriptBytes: number;
  idleScripts: number;
  totalScriptBytes: number;
  totalScripts: number;
  /** The tap's interaction: its longest Event Timing entry (0: every entry under the threshold). */
  tapMs?: number;
  /** The typed character's interaction, for a search box. */
  keyMs?: number;
  /**
   * From the tap (its pointerdown) until the last thing it set off ended: its own Event Timing entries,
   * the requests started after it, the long tasks (over 50 ms) running after it, up to the page going quiet.
   */
  tapToSettledMs?: number;
  /** Whether the tap loaded another document (a link without JavaScript). */
  navigated?: boolean;
  /** What was tapped: its tag and text, e.g. "button: Share". */
  tapped?: string;
}

/** Event Timing entries are reported after the next paint: one more frame and idle period lets the observer run. */
async function nextFrameAndIdle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve()))),
      ),
  );
}

/** The longest entry of one interaction; the first-input entry counts when it belongs to it. */
function interactionDuration(entries: readonly TimingEntry[]): number | undefined {
  if (entries.length === 0) return undefined;
  return Math.max(...entries.map((entry) => entry.duration));
}

/** A failed visit (a page that never goes quiet, a tap that reports nothing) is tried once more. */
const ATTEMPTS = 2;

async function visitWithRetry(
  browser: Browser,
  baseUrl: string,
  visit: Visit,
  tiers: readonly string[],
  log: (message: string) => void,
): Promise<VisitResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await visitOnce(browser, baseUrl, visit, tiers);
    } catch (error) {
      if (attempt >= ATTEMPTS) throw error;
      log(
        `first tap ${baseUrl}${visit.path} (${visit.key}) attempt ${attempt} failed: ${String(error).split('\n')[0]}`,
      );
    }
  }
}

/** One cold visit: load, first idle, then the tap (and one character in a search box) and quiet again. */
async function visitOnce(browser: Browser, baseUrl: string, visit: Visit, tiers: readonly string[]) {
  const { page, close } = await throttledPage(browser, {
    ...PHONE,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  try {
    const entries: TimingEntry[] = [];
    await page.exposeBinding('__benchEventTiming', (_source, entry: TimingEntry) => {
      entries.push(entry);
    });
    await page.addInitScript(EVENT_TIMING_PROBE);
    const network = new NetworkLog(page);
    await page.goto(`${baseUrl}${visit.path}`, { waitUntil: 'load' });
    const idleMs = await network.quiet(page);
    const idle = await network.weigh();
    const result: VisitResult = {
      idleMs,
      idleScriptBytes: idle.bytes,
      idleScripts: idle.count,
      totalScriptBytes: idle.bytes,
      totalScripts: idle.count,
    };
    if (!visit.tap) return result;

    const probeError = await page.evaluate(
      () => (window as unknown as { __benchEventTimingError?: string }).__benchEventTimingError,
    );
    if (probeError) throw new Error(`Event Timing is not available: ${probeError}`);
    const { locator, types } = tapLocator(page, visit.tap.target, tiers);
    await locator.waitFor({ state: 'visible', timeout: 30_000 });
    const timeOrigin = await page.evaluate(() => performance.timeOrigin);
    const canType = types && (await locator.evaluate((element) => element.tagName !== 'SELECT'));
    result.tapped = await locator.evaluate((element) => {
      const name =
        element.getAttribute('aria-label') ??
        (element as HTMLInputElement).labels?.[0]?.textContent ??
        element.getAttribute('placeholder') ??
        element.textContent ??
        '';
      const type = element.getAttribute('type');
      return `${element.tagName.toLowerCase()}${type ? `[type=${type}]` : ''}: ${name.replace(/\s+/g, ' ').trim().slice(0, 40)}`;
    });
    // The page sees no input before the tap, so the first-input entry is the tap's (whatever its interactionId).
    const ofThisDocument = () =>
      entries.filter(
        (entry) => entry.timeOrigin === timeOrigin && (entry.interactionId > 0 || entry.type === 'first-input'),
      );
    await locator.tap();
    await network.quiet(page);
    await nextFrameAndIdle(page);
    result.navigated = (await page.evaluate(() => performance.timeOrigin)) !== timeOrigin;
    const tapEntries = ofThisDocument();
    const tapIds = new Set(tapEntries.map((entry) => entry.interactionId));
    const tapMs = interactionDuration(tapEntries);
    if (tapMs === undefined && !result.navigated)
      throw new Error(`No Event Timing entry for the tap on ${visit.tap.label} (not even first-input)`);
    result.tapMs = tapMs ?? 0;
    if (!result.navigated) {
      const settled = await page.evaluate(() => {
        const probe = window as unknown as { __benchTapAt?: number; __benchLongTaskEnds: number[] };
        const tapAt = probe.__benchTapAt;
        if (tapAt === undefined) return null;
        const ends = [
          ...probe.__benchLongTaskEnds.filter((end) => end > tapAt),
          ...performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime >= tapAt)
            .map((entry) => (entry as PerformanceResourceTiming).responseEnd),
        ];
        return ends.length ? Math.max(...ends) - tapAt : 0;
      });
      if (settled === null) throw new Error(`The tap on ${visit.tap.label} fired no pointerdown`);
      result.tapToSettledMs = Math.max(settled, result.tapMs);
    }

    if (canType && !result.navigated) {
      await page.keyboard.type('a');
      await network.quiet(page);
      await nextFrameAndIdle(page);
      // Key entries shorter than the threshold are not reported (no first-input entry for a second interaction).
      result.keyMs =
        interactionDuration(
          ofThisDocument().filter((entry) => entry.type === 'event' && !tapIds.has(entry.interactionId)),
        ) ?? 0;
    }
    const total = await network.weigh();
    result.totalScriptBytes = total.bytes;
    result.totalScripts = total.count;
    return result;
  } finally {
    await close();
  }
}

export interface FirstTapSite {
  label: string;
  baseUrl: string;
}

export interface FirstTapOptions {
  browser: Browser;
  composed: FirstTapSite;
  /** The same pages from the single bundle, measured in the same run as the baseline. */
  baseline?: FirstTapSite;
  runs: number;
  log?: (message: string) => void;
}

const kb = (bytes: number) => round(bytes / 1000, 1);
const ms = (value: number) => round(value, 0);

/** "-" when every visit's tap loaded another document (nothing to measure in the tapped one). */
function settledMedian(results: readonly VisitResult[]): number | string {
  const values = results.flatMap((r) => (r.tapToSettledMs === undefined ? [] : [r.tapToSettledMs]));
  return values.length ? ms(median(values)) : '-';
}

/** The worse of the tap and the typed character. */
const worst = (result: VisitResult) => Math.max(result.tapMs ?? 0, result.keyMs ?? 0);

export async function firstTapSection(options: FirstTapOptions): Promise<BenchSection> {
  const { browser, composed, baseline, runs, log = () => {} } = options;
  const loadAtStart = os.loadavg()[0]!;
  const started = Date.now();
  const sites = baseline ? [composed, baseline] : [composed];
  const tiers = await tierTitles(composed.baseUrl);
  const results = new Map<FirstTapSite, Map<string, VisitResult[]>>(
    sites.map((site) => [site, new Map(VISITS.map((visit) => [visit.key, []]))]),
  );
  // One untimed visit of each page and build first (the server's first render, Chromium's code paths).
  for (const site of sites)
    for (const visit of VISITS.filter((v, index) => VISITS.findIndex((w) => w.page === v.page) === index))
      await visitWithRetry(browser, site.baseUrl, { ...visit, tap: undefined }, tiers, log);
  for (let run = 0; run < runs; run++) {
    for (const visit of VISITS) {
      // The builds alternate which goes first, so a burst of load elsewhere falls on both alike.
      const order = run % 2 ? [...sites].reverse() : sites;
      for (const site of order) {
        const result = await visitWithRetry(browser, site.baseUrl, visit, tiers, log);
        results.get(site)!.get(visit.key)!.push(result);
        log(
          `first tap ${site.label} ${visit.key} run ${run + 1}: idle at ${ms(result.idleMs)} ms, ${kb(result.idleScriptBytes)} kB before idle, ${kb(result.totalScriptBytes)} kB in total${visit.tap ? `, tap ${result.tapMs} ms${result.keyMs !== undefined ? `, key ${result.keyMs} ms` : ''}` : ''}`,
        );
      }
    }
  }

  const figures: BenchFigure[] = [];
  const of = (site: FirstTapSite | undefined, filter: (visit: Visit) => boolean) =>
    site ? VISITS.filter(filter).flatMap((visit) => results.get(site)!.get(visit.key)!) : [];
  const withBaseline = (value: number, baselineValue: number | undefined, format: (n: number) => number) =>
    baselineValue === undefined || baseline === undefined
      ? {}
      : {
          baseline: { label: baseline.label, value: format(baselineValue) },
          ...(baselineValue > 0 ? { ratio: round(value / baselineValue, 2) } : {}),
        };

  const pages = VISITS.filter((v, index) => VISITS.findIndex((w) => w.page === v.page) === index);
  for (const first of pages) {
    const mine = of(composed, (visit) => visit.page === first.page);
    const theirs = of(baseline, (visit) => visit.page === first.page);
    const value = median(mine.map((r) => r.idleScriptBytes));
    figures.push({
      id: `web.first-tap.idle-script.${first.page}`,
      label: `Script before first idle of ${first.path} (gzip -9)`,
      value: kb(value),
      unit: 'kB',
      ...withBaseline(value, theirs.length ? median(theirs.map((r) => r.idleScriptBytes)) : undefined, kb),
      goal: `<= ${IDLE_SCRIPT_GOAL_KB} kB`,
      met: value / 1000 <= IDLE_SCRIPT_GOAL_KB,
      detail: {
        runs: mine.length,
        scripts: median(mine.map((r) => r.idleScripts)),
        'first idle ms': ms(median(mine.map((r) => r.idleMs))),
        ...(theirs.length ? { 'baseline first idle ms': ms(median(theirs.map((r) => r.idleMs))) } : {}),
      },
    });
  }
  for (const visit of VISITS) {
    const mine = results.get(composed)!.get(visit.key)!;
    const theirs = baseline ? results.get(baseline)!.get(visit.key)! : [];
    const value = median(mine.map((r) => r.totalScriptBytes));
    figures.push({
      id: `web.first-tap.total-script.${visit.key}`,
      label: `Script in total of ${visit.path}, ${visit.tap ? `tap on ${visit.tap.control}` : 'no tap'} (gzip -9)`,
      value: kb(value),
      unit: 'kB',
      ...withBaseline(value, theirs.length ? median(theirs.map((r) => r.totalScriptBytes)) : undefined, kb),
      detail: { runs: mine.length, scripts: median(mine.map((r) => r.totalScripts)) },
    });
  }
  for (const visit of VISITS) {
    if (!visit.tap) continue;
    const mine = results.get(composed)!.get(visit.key)!;
    const theirs = baseline ? results.get(baseline)!.get(visit.key)! : [];
    const value = median(mine.map(worst));
    const typed = mine.some((r) => r.keyMs !== undefined);
    figures.push({
      id: `web.first-tap.inp.${visit.key}`,
      label: `First-tap INP: ${visit.tap.label}${typed ? ' (tap or 1 character, the worse)' : ''}`,
      value: ms(value),
      unit: 'ms',
      ...withBaseline(value, theirs.length ? median(theirs.map(worst)) : undefined, ms),
      goal: `<= ${FIRST_TAP_INP_GOAL_MS} ms`,
      met: value <= FIRST_TAP_INP_GOAL_MS,
      detail: {
        runs: mine.length,
        tapped: mine[0]?.tapped ?? '',
        ...(theirs[0]?.tapped ? { baselineTapped: theirs[0].tapped } : {}),
        'metric: INP ms': ms(value),
        'metric: tap ms': ms(median(mine.map((r) => r.tapMs ?? 0))),
        'metric: character ms': typed ? ms(median(mine.map((r) => r.keyMs ?? 0))) : '-',
        'metric: tap to settled ms': settledMedian(mine),
        ...(theirs.length
          ? {
              'metric: baseline INP ms': ms(median(theirs.map(worst))),
              'metric: baseline tap to settled ms': settledMedian(theirs),
            }
          : {}),
        ...(mine.some((r) => r.navigated) ? { navigatedRuns: mine.filter((r) => r.navigated).length } : {}),
      },
    });
  }

  const seconds = Math.round((Date.now() - started) / 1000);
  return {
    section: FIRST_TAP_SECTION,
    figures,
    notes: [
      `Each visit is a cold load (fresh context) in headless Chromium emulating a phone (375x667 viewport, isMobile, hasTouch, no network throttling) with ${CPU_THROTTLING_RATE}x CPU throttling (Emulation.setCPUThrottlingRate). Median of ${runs} visit${runs === 1 ? '' : 's'} per figure and build (the profile's before-idle figure: of both its visits), after one untimed visit of each page and build, the two builds alternating.${baseline ? ` Baseline: the same visit of the ${baseline.label}.` : ''}`,
      `First idle: the load event has fired, then no request has been in flight for ${QUIET_MS} ms, then a requestIdleCallback fires with no request started meanwhile. Script before first idle: every script response (resource type script or a JavaScript content type) fetched by then, its body gzipped by the benchmark at level ${GZIP_LEVEL} as for page weight (not the bytes on the wire). Script in total: the same count once the visit ends (after the tap, or the character, and quiet again).`,
      `First-tap INP: right after first idle, locator.tap() on the control (found by role and name in #main: share = a button, summary or link named "share"; tier = the first button, link or radio named after one of ${DEMO_CREATOR.username}'s tiers; search = the searchbox, or a textbox named "search"; discover = its search box, or the first select). In a search box, one character is typed once the tap is quiet, and the worse of the two interactions counts. An interaction's figure is its longest Event Timing entry (PerformanceObserver type event, durationThreshold ${EVENT_DURATION_THRESHOLD_MS}, buffered, plus the first-input entry, which is always reported); 0 ms: every entry was under ${EVENT_DURATION_THRESHOLD_MS} ms. Event Timing sees the browser's own events only: work a page defers past the tap (loading code, hydrating, replaying the tap) shows in the "tap to settled" column instead: from the tap's pointerdown to the end of the last of its Event Timing entries, the requests started after it and the long tasks (over 50 ms) running after it, before the page went quiet again ("-": the tap loaded another document).`,
      `${seconds} s in all; load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end.`,
    ],
  };
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      'baseline-url': { type: 'string' },
      quick: { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const baseUrl = args['base-url']?.replace(/\/$/, '');
  if (!baseUrl)
    throw new Error(
      '--base-url is required, e.g. --base-url http://127.0.0.1:4400 (a running server with the demo data)',
    );
  const baselineUrl = args['baseline-url']?.replace(/\/$/, '');
  const runs = firstTapRuns(args.quick);
  const browser = await launchChromium();
  try {
    const section = normalizeSection(
      await firstTapSection({
        browser,
        composed: { label: 'composed', baseUrl },
        ...(baselineUrl ? { baseline: { label: 'single bundle', baseUrl: baselineUrl } } : {}),
        runs,
        log: (message) => console.log(`[first-tap] ${message}`),
      }),
    );
    console.log(`\n${consoleTable({ environment: {}, sections: [section] })}\n`);
    if (args.out) await writeFile(args.out, `${JSON.stringify([section], null, 2)}\n`);
  } finally {
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
