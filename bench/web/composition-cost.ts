import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { BenchFigure, BenchSection } from '../lib/result';
import { median, round } from '../lib/stats';
import { readyProbeScript, readyTime, type BenchPage, type StorageState } from './pages';

/** Goal of issue 10: the composed build at most this many times the single bundle. */
export const COMPOSITION_GOAL_RATIO = 1.1;
export const CPU_THROTTLING_RATE = 4;

export interface Site {
  label: string;
  baseUrl: string;
  creatorState: StorageState;
}

/** A fresh context (cold HTTP cache) with the CPU slowed down through the DevTools protocol. */
export async function throttledPage(
  browser: Browser,
  options: BrowserContextOptions,
): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLING_RATE });
  return { page, close: () => context.close() };
}

/** Milliseconds from navigation start until the area's heading shows its data, one cold load. */
async function loadToRender(browser: Browser, site: Site, page: BenchPage): Promise<number> {
  const { page: tab, close } = await throttledPage(browser, page.signedIn ? { storageState: site.creatorState } : {});
  try {
    await tab.addInitScript(readyProbeScript(page.ready));
    await tab.goto(`${site.baseUrl}${page.path}`, { waitUntil: 'commit' });
    return await readyTime(tab);
  } finally {
    await close();
  }
}

export async function compositionCostSection(
  browser: Browser,
  composed: Site,
  single: Site,
  pages: BenchPage[],
  runs: number,
): Promise<BenchSection> {
  const figures: BenchFigure[] = [];
  for (const page of pages) {
    // One warm-up load each (server caches, Chromium's code paths), then alternate the two builds
    // so background load on the machine hits both alike.
    await loadToRender(browser, composed, page);
    await loadToRender(browser, single, page);
    const composedTimes: number[] = [];
    const singleTimes: number[] = [];
    for (let run = 0; run < runs; run++) {
      const [first, second] = run % 2 ? [single, composed] : [composed, single];
      const a = await loadToRender(browser, first, page);
      const b = await loadToRender(browser, second, page);
      (first === composed ? composedTimes : singleTimes).push(a);
      (second === composed ? composedTimes : singleTimes).push(b);
    }
    const composedMedian = median(composedTimes);
    const singleMedian = median(singleTimes);
    const ratio = composedMedian / singleMedian;
    figures.push({
      id: `web.composition.${page.key}`,
      label: `Load to render ${page.path} (composed vs single bundle)`,
      value: round(composedMedian, 0),
      unit: 'ms',
      baseline: { label: single.label, value: round(singleMedian, 0) },
      ratio: round(ratio, 2),
      goal: `ratio <= ${COMPOSITION_GOAL_RATIO.toFixed(2)}`,
      met: ratio <= COMPOSITION_GOAL_RATIO,
      detail: {
        runs,
        composedMin: round(Math.min(...composedTimes), 0),
        composedMax: round(Math.max(...composedTimes), 0),
        singleMin: round(Math.min(...singleTimes), 0),
        singleMax: round(Math.max(...singleTimes), 0),
      },
    });
  }
  return {
    section: 'Cost of composition',
    figures,
    notes: [
      `Median over ${runs} cold loads per build (after one warm-up each, the two builds alternating) in headless Chromium with ${CPU_THROTTLING_RATE}x CPU throttling (Emulation.setCPUThrottlingRate), no network throttling, both builds served by the real API server on this machine.`,
      'Load to render: from navigation start to the first moment the area\'s #main h1 shows its data (creator name, "Welcome back"), recorded in the page by a MutationObserver.',
      'Single bundle: bench/single-bundle/rspack.config.mjs builds the shell with every exposed area as a plain lazily loaded chunk of the same build and no Module Federation (no remote map, remoteEntry or manifest requests, no share scope).',
    ],
  };
}
