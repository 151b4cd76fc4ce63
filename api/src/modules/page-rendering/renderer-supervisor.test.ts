import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createRendererSupervisor, type RendererSupervisor } from './renderer-supervisor';
import { makeTempDir } from '../../testing/temp-dir';

/** A shell server bundle stand-in: renders the URL, never answers for /hang, and loops forever for /spin. */
const SHELL_BUNDLE = `
exports.createPageRenderer = async function () {
  return {
    render: async function (request) {
      if (request.url === '/hang') return new Promise(function () {});
      if (request.url === '/spin') for (;;) {}
      return {
        html: '<p>rendered ' + request.url + ' by ' + process.pid + '</p>',
        area: null,
        state: { remoteMap: request.remoteMap, render: null },
      };
    },
  };
};
`;

let supervisor: RendererSupervisor | undefined;
afterEach(() => supervisor?.close());

function start(timeoutMs = 300) {
  const dir = makeTempDir('renderer');
  mkdirSync(path.join(dir, 'server'));
  const shellBundle = path.join(dir, 'server', 'server.cjs');
  writeFileSync(shellBundle, SHELL_BUNDLE);
  supervisor = createRendererSupervisor({
    shellBundle,
    timeoutMs,
    containerCode: () => Promise.reject(new Error('no containers here')),
    api: () => Promise.resolve({ status: 404, headers: {}, body: '' }),
    onAreaFallback: () => {},
    log: Fastify({ logger: false }).log,
  });
  return supervisor;
}

const page = (url: string) => ({ url, remoteMap: {}, serverEntries: {} });

/** A started renderer answers (its start-up on a busy machine may take longer than one deadline). */
const rendered = (renderer: RendererSupervisor, url: string) =>
  expect
    .poll(async () => (await renderer.render(page(url)))?.html ?? null, { timeout: 15_000 })
    .toMatch(new RegExp(`^<p>rendered ${url} by \\d+</p>$`));

describe('the renderer process', () => {
  it('renders in a process of its own', async () => {
    const renderer = start();
    await rendered(renderer, '/help');
    expect((await renderer.render(page('/help')))?.html).toBe(`<p>rendered /help by ${renderer.pid()}</p>`);
    expect(renderer.pid()).not.toBe(process.pid);
  });

  it('killed: the next page still gets an answer, and the renderer is started again', async () => {
    const renderer = start();
    await rendered(renderer, '/a');
    const first = renderer.pid();
    process.kill(first ?? 0, 'SIGKILL');
    // Answered at once while it is down (the page renders in the browser), or by the new renderer.
    await expect.poll(() => renderer.pid() !== first).toBe(true);
    await rendered(renderer, '/b');
    expect(renderer.pid()).not.toBe(first);
  });

  it('slow: the page is answered at the deadline without it, and a renderer that still answers is kept', async () => {
    const renderer = start();
    await rendered(renderer, '/a');
    const pid = renderer.pid();
    expect(await renderer.render(page('/hang'))).toBeNull();
    expect((await renderer.render(page('/c')))?.html).toBe(`<p>rendered /c by ${pid}</p>`);
  });

  it('stuck in a loop: the page is answered at the deadline, and the renderer is killed and started again', async () => {
    const renderer = start();
    await rendered(renderer, '/a');
    const stuck = renderer.pid();
    expect(await renderer.render(page('/spin'))).toBeNull();
    await rendered(renderer, '/d');
    expect(renderer.pid()).not.toBe(stuck);
  });
});
