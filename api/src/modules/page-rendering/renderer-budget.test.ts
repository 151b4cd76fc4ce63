import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createRendererSupervisor,
  RENDER_API_BUDGET,
  type RendererApiRequest,
  type RendererSupervisor,
} from './renderer-supervisor';
import { makeTempDir } from '../../testing/temp-dir';

/**
 * A shell server bundle stand-in whose pages read the API: `/flood?n=` fires n reads at once, `/big?n=` reads n
 * answers one after another, `/fine` reads three. It reports the statuses it got through the area-fallback
 * channel (the only way out of a page that renders in the browser).
 */
const SHELL_BUNDLE = `
exports.createPageRenderer = async function (options) {
  return {
    render: async function (request) {
      const url = new URL(request.url, 'http://page.invalid');
      const n = Number(url.searchParams.get('n') || 3);
      let statuses = [];
      if (url.pathname === '/flood') {
        statuses = await Promise.all(Array.from({ length: n }, (_, i) => options.apiTransport('/api/read?' + i, {}).then((r) => r.status)));
      } else {
        for (let i = 0; i < n; i += 1) statuses.push((await options.apiTransport('/api/read?' + i, {})).status);
      }
      options.onAreaFallback({ remote: 'report', module: request.url, reason: JSON.stringify(statuses) });
      return { html: '<p>rendered ' + request.url + '</p>', area: null, state: { remoteMap: request.remoteMap, render: null } };
    },
  };
};
`;

let supervisor: RendererSupervisor | undefined;
afterEach(() => supervisor?.close());

function start(answerBytes: number) {
  const dir = makeTempDir('renderer-budget');
  mkdirSync(path.join(dir, 'server'));
  const shellBundle = path.join(dir, 'server', 'server.cjs');
  writeFileSync(shellBundle, SHELL_BUNDLE);
  const seen = { calls: 0, active: 0, maxActive: 0 };
  const reports = new Map<string, number[]>();
  supervisor = createRendererSupervisor({
    shellBundle,
    // Generous: the reads of one page fit in it on a busy machine.
    timeoutMs: 5_000,
    containerCode: () => Promise.reject(new Error('no containers here')),
    api: async (_request: RendererApiRequest) => {
      seen.calls += 1;
      seen.active += 1;
      seen.maxActive = Math.max(seen.maxActive, seen.active);
      // Answered on a later turn, so that reads asked at once are under way together.
      await new Promise((resolve) => setImmediate(resolve));
      seen.active -= 1;
      return { status: 200, headers: {}, body: 'x'.repeat(answerBytes) };
    },
    onAreaFallback: ({ remote, module, reason }) => {
      if (remote === 'report') reports.set(module, JSON.parse(reason) as number[]);
    },
    log: Fastify({ logger: false }).log,
  });
  return { renderer: supervisor, seen, reports };
}

const page = (url: string) => ({ url, remoteMap: {}, serverEntries: {} });

/** The page's render (the renderer's start-up on a busy machine may take longer than one deadline). */
const renderOnce = async (renderer: RendererSupervisor, reports: Map<string, number[]>, url: string) => {
  let html: string | null = null;
  await expect
    .poll(
      async () => {
        html = (await renderer.render(page(url)))?.html ?? null;
        return reports.has(url);
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return { html: html as string | null, statuses: reports.get(url) ?? [] };
};

describe('the renderer’s API reads', () => {
  it('a page within the bounds is rendered with its data', async () => {
    const { renderer, reports } = start(100);
    const { html, statuses } = await renderOnce(renderer, reports, '/fine');
    expect(statuses).toEqual([200, 200, 200]);
    expect(html).toBe('<p>rendered /fine</p>');
  });

  it('past the number of reads or the reads at once: refused with 429, and the page renders in the browser', async () => {
    const { renderer, seen, reports } = start(10);
    const { html, statuses } = await renderOnce(renderer, reports, '/flood?n=200');
    expect(html).toBeNull();
    expect(seen.maxActive).toBeLessThanOrEqual(RENDER_API_BUDGET.concurrent);
    expect(seen.calls).toBeLessThanOrEqual(RENDER_API_BUDGET.reads);
    expect(statuses.filter((s) => s === 200)).toHaveLength(seen.calls);
    expect(statuses.filter((s) => s === 429)).toHaveLength(200 - seen.calls);

    const sequential = await renderOnce(renderer, reports, '/big?n=60');
    expect(sequential.html).toBeNull();
    expect(sequential.statuses.slice(0, RENDER_API_BUDGET.reads)).toEqual(Array(RENDER_API_BUDGET.reads).fill(200));
    expect(sequential.statuses.slice(RENDER_API_BUDGET.reads)).toEqual(Array(10).fill(429));

    // The renderer stays of use: the next page within the bounds is rendered.
    expect((await renderOnce(renderer, reports, '/fine')).html).toBe('<p>rendered /fine</p>');
  });

  it('past the bytes a page may read: refused with 429, and the page renders in the browser', async () => {
    const megabyte = 1024 * 1024;
    const { renderer, reports } = start(megabyte);
    const { html, statuses } = await renderOnce(renderer, reports, '/big?n=6');
    expect(html).toBeNull();
    const fit = RENDER_API_BUDGET.bytes / megabyte;
    expect(statuses).toEqual([...Array(fit).fill(200), ...Array(6 - fit).fill(429)]);
  });
});
