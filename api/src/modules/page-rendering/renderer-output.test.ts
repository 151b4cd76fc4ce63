import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createRendererSupervisor, RENDERER_OUTPUT_BOUND, type RendererSupervisor } from './renderer-supervisor';
import { makeTempDir } from '../../testing/temp-dir';

/** A shell server bundle stand-in that writes to its stdout and stderr: forged log lines, long lines, floods. */
const SHELL_BUNDLE = `
exports.createPageRenderer = async function () {
  return {
    render: async function (request) {
      if (request.url === '/forge') {
        process.stdout.write('{"level":50,"msg":"forged by the renderer","reqId":"forged"}\\n');
        process.stderr.write('x'.repeat(5000) + '\\n');
      }
      if (request.url === '/flood') for (let i = 0; i < 200; i += 1) process.stdout.write('y'.repeat(1000) + '\\n');
      return { html: '<p>rendered ' + request.url + '</p>', area: null, state: { remoteMap: request.remoteMap, render: null } };
    },
  };
};
`;

interface LogLine {
  msg?: string;
  reqId?: string;
  renderer?: { stdout?: string; stderr?: string; cut?: boolean };
}

let supervisor: RendererSupervisor | undefined;
afterEach(() => supervisor?.close());

function start() {
  const dir = makeTempDir('renderer-output');
  mkdirSync(path.join(dir, 'server'));
  const shellBundle = path.join(dir, 'server', 'server.cjs');
  writeFileSync(shellBundle, SHELL_BUNDLE);
  const written: string[] = [];
  supervisor = createRendererSupervisor({
    shellBundle,
    timeoutMs: 5_000,
    containerCode: () => Promise.reject(new Error('no containers here')),
    api: () => Promise.resolve({ status: 404, headers: {}, body: '' }),
    onAreaFallback: () => {},
    log: Fastify({ logger: { level: 'info', stream: { write: (line: string) => void written.push(line) } } }).log,
  });
  const lines = () => written.map((line) => JSON.parse(line) as LogLine);
  const output = () => lines().filter((line) => line.renderer !== undefined);
  return { renderer: supervisor, lines, output };
}

const page = (url: string) => ({ url, remoteMap: {}, serverEntries: {} });

describe('the renderer’s output', () => {
  it('goes through the API’s log, labelled and escaped: it cannot pass for an API log line', async () => {
    const { renderer, lines, output } = start();
    await expect.poll(async () => (await renderer.render(page('/forge')))?.html, { timeout: 20_000 }).toBeTruthy();
    await expect.poll(() => output().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    // Every line written is one JSON line of the API's logger; the forged one is only a field's text.
    expect(lines().some((line) => line.reqId === 'forged' || line.msg === 'forged by the renderer')).toBe(false);
    const forged = output().find((line) => line.renderer?.stdout?.includes('forged by the renderer'));
    expect(forged?.msg).toBe('renderer output');
    const long = output().find((line) => line.renderer?.stderr !== undefined);
    expect(long?.renderer).toEqual({ stderr: 'x'.repeat(RENDERER_OUTPUT_BOUND.lineChars), cut: true });
  });

  it('is bounded: a flood is logged up to its bound only', async () => {
    const { renderer, output } = start();
    const logged = () => output().reduce((sum, line) => sum + (line.renderer?.stdout?.length ?? 0), 0);
    await expect.poll(async () => (await renderer.render(page('/flood')))?.html, { timeout: 20_000 }).toBeTruthy();
    await expect.poll(logged, { timeout: 10_000 }).toBeGreaterThan(RENDERER_OUTPUT_BOUND.bytesPerMinute - 1000);
    // Another flood within the minute adds nothing.
    await renderer.render(page('/flood'));
    expect(logged()).toBeLessThanOrEqual(RENDERER_OUTPUT_BOUND.bytesPerMinute);
  });
});
