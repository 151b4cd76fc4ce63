import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenErrorMessage } from './listen-error-message';

let taken: Server | null = null;

afterEach(async () => {
  await new Promise<void>((resolve) => (taken ? taken.close(() => resolve()) : resolve()));
  taken = null;
});

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

describe('the message when the server cannot listen', () => {
  it('names a taken port and suggests PORT', async () => {
    taken = createServer();
    await listen(taken, 0);
    const port = (taken.address() as { port: number }).port;
    const second = createServer();
    const error = await listen(second, port).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    const message = listenErrorMessage(error, '127.0.0.1', port);
    expect(message).toContain(`Port ${port} is already in use on 127.0.0.1`);
    expect(message).toMatch(/PORT=\d+ npx -y pnpm@10.34.9 start/);
  });

  it('has no words for other errors', () => {
    expect(listenErrorMessage(new Error('boom'), '127.0.0.1', 3000)).toBeNull();
    expect(listenErrorMessage(null, '127.0.0.1', 3000)).toBeNull();
  });
});
