/**
 * What the start command prints when the server cannot listen, instead of a raw stack trace: a taken
 * port is the common case on a developer's machine, and the fix (PORT) is not obvious from EADDRINUSE.
 * Null for errors this has no better words for.
 */
export function listenErrorMessage(error: unknown, host: string, port: number): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return `Port ${port} is already in use on ${host}: another program (or another copy of this server) listens there. Stop it, or choose another port, e.g. PORT=${port === 3005 ? 3006 : 3005} npx -y pnpm@10.34.9 start.`;
  }
  if (code === 'EACCES') {
    return `Not allowed to listen on port ${port} of ${host} (ports below 1024 need extra rights). Choose another port, e.g. PORT=3005 npx -y pnpm@10.34.9 start.`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `${host} is not an address of this machine, so the server cannot listen on it. Set HOST to one of its addresses (127.0.0.1 by default).`;
  }
  return null;
}
