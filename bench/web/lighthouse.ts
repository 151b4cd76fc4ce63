/**
 * Lighthouse (the npm package, through its Node API) over the public pages, mobile and desktop
 * presets, in the system Chromium: performance score, LCP, TBT, CLS and script bytes, median of N
 * runs per page and preset. Goals: performance at least 90 on mobile and 98 on desktop, every page.
 *
 * Part of `pnpm bench` (run.ts runs it against its composed-build server), and runnable alone against
 * any running server with the demo data:
 *
 *   pnpm --filter bench exec tsx web/lighthouse.ts --base-url http://127.0.0.1:4400 [--runs 3] [--quick] [--preset mobile|desktop] [--out f.json]
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/browser';
import { consoleTable, normalizeSection } from '../lib/report';
import type { BenchFigure, BenchSection } from '../lib/result';
import { median, round } from '../lib/stats';
import { DEMO_CREATOR } from './pages';

export const LIGHTHOUSE_PRESETS = ['mobile', 'desktop'] as const;
export type LighthousePreset = (typeof LIGHTHOUSE_PRESETS)[number];

/** Goals of the Lighthouse issue: performance score (0-100) of every page, per preset. */
export const LIGHTHOUSE_GOALS: Record<LighthousePreset, number> = { mobile: 90, desktop: 98 };

export interface LighthousePage {
  key: string;
  path: string;
}

/** The public pages (no sign-in: Lighthouse loads each with cleared storage). */
export const LIGHTHOUSE_PAGES: readonly LighthousePage[] = [
  { key: 'home', path: '/' },
  { key: 'profile', path: `/${DEMO_CREATOR.username}` },
  { key: 'support', path: `/${DEMO_CREATOR.username}/support` },
  { key: 'help', path: '/help' },
  { key: 'discover', path: '/discover' },
];

/**
 * The five metric audits that make up the performance score (their weights add up to 100, so the
 * score is the one a full report gives) and resource-summary for the script bytes. Every other audit
 * (and its gatherers) is left out: about a sixth less time per run.
 */
const AUDITS = [
  'first-contentful-paint',
  'speed-index',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'resource-summary',
];

/** Lighthouse's own headless mode flag, then the same noise-free flags as the Playwright runs. */
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

/** A failed run (Lighthouse's runtime errors such as NO_NAVSTART happen now and then) is tried once more. */
const ATTEMPTS = 2;

interface Sample {
  /** 0-100. */
  score: number;
  fcpMs: number;
  siMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  scriptBytes: number;
  scriptRequests: number;
}

interface Combination {
  page: LighthousePage;
  preset: LighthousePreset;
  samples: Sample[];
  errors: string[];
}

function numericValue(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (typeof value !== 'number')
    throw new Error(`Lighthouse reported no ${audit} (${lhr.audits[audit]?.errorMessage ?? 'not run'})`);
  return value;
}

