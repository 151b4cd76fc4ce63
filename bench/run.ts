/**
 * `pnpm bench`: builds what it measures into its own folders, runs the web benchmarks (page weight,
 * cost of composition, public profile paint, first tap, server rendering capacity, Lighthouse) and the API
 * benchmarks (bench/api/*.ts) one after the other, prints one table, writes bench/results.json and rewrites
 * the results table of docs/benchmarks.md.
 *
 *   pnpm bench [--runs 3] [--quick] [--skip-web] [--skip-lighthouse] [--lighthouse-runs 3] [--skip-api]
 *              [--port 4400] [--work-dir DIR] [--no-write]
 *
 * --quick: 2 page loads per web measurement, 1 visit per first-tap figure, 1 Lighthouse run per page and
 * preset, shorter API loads. BENCH_FIRST_TAP_RUNS sets the first-tap visits (default 3).
 */
import './lib/production-mode';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { startApiServer, type ApiServer } from './lib/api-server';
import { launchChromium } from './lib/browser';
import { consoleTable, markdownTable, normalizeSection, updateResultsTable, type BenchReport } from './lib/report';
import type { BenchSection } from './lib/result';
import { BENCH_DIR, REPO_ROOT, runNode, tsxCli } from './lib/workspace';
import { buildComposedSite, buildSingleBundleSite } from './web/build-sites';
import { compositionCostSection } from './web/composition-cost';
import { FIRST_TAP_SECTION, firstTapRuns, firstTapSection } from './web/first-tap';
import { lighthouseSection } from './web/lighthouse';
import { benchPages, creatorDisplayName, signInCreator } from './web/pages';
import { pageWeightSection } from './web/page-weight';
import { profilePaintSection, writeStaticProfile } from './web/profile-paint';
import { renderCapacitySection } from './web/render-capacity';

/** Issue 10: the whole run, builds included, stays under 15 minutes. */
const TOTAL_BUDGET_MS = 14 * 60_000;
const API_BENCHMARKS = ['reads', 'checkout', 'growth'] as const;
const RESULTS_FILE = path.join(BENCH_DIR, 'results.json');
/** The API benchmarks' sections are titled "API ...". */
const isApiSection = (section: BenchSection) => section.section.startsWith('API');
/**
 * Time kept for the API benchmarks when Lighthouse (10 runs a round, 7 to 20 s each depending on the
 * machine's load) decides whether another round fits: it runs before them and stops early instead.
 */
const API_RESERVE_MS = { full: 5 * 60_000, quick: 3 * 60_000 };

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'skip-web': { type: 'boolean', default: false },
    'skip-api': { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string' },
    port: { type: 'string', default: '4400' },
    'work-dir': { type: 'string', default: path.join(os.tmpdir(), 'beabro-bench') },
    'no-write': { type: 'boolean', default: false },
  },
});

const startedAt = Date.now();
const runs = Number(args.runs ?? (args.quick ? 2 : 3));
const tapRuns = firstTapRuns(args.quick);
const lighthouseRuns = Number(args['lighthouse-runs'] ?? (args.quick ? 1 : 3));
const port = Number(args.port);
const workDir = path.resolve(args['work-dir']);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of at least 1');
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1)
  throw new Error('--lighthouse-runs must be a whole number of at least 1');
if (!Number.isInteger(port) || port < 1 || port > 65534) throw new Error('--port must be a port number');

const elapsed = () => `${((Date.now() - startedAt) / 1000).toFixed(0)} s`;
const log = (message: string) => console.log(`[bench ${elapsed()}] ${message}`);

function failedSection(section: string, error: unknown): BenchSection {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`[bench] ${section} failed: ${message}`);
  return { section, figures: [], notes: [`Not measured: ${message.split('\n')[0]}`] };
}

