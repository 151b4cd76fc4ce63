import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { BenchSection } from '../lib/result';
import { median, round } from '../lib/stats';
import { CPU_THROTTLING_RATE, throttledPage } from './composition-cost';
import { readyProbeScript, readyTime, type BenchPage } from './pages';

/** Goal of issue 10: LCP of /{username} at most this many times the static page's. */
export const PAINT_GOAL_RATIO = 1.3;
/** Where the static copy is served from (a file in the served shell folder of the benchmark's own site copy). */
export const STATIC_PROFILE_FILE = 'bench-static-profile.html';

/** Records the latest largest-contentful-paint entry from the very start of the page. */
const LCP_PROBE = `(() => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    const last = entries[entries.length - 1];
    if (last) window.__benchLcp = { time: last.startTime, element: last.element ? last.element.tagName.toLowerCase() + (last.element.textContent ? ': ' + last.element.textContent.trim().slice(0, 40) : '') : '' };
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})();`;

/**
 * Renders the profile once and saves what the visitor sees as a static page: the rendered DOM with
 * the scripts removed and every CSS rule (emotion inserts its rules through the CSSOM, so they are
 * not in the style tags' text) written out in one style element.
 */
export async function writeStaticProfile(
  browser: Browser,
  baseUrl: string,
  profile: BenchPage,
  shellDist: string,
): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(readyProbeScript(profile.ready));
    await page.goto(`${baseUrl}${profile.path}`);
    await readyTime(page);
    await page.waitForLoadState('networkidle');
    const html = await page.evaluate(() => {
      const css = [...document.styleSheets]
        .map((sheet) => {
          try {
            return [...sheet.cssRules].map((rule) => rule.cssText).join('\n');
          } catch {
            return '';
          }
        })
        .join('\n');
      const copy = document.documentElement.cloneNode(true) as HTMLElement;
      copy
        .querySelectorAll('script, style, link[rel="modulepreload"], link[rel="preload"]')
        .forEach((node) => node.remove());
      const style = document.createElement('style');
      style.textContent = css;
      copy.querySelector('head')?.append(style);
      return `<!doctype html>\n${copy.outerHTML}`;
    });
    await writeFile(path.join(shellDist, STATIC_PROFILE_FILE), html);
  } finally {
    await context.close();
  }
}

async function lcpOf(browser: Browser, url: string, ready: RegExp | null): Promise<{ time: number; element: string }> {
  const { page, close } = await throttledPage(browser, {});
  try {
    await page.addInitScript(LCP_PROBE);
    if (ready) await page.addInitScript(readyProbeScript(ready));
    await page.goto(url, { waitUntil: 'load' });
    if (ready) await readyTime(page);
    await page.waitForLoadState('networkidle');
    const lcp = await page.waitForFunction(
      () => (window as unknown as { __benchLcp?: { time: number; element: string } }).__benchLcp,
      undefined,
      {
        timeout: 30_000,
      },
    );
    return (await lcp.jsonValue()) as { time: number; element: string };
  } finally {
    await close();
  }
}

export async function profilePaintSection(
  browser: Browser,
  baseUrl: string,
  profile: BenchPage,
  runs: number,
): Promise<BenchSection> {
  const staticUrl = `${baseUrl}/${STATIC_PROFILE_FILE}`;
  await lcpOf(browser, `${baseUrl}${profile.path}`, profile.ready);
  await lcpOf(browser, staticUrl, null);
  const app: number[] = [];
  const stat: number[] = [];
  let appElement = '';
  let staticElement = '';
  for (let run = 0; run < runs; run++) {
    const order = run % 2 ? (['static', 'app'] as const) : (['app', 'static'] as const);
    for (const which of order) {
      if (which === 'app') {
        const lcp = await lcpOf(browser, `${baseUrl}${profile.path}`, profile.ready);
        app.push(lcp.time);
        appElement = lcp.element;
      } else {
        const lcp = await lcpOf(browser, staticUrl, null);
        stat.push(lcp.time);
        staticElement = lcp.element;
      }
    }
  }
  const appMedian = median(app);
  const staticMedian = median(stat);
  const ratio = appMedian / staticMedian;
  return {
    section: 'Public profile paint',
    figures: [
      {
        id: 'web.paint.profile',
        label: `LCP of ${profile.path} vs the same page as static HTML`,
        value: round(appMedian, 0),
        unit: 'ms',
        baseline: { label: 'static HTML', value: round(staticMedian, 0) },
        ratio: round(ratio, 2),
        goal: `ratio <= ${PAINT_GOAL_RATIO.toFixed(1)}`,
        met: ratio <= PAINT_GOAL_RATIO,
        detail: { runs, appLcpElement: appElement, staticLcpElement: staticElement },
      },
    ],
    notes: [
      `Largest Contentful Paint (the last entry before the page settles), median of ${runs} cold loads each, alternating, ${CPU_THROTTLING_RATE}x CPU throttling.`,
      `Static page: the rendered profile saved once per run as /${STATIC_PROFILE_FILE} (DOM without scripts, every CSS rule inlined) in the served shell folder of the benchmark's own site copy, so the same server sends it.`,
    ],
  };
}
