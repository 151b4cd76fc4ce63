// The renderer: a child process of the API that runs the shell's server bundle and remotes' server
// containers, so that code deployed for one area never runs beside the API's secrets and database.
// It is plain JavaScript because Node's permission model forbids the worker threads a TypeScript
// loader needs. The API starts it with no secret in its environment, read access to the shell's server
// bundle only, and no child processes, writes or workers; everything it needs (a container's code, the
// API's public data) it asks the API for over the IPC channel. The guards below close what the
// permission model leaves open (network, signals, native bindings) before any bundle runs.
import { createRequire, isBuiltin } from 'node:module';
import dgram from 'node:dgram';
import net from 'node:net';
import path from 'node:path';
import vm from 'node:vm';

/** @type {{ shellBundle: string, timeoutMs: number }} */
const options = JSON.parse(process.argv[2] ?? '{}');

class RendererDenied extends Error {}
const deny = (what) =>
  function denied() {
    throw new RendererDenied(`the renderer does not allow ${what}`);
  };
/** Replaces a property for good: code that runs later cannot put the original back. */
const lock = (target, key, value) =>
  Object.defineProperty(target, key, { value, writable: false, configurable: false, enumerable: false });

// No network at all: every TCP, TLS, HTTP and fetch connection goes through net.Socket#connect.
lock(net.Socket.prototype, 'connect', deny('network connections'));
lock(net.Server.prototype, 'listen', deny('listening for connections'));
lock(dgram.Socket.prototype, 'send', deny('network datagrams'));
lock(dgram.Socket.prototype, 'bind', deny('network datagrams'));
lock(globalThis, 'fetch', () => Promise.reject(new RendererDenied('the renderer does not allow network requests')));
// No signals to other processes (the API runs as the same user), no native code or raw bindings.
lock(process, 'kill', deny('signals'));
lock(process, '_kill', deny('signals'));
lock(process, 'dlopen', deny('native modules'));
lock(process, 'binding', deny('process.binding'));
lock(process, '_linkedBinding', deny('process.binding'));

/** Node's modules a server container may use: nothing that reaches files, processes, the network or `vm`. */
const ALLOWED_MODULES = new Set([
  'assert',
  'async_hooks',
  'buffer',
  'events',
  'path',
  'querystring',
  'stream',
  'string_decoder',
  'url',
  'util',
  'zlib',
]);
const requireFromHere = createRequire(import.meta.url);
const requireForContainers = (id) => {
  const name = String(id).replace(/^node:/, '');
  if (!isBuiltin(name) || !ALLOWED_MODULES.has(name.split('/')[0]))
    throw new RendererDenied(`a server bundle may not require "${String(id)}"`);
  return requireFromHere(name);
};
if (typeof process.getBuiltinModule === 'function') lock(process, 'getBuiltinModule', requireForContainers);

// Requests to the API (container code, public data), answered by id.
let nextId = 0;
const pending = new Map();
const ask = (message) =>
  new Promise((resolve, reject) => {
    const id = ++nextId;
    pending.set(id, { resolve, reject });
    process.send({ ...message, id });
  });

/** Evaluates a server container (a `commonjs-module` build) whose code the API read for us. */
async function loadContainer(entryUrl, globalName) {
  const { code, error } = await ask({ type: 'container', entryUrl });
  if (error) throw new Error(error);
  const module = { exports: {} };
  const filename = new URL(entryUrl).pathname;
  // No importModuleDynamically: import() in the bundle fails rather than loading any module.
  const run = new vm.Script(`(function (exports, module, require, __dirname, __filename) {${code}\n})`, {
    filename: entryUrl,
  }).runInThisContext();
  run(module.exports, module, requireForContainers, path.posix.dirname(filename), filename);
  const exported = module.exports;
  const container = (globalName && exported[globalName]) || exported;
  if (typeof container?.get !== 'function' || typeof container?.init !== 'function')
    throw new Error(`${entryUrl} is not a federation container`);
  return container;
}

/** The API's answer to a visitor's request, as a fetch Response (the areas' API client reads it). */
async function apiTransport(url, init = {}) {
  const headers = {};
  new Headers(init.headers).forEach((value, key) => {
    headers[key] = value;
  });
  const answer = await ask({
    type: 'api',
    url,
    method: (init.method ?? 'GET').toUpperCase(),
    headers,
    body: typeof init.body === 'string' ? init.body : undefined,
  });
  return new Response(answer.status === 204 || answer.status === 304 ? null : answer.body, {
    status: answer.status,
    headers: answer.headers,
  });
}

const renderer = requireFromHere(options.shellBundle).createPageRenderer({
  apiTransport,
  loadContainer,
  timeoutMs: options.timeoutMs,
  onAreaFallback: (fallback) => process.send({ type: 'fallback', ...fallback }),
});

const describe = (error) => (error instanceof Error ? error.message : String(error));

process.on('message', (message) => {
  if (message.type === 'answer') {
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    waiting?.resolve(message.answer);
  } else if (message.type === 'ping') {
    process.send({ type: 'pong', id: message.id });
  } else if (message.type === 'render') {
    renderer
      .then((r) => r.render(message.request))
      .then(
        (result) => process.send({ type: 'rendered', id: message.id, result }),
        (error) => process.send({ type: 'rendered', id: message.id, error: describe(error) }),
      );
  }
});
// The API going away (or closing the channel) ends the renderer.
process.on('disconnect', () => process.exit(0));
renderer.then(
  () => process.send({ type: 'ready' }),
  (error) => {
    process.send({ type: 'failed', error: describe(error) });
    process.exit(1);
  },
);