async function webSections(): Promise<BenchSection[]> {
  const composedDir = path.join(workDir, 'composed');
  const singleDir = path.join(workDir, 'single');
  log('building the composed site (shell + every remote) and the single bundle');
  await buildComposedSite(composedDir);
  await buildSingleBundleSite(singleDir);

  const servers: ApiServer[] = [];
  let browser: Browser | undefined;
  try {
    const freshDataDir = async (name: string) => {
      const dir = path.join(workDir, name);
      await rm(dir, { recursive: true, force: true });
      return dir;
    };
    log(`starting the API server over each build (ports ${port} and ${port + 1}, demo data)`);
    // The single-bundle server starts first: the static copy of the profile is rendered from it into
    // the composed site's shell folder before that server starts (its static file server lists the
    // files it serves when it starts). Both builds render the same components, so the same DOM.
    const single = await startApiServer({
      siteDir: singleDir,
      dataDir: await freshDataDir('data-single'),
      port: port + 1,
    });
    servers.push(single);
    browser = await launchChromium();
    const pages = benchPages(await creatorDisplayName(single.baseUrl));
    const profile = pages.find((page) => page.key === 'profile')!;
    await writeStaticProfile(browser, single.baseUrl, profile, path.join(composedDir, 'shell', 'dist'));
    const composedServer = await startApiServer({
      siteDir: composedDir,
      dataDir: await freshDataDir('data-composed'),
      port,
    });
    servers.push(composedServer);

    const composedSite = {
      label: 'composed',
      baseUrl: composedServer.baseUrl,
      creatorState: await signInCreator(browser, composedServer.baseUrl),
    };
    const singleSite = {
      label: 'single bundle',
      baseUrl: single.baseUrl,
      creatorState: await signInCreator(browser, single.baseUrl),
    };

    const sections: BenchSection[] = [];
    const steps = args['skip-lighthouse'] ? 5 : 6;
    log(`1/${steps} page weight`);
    try {
      sections.push(await pageWeightSection(browser, composedSite, singleSite, pages));
    } catch (error) {
      sections.push(failedSection('Page weight', error));
    }
    log(`2/${steps} cost of composition (${runs} runs per page and build)`);
    try {
      sections.push(await compositionCostSection(browser, composedSite, singleSite, pages, runs));
    } catch (error) {
      sections.push(failedSection('Cost of composition', error));
    }
    log(`3/${steps} public profile paint (${runs} runs each)`);
    try {
      sections.push(await profilePaintSection(browser, composedSite.baseUrl, profile, runs));
    } catch (error) {
      sections.push(failedSection('Public profile paint', error));
    }
    log(`4/${steps} first tap on the public pages (${tapRuns} visit${tapRuns === 1 ? '' : 's'} per figure and build)`);
    try {
      sections.push(
        await firstTapSection({ browser, composed: composedSite, baseline: singleSite, runs: tapRuns, log }),
      );
    } catch (error) {
      sections.push(failedSection(FIRST_TAP_SECTION, error));
    }
    log(`5/${steps} server rendering capacity (PGlite and PostgreSQL)`);
    try {
      sections.push(
        await renderCapacitySection({
          siteDir: composedDir,
          port: port + 2,
          seconds: args.quick ? 4 : 20,
          engines: ['pglite', 'postgres'],
        }),
      );
    } catch (error) {
      sections.push(failedSection('Server rendering capacity', error));
    }
    if (!args['skip-lighthouse']) {
      // Lighthouse launches its own Chromium: the Playwright one is not needed any more.
      await browser.close();
      browser = undefined;
      const deadline =
        startedAt + TOTAL_BUDGET_MS - (args['skip-api'] ? 0 : args.quick ? API_RESERVE_MS.quick : API_RESERVE_MS.full);
      log(
        `6/6 Lighthouse (${lighthouseRuns} run${lighthouseRuns === 1 ? '' : 's'} per page and preset, fewer if the time budget runs short)`,
      );
      const lighthouseStarted = Date.now();
      try {
        sections.push(
          await lighthouseSection({ baseUrl: composedServer.baseUrl, runs: lighthouseRuns, deadline, log }),
        );
      } catch (error) {
        sections.push(failedSection('Lighthouse (performance, public pages)', error));
      }
      log(`Lighthouse took ${Math.round((Date.now() - lighthouseStarted) / 1000)} s`);
    }
    return sections;
  } finally {
    await browser?.close();
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function apiSections(): Promise<BenchSection[]> {
  const sections: BenchSection[] = [];
  for (const [index, name] of API_BENCHMARKS.entries()) {
    const script = path.join(BENCH_DIR, 'api', `${name}.ts`);
    if (!existsSync(script)) {
      sections.push({
        section: `API: ${name}`,
        figures: [],
        notes: [`Not measured: bench/api/${name}.ts does not exist.`],
      });
      continue;
    }
    const out = path.join(workDir, `api-${name}.json`);
    await rm(out, { force: true });
    // What is left of the budget, keeping a minute for each script still to run after this one.
    const remaining = TOTAL_BUDGET_MS - (Date.now() - startedAt);
    const timeoutMs = Math.max(60_000, remaining - 60_000 * (API_BENCHMARKS.length - 1 - index));
    log(`API benchmark ${name} (at most ${Math.round(timeoutMs / 1000)} s)`);
    try {
      await runNode([tsxCli(), script, '--out', out, ...(args.quick ? ['--quick'] : [])], {
        cwd: REPO_ROOT,
        timeoutMs,
        inheritOutput: true,
      });
      const written = JSON.parse(await readFile(out, 'utf8')) as BenchSection[];
      sections.push(...written);
    } catch (error) {
      sections.push(failedSection(`API: ${name}`, error));
    }
  }
  return sections;
}

await mkdir(workDir, { recursive: true });
const environment: Record<string, number | string> = {
  date: new Date().toISOString().slice(0, 10),
  cpus: `${os.cpus().length} x ${os.cpus()[0]?.model.trim() ?? 'unknown'}`,
  node: process.version,
  'load average at start': os.loadavg()[0]!.toFixed(1),
};

const sections: BenchSection[] = [];
if (!args['skip-web']) {
  try {
    sections.push(...(await webSections()));
  } catch (error) {
    sections.push(failedSection('Web benchmarks', error));
  }
}
if (!args['skip-api']) sections.push(...(await apiSections()));
// A group skipped in this run keeps its sections from the last results (each carries the notes of the run that
// measured it, its load average included), so the file always holds every figure.
if (args['skip-web'] || args['skip-api']) {
  const previous = existsSync(RESULTS_FILE)
    ? (JSON.parse(await readFile(RESULTS_FILE, 'utf8')) as BenchReport).sections
    : [];
  const kept = previous.filter((section) => (isApiSection(section) ? args['skip-api'] : args['skip-web']));
  const web = [...sections.filter((s) => !isApiSection(s)), ...kept.filter((s) => !isApiSection(s))];
  const api = [...sections.filter(isApiSection), ...kept.filter(isApiSection)];
  sections.splice(0, sections.length, ...web, ...api);
}

const report: BenchReport = {
  environment: {
    ...environment,
    'total time': elapsed(),
    ...(args['skip-web'] || args['skip-api']
      ? {
          measured: args['skip-web']
            ? 'API only (web sections from the previous run)'
            : 'web only (API sections from the previous run)',
        }
      : {}),
  },
  sections: sections.map(normalizeSection),
};
console.log(`\n${consoleTable(report)}\n`);
if (!args['no-write']) {
  await writeFile(RESULTS_FILE, `${JSON.stringify(report, null, 2)}\n`);
  await updateResultsTable(path.join(REPO_ROOT, 'docs', 'benchmarks.md'), markdownTable(report));
  log('wrote bench/results.json and the table in docs/benchmarks.md');
}
