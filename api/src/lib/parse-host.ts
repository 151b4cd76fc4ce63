import { isIPv6 } from 'node:net';

export interface ParsedHost {
  /** Lower-case name or IPv4 address, or an IPv6 address in brackets (`[::1]`); no trailing dot. */
  hostname: string;
  /** The port as written (without leading zeros), or null when there is none. */
  port: string | null;
}

const LABEL = '[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?';
const HOST_PATTERN = new RegExp(`^(\\[[0-9a-f:.]+\\]|${LABEL}(?:\\.${LABEL})*\\.?)(?::(\\d{1,5}))?$`);

/**
 * A Host header value (or an ALLOWED_HOSTS entry): `name`, `name:port`, `1.2.3.4:port` or
 * `[::1]:port`. Null for anything else (a scheme, a path, user info, spaces, a port above 65535).
 */
export function parseHost(value: string): ParsedHost | null {
  const match = HOST_PATTERN.exec(value.toLowerCase());
  if (!match) return null;
  const name = match[1] as string;
  if (name.startsWith('[') && !isIPv6(name.slice(1, -1))) return null;
  const port = match[2] === undefined ? null : Number(match[2]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  return { hostname: name.replace(/\.$/, ''), port: port === null ? null : String(port) };
}
