import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { PageRender, PageRendererOptions, PageRequest } from '@beabro/shared/contract/page-state';

type AreaFallback = Parameters<PageRendererOptions['onAreaFallback']>[0];

/** The renderer's own entry (plain JavaScript: see the file). */
export const RENDERER_ENTRY = fileURLToPath(new URL('./renderer-process.mjs', import.meta.url));
/** Heap bound of the renderer: a bundle that grows past it ends the process, which is restarted. */
export const RENDERER_MEMORY_MB = 256;
/**
 * What one render may read from the API (pooled over the renders in flight, never outside one): past a bound a
 * read is answered 429 and the page renders in the browser.
 */
export const RENDER_API_BUDGET = { reads: 50, bytes: 4 * 1024 * 1024, concurrent: 6 } as const;
const TOO_MANY_READS: RendererApiAnswer = {
  status: 429,
  headers: { 'content-type': 'application/json' },
  body: '{"message":"Too many API reads for one page"}',
};
/**
 * The renderer's own output (its stdout and stderr) is logged by the API, never written as is: a line at most
 * `lineChars` long, at most `bytesPerMinute` a minute (then one notice of what was dropped).
 */
export const RENDERER_OUTPUT_BOUND = { lineChars: 2_000, bytesPerMinute: 64 * 1024 } as const;
const FIRST_BACKOFF_MS = 100;
const MAX_BACKOFF_MS = 30_000;

export interface RendererApiRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}
export interface RendererApiAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface RendererSupervisorOptions {
  /** The shell's server bundle (shell/dist/server/server.cjs): the renderer may read its folder only. */
  shellBundle: string;
  timeoutMs: number;
  /** The code of a remote's server container, read by the API (a local file or an https answer). */
  containerCode: (entryUrl: string) => Promise<string>;
  /** The API's answer to a request the areas make for public data. */
  api: (request: RendererApiRequest) => Promise<RendererApiAnswer>;
  onAreaFallback: (fallback: AreaFallback) => void;
  log: FastifyBaseLogger;
}

/** Node's permission flag: `--permission` from Node 22.13/23.5, `--experimental-permission` before. */
export function permissionFlags(readable: readonly string[]): string[] {
  const flags = process.allowedNodeEnvironmentFlags;
  const permission = flags.has('--permission') ? '--permission' : '--experimental-permission';
  // No --allow-fs-write, --allow-child-process, --allow-worker (nor --allow-addons, --allow-wasi): denied.
  return [
    permission,
    ...readable.map((p) => `--allow-fs-read=${p}`),
    ...(flags.has('--disable-warning') ? ['--disable-warning=ExperimentalWarning'] : []),
  ];
}

type Waiting = {
  resolve: (result: PageRender | null) => void;
  timer: NodeJS.Timeout;
  url: string;
  /** API reads and bytes charged to this render. */
  reads: number;
  bytes: number;
  /** A read was refused while it was in flight: its page renders in the browser. */
  overBudget: boolean;
};