function sampleOf(lhr: Result): Sample {
  // The code and the first sentence: "CHROME_INTERSTITIAL_ERROR: Chrome prevented page load with an interstitial".
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message.split('. ')[0]}`);
  const performance = lhr.categories.performance;
  const score = performance?.score;
  if (typeof score !== 'number') {
    // The category has no score when one of its weighted audits failed: name it and why.
    const failed = (performance?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score === null && audit.scoreDisplayMode === 'error')
      .map((audit) => `${audit!.id}: ${(audit!.errorMessage ?? 'error').split('\n')[0]}`);
    throw new Error(`Lighthouse reported no performance score (${failed.join('; ') || 'no audit error given'})`);
  }
  const summary = lhr.audits['resource-summary']?.details;
  const items =
    summary && 'items' in summary
      ? (summary.items as { resourceType?: string; transferSize?: number; requestCount?: number }[])
      : [];
  const scripts = items.find((item) => item.resourceType === 'script');
  return {
    score: score * 100,
    fcpMs: numericValue(lhr, 'first-contentful-paint'),
    siMs: numericValue(lhr, 'speed-index'),
    lcpMs: numericValue(lhr, 'largest-contentful-paint'),
    tbtMs: numericValue(lhr, 'total-blocking-time'),
    cls: numericValue(lhr, 'cumulative-layout-shift'),
    scriptBytes: scripts?.transferSize ?? 0,
    scriptRequests: scripts?.requestCount ?? 0,
  };
}

/** What the report notes say about the set-up, read from the first result. */
interface RunInfo {
  lighthouseVersion: string;
  browser: string;
  throttling: Partial<Record<LighthousePreset, string>>;
}

function throttlingOf(lhr: Result): string {
  const { throttling, screenEmulation } = lhr.configSettings;
  const rtt = throttling.rttMs ?? 0;
  const mbps = round((throttling.throughputKbps ?? 0) / 1024, 1);
  const cpu = throttling.cpuSlowdownMultiplier ?? 1;
  return `${screenEmulation.width ?? '?'}x${screenEmulation.height ?? '?'} screen, ${rtt} ms RTT, ${mbps} Mb/s, ${cpu}x CPU slowdown`;
}

async function runLighthouse(port: number, url: string, preset: LighthousePreset): Promise<Result> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyAudits: AUDITS };
  const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error('Lighthouse returned no result');
  return result.lhr;
}

export interface LighthouseOptions {
  baseUrl: string;
  /** Runs per page and preset (median of these). */
  runs: number;
  /**
   * Time (Date.now()) by which the pass should be over: a further round over every page and preset
   * only starts when the last round's duration says it ends before this. The first round always runs.
   */
  deadline?: number;
  pages?: readonly LighthousePage[];
  presets?: readonly LighthousePreset[];
  log?: (message: string) => void;
}

export async function lighthouseSection(options: LighthouseOptions): Promise<BenchSection> {
  const {
    baseUrl,
    runs,
    deadline = Infinity,
    pages = LIGHTHOUSE_PAGES,
    presets = LIGHTHOUSE_PRESETS,
    log = () => {},
  } = options;
  const serverProblem = async (): Promise<string | null> => {
    try {
      const health = await fetch(`${baseUrl}/api/health`);
      return health.ok ? null : `${baseUrl}/api/health answered ${health.status}`;
    } catch (error) {
      return `no server answers at ${baseUrl} (${error instanceof Error ? error.message : String(error)})`;
    }
  };
  const problem = await serverProblem();
  if (problem) throw new Error(`Lighthouse: ${problem}`);
  const loadAtStart = os.loadavg()[0]!;
  const started = Date.now();
  const combinations: Combination[] = presets.flatMap((preset) =>
    pages.map((page) => ({ page, preset, samples: [], errors: [] })),
  );
  const info: RunInfo = { lighthouseVersion: '', browser: '', throttling: {} };
  let rounds = 0;
  let stoppedForBudget = false;
  let serverGone: string | null = null;

  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  try {
    // One untimed run first: Chromium's first navigation and the server's first render of a page
    // are slower than any later one (the figures are medians of warm-server, cold-cache loads).
    try {
      await runLighthouse(chrome.port, `${baseUrl}${pages[pages.length - 1]!.path}`, presets[0]!);
    } catch {
      // Only a warm-up: a failure here shows again in the measured runs if it is not a one-off.
    }
    const measuringStarted = Date.now();
    for (let roundIndex = 0; roundIndex < runs; roundIndex++) {
      const averageRoundMs = rounds > 0 ? (Date.now() - measuringStarted) / rounds : 0;
      if (rounds > 0 && Date.now() + averageRoundMs > deadline) {
        stoppedForBudget = true;
        log(`Lighthouse: stopping after ${rounds} of ${runs} rounds (a further one would overrun the time budget)`);
        break;
      }
      // Rounds over every page and preset, so a burst of load elsewhere spreads over all figures.
      for (const combination of combinations) {
        const url = `${baseUrl}${combination.page.path}`;
        for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
          try {
            const runStarted = Date.now();
            const lhr = await runLighthouse(chrome.port, url, combination.preset);
            const sample = sampleOf(lhr);
            combination.samples.push(sample);
            info.lighthouseVersion ||= lhr.lighthouseVersion;
            info.browser ||=
              lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? lhr.environment.hostUserAgent;
            info.throttling[combination.preset] ??= throttlingOf(lhr);
            log(
              `Lighthouse ${combination.preset} ${combination.page.path} run ${roundIndex + 1}: ${round(sample.score, 1)} (LCP ${Math.round(sample.lcpMs)} ms, TBT ${Math.round(sample.tbtMs)} ms) in ${((Date.now() - runStarted) / 1000).toFixed(1)} s`,
            );
            break;
          } catch (error) {
            const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
            log(
              `Lighthouse ${combination.preset} ${combination.page.path} run ${roundIndex + 1}, attempt ${attempt} failed: ${message}`,
            );
            if (attempt === ATTEMPTS) combination.errors.push(message);
            // Runs against a server that is gone only fail again: stop the pass.
            serverGone = await serverProblem();
            if (serverGone) break;
          }
        }
        if (serverGone) break;
      }
      if (serverGone) {
        log(`Lighthouse: stopping, ${serverGone}`);
        break;
      }
      rounds += 1;
    }
  } finally {
    await chrome.kill();
  }

  const seconds = Math.round((Date.now() - started) / 1000);
  const figures: BenchFigure[] = [];
  const notMeasured: string[] = [];
  for (const { page, preset, samples, errors } of combinations) {
    if (samples.length === 0) {
      notMeasured.push(`${page.path} (${preset}): ${errors[0] ?? 'no run'}`);
      continue;
    }
    const med = (pick: (sample: Sample) => number) => median(samples.map(pick));
    const score = med((s) => s.score);
    const scores = samples.map((s) => s.score);
    figures.push({
      id: `web.lighthouse.${preset}.${page.key}`,
      label: `Lighthouse performance of ${page.path} (${preset})`,
      value: round(score, 1),
      unit: '/ 100',
      goal: `>= ${LIGHTHOUSE_GOALS[preset]}`,
      met: score >= LIGHTHOUSE_GOALS[preset],
      detail: {
        runs: samples.length,
        scoreMin: round(Math.min(...scores), 0),
        scoreMax: round(Math.max(...scores), 0),
        'metric: score': round(score, 1),
        'metric: LCP ms': round(
          med((s) => s.lcpMs),
          0,
        ),
        'metric: TBT ms': round(
          med((s) => s.tbtMs),
          0,
        ),
        'metric: CLS': round(
          med((s) => s.cls),
          3,
        ),
        'metric: FCP ms': round(
          med((s) => s.fcpMs),
          0,
        ),
        'metric: SI ms': round(
          med((s) => s.siMs),
          0,
        ),
        'metric: script kB': round(med((s) => s.scriptBytes) / 1000, 1),
        'metric: script requests': round(
          med((s) => s.scriptRequests),
          1,
        ),
        ...(errors.length ? { failedRuns: errors.length } : {}),
      },
    });
  }

  const runsNote =
    rounds < runs
      ? `Median of ${rounds} run${rounds === 1 ? '' : 's'} per page and preset, not ${runs}: ${stoppedForBudget ? 'a further round would have overrun the time budget of `pnpm bench`' : `the pass stopped (${serverGone ?? 'cut short'})`}.`
      : `Median of ${runs} run${runs === 1 ? '' : 's'} per page and preset (every metric its own median).`;
  const throttling = presets.map((preset) => `${preset}: ${info.throttling[preset] ?? 'Lighthouse preset'}`).join('; ');
  return {
    section: 'Lighthouse (performance, public pages)',
    figures,
    notes: [
      `Lighthouse ${info.lighthouseVersion || '?'} (npm package, Node API) driving ${info.browser || 'Chromium'} (${CHROMIUM_PATH}, launched once by chrome-launcher; Lighthouse clears the origin's cache and storage before every run), performance category: the five metric audits that make up the score, and resource-summary.`,
      `Simulated throttling (Lighthouse's presets; TBT still grows with the load on this machine): ${throttling}.`,
      `${runsNote} The runs go in rounds over every page and preset, after one untimed warm-up run. ${seconds} s in all; load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end.`,
      'Script kB and requests: the script responses as the server sends them (its own compression), up to the network-quiet point Lighthouse waits for; the page-weight figures above gzip every script at level 9 instead.',
      ...(notMeasured.length ? [`Not measured: ${notMeasured.join('; ')}.`] : []),
    ],
  };
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      'base-url': { type: 'string' },
      runs: { type: 'string' },
      quick: { type: 'boolean', default: false },
      preset: { type: 'string', multiple: true },
      out: { type: 'string' },
    },
  });
  const baseUrl = args['base-url']?.replace(/\/$/, '');
  if (!baseUrl)
    throw new Error(
      '--base-url is required, e.g. --base-url http://127.0.0.1:4400 (a running server with the demo data)',
    );
  const runs = Number(args.runs ?? (args.quick ? 1 : 3));
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of at least 1');
  const presets = (args.preset ?? [...LIGHTHOUSE_PRESETS]) as LighthousePreset[];
  for (const preset of presets)
    if (!LIGHTHOUSE_PRESETS.includes(preset))
      throw new Error(`--preset must be one of ${LIGHTHOUSE_PRESETS.join(', ')}`);
  const section = normalizeSection(
    await lighthouseSection({ baseUrl, runs, presets, log: (message) => console.log(`[lighthouse] ${message}`) }),
  );
  console.log(`\n${consoleTable({ environment: {}, sections: [section] })}\n`);
  if (args.out) await writeFile(args.out, `${JSON.stringify([section], null, 2)}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await main();
