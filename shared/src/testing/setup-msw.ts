// The API mock of every front-end test file, node and dom projects alike (shared/build/vitest-config.mjs):
// the msw server of ./msw.ts listens for the whole file, a request no handler answers fails the test, and the
// handlers a test added are gone before the next one.
import { Blob as NodeBlob } from 'node:buffer';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '@beabro/shared/testing/msw';

// The app calls its API by relative URL (`fetch('/api/...')`). jsdom resolves it against its page; Node has
// no `location`, and its fetch refuses a relative URL before msw sees it. A page origin for the node project:
// msw resolves both the request and a handler's path (`http.get('/api/x')`) against `location.href`. Not a
// stubbed global, so a test's `vi.unstubAllGlobals()` keeps it.
if (typeof globalThis.location === 'undefined') {
  Object.defineProperty(globalThis, 'location', { value: new URL('http://localhost/'), configurable: true });
}

/** A Blob's bytes, read the way jsdom's Blob allows (it cannot stream). */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  if (typeof FileReader === 'undefined') return;
  // Under jsdom, `Blob` is jsdom's, which Node's fetch (and so msw) does not know as a body: it would send
  // "[object Blob]". A browser sends the bytes; so does this, as a Node Blob of the same bytes and type.
  const intercepted = globalThis.fetch;
  globalThis.fetch = async (input, init) =>
    intercepted(
      input,
      init?.body instanceof Blob
        ? { ...init, body: new NodeBlob([await bytesOf(init.body)], { type: init.body.type }) as Blob }
        : init,
    );
});
afterEach(() => server.resetHandlers());
// Closing restores the fetch msw patched, and with it drops the jsdom adapter above.
afterAll(() => server.close());