interface Running {
  child: ChildProcess;
  ready: Promise<boolean>;
  renders: Map<number, Waiting>;
  /** Container entries the API has asked this renderer to render with: the only ones it may ask for. */
  entries: Set<string>;
  /** API reads being answered. */
  activeReads: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the renderer sent back looks like a page render (it is untrusted: anything else is a failure). */
function asPageRender(value: unknown): PageRender | null {
  if (!isRecord(value) || typeof value.html !== 'string' || !isRecord(value.state)) return null;
  if (value.area !== null && !isRecord(value.area)) return null;
  if (value.title !== undefined && typeof value.title !== 'string') return null;
  if (value.incomplete !== undefined && typeof value.incomplete !== 'boolean') return null;
  return value as unknown as PageRender;
}

/**
 * Starts and supervises the renderer process: one child, started on the first page, given a minimal
 * environment (no secret, no database address), read access to the shell's server bundle only, no
 * writes, child processes or workers, a bounded heap; each render has a deadline. A renderer that
 * crashes, runs out of memory or stops answering is killed and started again after a backoff
 * (100 ms doubling to 30 s, reset by a page it renders). While it is down, slow or failing, `render`
 * answers null at once or at the deadline: the page is rendered in the browser, as on any failure.
 */
export function createRendererSupervisor(options: RendererSupervisorOptions) {
  const renderDeadlineMs = options.timeoutMs * 3 + 500;
  let running: Running | null = null;
  let failures = 0;
  let notBefore = 0;
  let restartTimer: NodeJS.Timeout | null = null;
  let closed = false;
  let nextId = 0;

  function start(): Running {
    const shellFolder = path.dirname(options.shellBundle);
    const child = fork(
      RENDERER_ENTRY,
      [JSON.stringify({ shellBundle: options.shellBundle, timeoutMs: options.timeoutMs })],
      {
        // Not process.env: the renderer holds no secret and no database credential.
        env: { NODE_ENV: 'production', TZ: 'UTC' },
        execArgv: [
          ...permissionFlags([RENDERER_ENTRY, `${shellFolder}${path.sep}*`]),
          `--max-old-space-size=${RENDERER_MEMORY_MB}`,
        ],
        cwd: shellFolder,
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      },
    );
    if (child.stdout) logOutput(child.stdout, 'stdout');
    if (child.stderr) logOutput(child.stderr, 'stderr');
    let markReady: (ok: boolean) => void = () => {};
    const self: Running = {
      child,
      ready: new Promise<boolean>((resolve) => (markReady = resolve)),
      renders: new Map(),
      entries: new Set(),
      activeReads: 0,
    };

    /**
     * The render an API read is charged to: the oldest in flight with reads left. Null (the read is refused) when
     * no render is in flight, all have spent their reads, or too many reads are under way; the renders in flight
     * then render in the browser.
     */
    const chargeRead = (): Waiting | null => {
      const inFlight = [...self.renders.values()];
      const charged = inFlight.find((waiting) => waiting.reads < RENDER_API_BUDGET.reads);
      if (!charged || self.activeReads >= RENDER_API_BUDGET.concurrent * inFlight.length) {
        for (const waiting of inFlight) waiting.overBudget = true;
        return null;
      }
      charged.reads += 1;
      return charged;
    };

    const answer = (id: unknown, result: unknown) => {
      if (child.connected) child.send({ type: 'answer', id, answer: result }, () => {});
    };

    child.on('message', (message: unknown) => {
      if (!isRecord(message)) return;
      switch (message.type) {
        case 'ready':
          markReady(true);
          return;
        case 'failed':
          options.log.error({ reason: message.error }, 'the renderer could not load the shell’s server bundle');
          return;
        case 'rendered': {
          const waiting = self.renders.get(Number(message.id));
          if (!waiting) return;
          self.renders.delete(Number(message.id));
          clearTimeout(waiting.timer);
          if (typeof message.error === 'string') {
            options.log.warn({ reason: message.error }, 'server rendering failed; the page renders in the browser');
            waiting.resolve(null);
            return;
          }
          const render = asPageRender(message.result);
          if (render) failures = 0;
          if (waiting.overBudget) {
            options.log.warn(
              { url: waiting.url, reads: waiting.reads, bytes: waiting.bytes },
              'the renderer read more from the API than a page may; the page renders in the browser',
            );
          }
          waiting.resolve(waiting.overBudget ? null : render);
          return;
        }
        case 'container': {
          const entryUrl = String(message.entryUrl);
          if (!self.entries.has(entryUrl)) {
            answer(message.id, { error: `${entryUrl} is not a server entry of the live remote map` });
            return;
          }
          options.containerCode(entryUrl).then(
            (code) => answer(message.id, { code }),
            (error: unknown) => answer(message.id, { error: error instanceof Error ? error.message : String(error) }),
          );
          return;
        }
        case 'api': {
          const charged = chargeRead();
          if (!charged) {
            answer(message.id, TOO_MANY_READS);
            return;
          }
          const headers = isRecord(message.headers)
            ? Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [k, String(v)]))
            : {};
          self.activeReads += 1;
          // A read that takes longer than a render may is answered without its data (the API's answer is dropped).
          let timer: NodeJS.Timeout | undefined;
          const late = new Promise<RendererApiAnswer>((resolve) => {
            timer = setTimeout(() => resolve({ status: 504, headers: {}, body: '' }), options.timeoutMs);
          });
          Promise.race([
            options.api({
              url: String(message.url),
              method: String(message.method),
              headers,
              ...(typeof message.body === 'string' ? { body: message.body } : {}),
            }),
            late,
          ])
            .then(
              (result) => {
                charged.bytes += Buffer.byteLength(result.body);
                if (charged.bytes <= RENDER_API_BUDGET.bytes) return result;
                charged.overBudget = true;
                return TOO_MANY_READS;
              },
              () => ({ status: 502, headers: {}, body: '' }),
            )
            .then((result) => {
              clearTimeout(timer);
              self.activeReads -= 1;
              answer(message.id, result);
            });
          return;
        }
        case 'fallback':
          options.onAreaFallback({
            remote: String(message.remote),
            module: String(message.module),
            reason: String(message.reason),
          });
          return;
        case 'pong':
          pongs.get(Number(message.id))?.();
          return;
      }
    });

