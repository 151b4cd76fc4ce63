#!/usr/bin/env node
// The first step of `pnpm start`: says at once that PORT (3000 by default) is taken on HOST (127.0.0.1 by
// default), before the build spends a minute, in the same words the server uses when it cannot listen.
import { createServer } from 'node:net';

const port = Number(process.env.PORT ?? 3000);
const host = (process.env.HOST ?? '127.0.0.1').trim() || '127.0.0.1';
const other = port === 3005 ? 3006 : 3005;
const messages = {
  EADDRINUSE: `Port ${port} is already in use on ${host}: another program (or another copy of this server) listens there. Stop it, or choose another port, e.g. PORT=${other} npx -y pnpm@10.34.9 start.`,
  EACCES: `Not allowed to listen on port ${port} of ${host} (ports below 1024 need extra rights). Choose another port, e.g. PORT=3005 npx -y pnpm@10.34.9 start.`,
  EADDRNOTAVAIL: `${host} is not an address of this machine, so the server cannot listen on it. Set HOST to one of its addresses (127.0.0.1 by default).`,
};

// PORT is checked again by the server (a number from 0 to 65535); a value that is not one is its to refuse.
if (Number.isInteger(port) && port > 0 && port <= 65535) {
  const probe = createServer();
  probe.once('error', (error) => {
    const message = messages[error.code];
    if (!message) return; // anything else: the server's own start reports it
    console.error(message);
    process.exit(1);
  });
  probe.listen({ port, host, exclusive: true }, () => probe.close());
}
