import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { WEBHOOK_MESSAGES } from '@beabro/shared/api-schemas/webhooks';

/** Every address a host name resolves to (the webhook sender connects only to one of these, checked). */
export type HostResolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const systemResolver: HostResolver = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** A DNS answer slower than this counts as no answer. */
export const RESOLVE_TIMEOUT_MS = 5_000;

/** Why a URL may not receive webhooks; the message is written for the creator (see WEBHOOK_MESSAGES). */
export class WebhookUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookUrlError';
  }
}

export interface WebhookTarget {
  url: URL;
  /** The host name as written (no brackets): sent as Host and as TLS SNI. */
  hostname: string;
  /** The checked address the request connects to. */
  address: string;
  family: 4 | 6;
}

export interface AddressPolicy {
  /** WEBHOOKS_ALLOW_LOCAL: http:// and loopback addresses allowed (development and e2e only). */
  allowLocal: boolean;
  resolveHost: HostResolver;
}

function parseIPv4(ip: string): number[] | null {
  const parts = ip.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return null;
  return parts.map(Number);
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
export function parseIPv6(ip: string): number[] | null {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const v4 = parseIPv4(dotted[1]);
    if (!v4) return null;
    const [a = 0, b = 0, c = 0, d = 0] = v4;
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const before = toGroups(halves[0] ?? '');
  const after = halves.length === 2 ? toGroups(halves[1] ?? '') : [];
  const missing = 8 - before.length - after.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const groups = [...before, ...new Array<number>(missing).fill(0), ...after];
  return groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

function v4InRange(a: number[], base: [number, number, number, number], bits: number): boolean {
  const value = (x: number[]) => (((x[0] ?? 0) << 24) >>> 0) + ((x[1] ?? 0) << 16) + ((x[2] ?? 0) << 8) + (x[3] ?? 0);
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return (value(a) & mask) >>> 0 === (value(base) & mask) >>> 0;
}

const V4_LOOPBACK: [number, number, number, number] = [127, 0, 0, 0];
/** Not on the public internet: this network, private, shared (CGNAT), loopback, link-local, documentation, benchmarking, multicast, reserved, broadcast. */
const V4_NOT_PUBLIC: Array<[[number, number, number, number], number]> = [
  [[0, 0, 0, 0], 8],
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10],
  [V4_LOOPBACK, 8],
  [[169, 254, 0, 0], 16],
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24],
  [[192, 0, 2, 0], 24],
  [[192, 88, 99, 0], 24],
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15],
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4],
  [[240, 0, 0, 0], 4],
];

/** The IPv4 address an IPv6 one stands for: IPv4-mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::a.b.c.d). */
function embeddedIPv4(groups: number[]): number[] | null {
  const [g0, g1, g2, g3, g4, g5, g6 = 0, g7 = 0] = groups;
  const v4 = [g6 >> 8, g6 & 0xff, g7 >> 8, g7 & 0xff];
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff) return v4;
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return v4;
  return null;
}

/** Loopback: 127.0.0.0/8, ::1, and 127.x written as IPv4-mapped IPv6. */
export function isLoopbackAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4) return v4InRange(v4, V4_LOOPBACK, 8);
  const groups = parseIPv6(ip);
  if (!groups) return false;
  const embedded = embeddedIPv4(groups);
  if (embedded) return v4InRange(embedded, V4_LOOPBACK, 8);
  return groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
}

/**
 * Whether an address is a public unicast one a webhook may reach. Refused: private, loopback,
 * link-local, multicast, unspecified and reserved ranges of IPv4 and IPv6, and IPv6 forms that carry
 * such an IPv4 address (IPv4-mapped, NAT64); anything that is not an address at all.
 */
export function isPublicAddress(ip: string): boolean {
  const v4 = parseIPv4(ip);
  if (v4) return !V4_NOT_PUBLIC.some(([base, bits]) => v4InRange(v4, base, bits));
  const groups = parseIPv6(ip);
  if (!groups) return false;
  const embedded = embeddedIPv4(groups);
  if (embedded) return isPublicAddress(embedded.join('.'));
  const [g0 = 0, g1 = 0] = groups;
  // Only 2000::/3 is global unicast: this also refuses ::, ::1, IPv4-compatible, fc00::/7, fe80::/10, fec0::/10 and ff00::/8.
  if ((g0 & 0xe000) !== 0x2000) return false;
  if (g0 === 0x2001 && g1 < 0x0200) return false; // IETF protocol assignments, Teredo among them
  if (g0 === 0x2001 && g1 === 0x0db8) return false; // documentation
  if (g0 === 0x2002) return false; // 6to4 carries any IPv4 address
  return true;
}

function isAllowed(address: string, allowLocal: boolean): boolean {
  return isPublicAddress(address) || (allowLocal && isLoopbackAddress(address));
}

async function resolveWithTimeout(
  resolveHost: HostResolver,
  hostname: string,
): Promise<Array<{ address: string; family: number }>> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      resolveHost(hostname),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('DNS timeout')), RESOLVE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks a webhook URL and picks the address to connect to: https (http only to a loopback host with
 * WEBHOOKS_ALLOW_LOCAL), no credentials, and every address the host resolves to must be public (with
 * WEBHOOKS_ALLOW_LOCAL, loopback too). Run on save and again before each delivery, whose connection then
 * goes to the returned address, so a DNS answer that changes in between (rebinding) cannot redirect it.
 */
export async function resolveWebhookTarget(rawUrl: string, policy: AddressPolicy): Promise<WebhookTarget> {
  if (!URL.canParse(rawUrl)) throw new WebhookUrlError(WEBHOOK_MESSAGES.urlInvalid);
  const url = new URL(rawUrl);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WebhookUrlError(WEBHOOK_MESSAGES.urlInvalid);
  if (!hostname) throw new WebhookUrlError(WEBHOOK_MESSAGES.urlInvalid);
  if (url.username || url.password) throw new WebhookUrlError(WEBHOOK_MESSAGES.urlCredentials);
  const localName = hostname === 'localhost' || hostname.endsWith('.localhost');
  if (url.protocol === 'http:' && !(policy.allowLocal && (localName || isLoopbackAddress(hostname))))
    throw new WebhookUrlError(WEBHOOK_MESSAGES.urlNotHttps);

  let addresses: Array<{ address: string; family: number }>;
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    if (localName && !policy.allowLocal) throw new WebhookUrlError(WEBHOOK_MESSAGES.urlPrivate);
    try {
      addresses = await resolveWithTimeout(policy.resolveHost, hostname);
    } catch {
      throw new WebhookUrlError(WEBHOOK_MESSAGES.urlUnresolvable);
    }
  }
  if (addresses.length === 0) throw new WebhookUrlError(WEBHOOK_MESSAGES.urlUnresolvable);
  if (addresses.some((a) => !isAllowed(a.address, policy.allowLocal)))
    throw new WebhookUrlError(WEBHOOK_MESSAGES.urlPrivate);
  const [first] = addresses;
  if (!first) throw new WebhookUrlError(WEBHOOK_MESSAGES.urlUnresolvable);
  return { url, hostname, address: first.address, family: isIP(first.address) === 6 ? 6 : 4 };
}