    child.on('exit', (code, signal) => {
      markReady(false);
      for (const waiting of self.renders.values()) {
        clearTimeout(waiting.timer);
        waiting.resolve(null);
      }
      self.renders.clear();
      if (running === self) running = null;
      if (closed || self.child.killed) return;
      failures += 1;
      const delay = Math.min(FIRST_BACKOFF_MS * 2 ** (failures - 1), MAX_BACKOFF_MS);
      notBefore = Date.now() + delay;
      options.log.error(
        { code, signal, restartInMs: delay },
        'the renderer stopped; pages render in the browser until it is started again',
      );
      if (restartTimer) clearTimeout(restartTimer);
      restartTimer = setTimeout(() => {
        restartTimer = null;
        if (!closed && !running) running = start();
      }, delay);
      restartTimer.unref();
    });
    child.on('error', (error) => options.log.error({ err: error }, 'the renderer process failed'));
    return self;
  }

  const pongs = new Map<number, () => void>();

  // The renderer's output, bounded per minute over all its processes.
  let outputWindowStart = 0;
  let outputBytes = 0;
  let outputDropped = 0;
  /**
   * Logs each line the renderer writes as a field of an API log line (escaped like any field: it cannot pass for a
   * log line of the API's), cut at `lineChars`, within `bytesPerMinute`.
   */
  function logOutput(stream: Readable, name: 'stdout' | 'stderr') {
    const lines = createInterface({ input: stream, crlfDelay: Infinity });
    lines.on('line', (line) => {
      const now = Date.now();
      if (now - outputWindowStart >= 60_000) {
        if (outputDropped > 0) {
          options.log.warn({ renderer: { dropped: outputDropped } }, 'renderer output dropped past its bound');
        }
        outputWindowStart = now;
        outputBytes = 0;
        outputDropped = 0;
      }
      const cut = line.length > RENDERER_OUTPUT_BOUND.lineChars;
      const text = cut ? line.slice(0, RENDERER_OUTPUT_BOUND.lineChars) : line;
      outputBytes += text.length;
      if (outputBytes > RENDERER_OUTPUT_BOUND.bytesPerMinute) {
        outputDropped += 1;
        return;
      }
      options.log.info({ renderer: { [name]: text, ...(cut ? { cut: true } : {}) } }, 'renderer output');
    });
    // The stream ends with the process: nothing to do on its errors.
    stream.on('error', () => {});
  }

  /** Kills a renderer that does not answer a ping within the time bound (a loop, a stuck event loop). */
  function checkAlive(self: Running) {
    const id = ++nextId;
    const timer = setTimeout(() => {
      pongs.delete(id);
      if (running !== self) return;
      options.log.error('the renderer stopped answering; it is killed and started again');
      // Counted as a failure by the exit handler (not a kill of ours: killed stays false for SIGKILL via process.kill).
      process.kill(self.child.pid ?? 0, 'SIGKILL');
    }, options.timeoutMs);
    timer.unref();
    pongs.set(id, () => {
      clearTimeout(timer);
      pongs.delete(id);
    });
    if (self.child.connected) self.child.send({ type: 'ping', id }, () => {});
  }

  /** The server-rendered page, or null when the renderer is down, slow or failing (the browser renders it). */
  async function render(request: PageRequest): Promise<PageRender | null> {
    if (closed) return null;
    if (!running) {
      if (Date.now() < notBefore || restartTimer) return null;
      running = start();
    }
    const self = running;
    for (const entry of Object.values(request.serverEntries)) self.entries.add(entry);
    return new Promise<PageRender | null>((resolve) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        self.renders.delete(id);
        options.log.warn(
          { url: request.url },
          `the renderer took longer than ${renderDeadlineMs} ms; the page renders in the browser`,
        );
        resolve(null);
        checkAlive(self);
      }, renderDeadlineMs);
      self.renders.set(id, { resolve, timer, url: request.url, reads: 0, bytes: 0, overBudget: false });
      void self.ready.then((ok) => {
        if (!ok || !self.child.connected) return; // the exit handler has answered
        self.child.send({ type: 'render', id, request }, () => {});
      });
    });
  }

  /** Ends the renderer (a new shell bundle, or the API closing). */
  function stop(): void {
    const self = running;
    running = null;
    if (self) {
      for (const waiting of self.renders.values()) {
        clearTimeout(waiting.timer);
        waiting.resolve(null);
      }
      self.renders.clear();
      self.child.kill('SIGKILL');
    }
  }

  function close(): void {
    closed = true;
    if (restartTimer) clearTimeout(restartTimer);
    stop();
  }

  return { render, stop, close, pid: () => running?.child.pid };
}

export type RendererSupervisor = ReturnType<typeof createRendererSupervisor>;
