import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackHost, type AppConfig } from '../config/env';
import { parseHost } from '../lib/parse-host';
import { escapeHtml } from '../modules/email/escape-html';
import { sendPlainHtmlPage } from '../modules/email/plain-html-page';

/** One allowed Host: a host name on one port, or on any port (port null). */
interface HostRule {
  hostname: string;
  port: string | null;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '[::]']);

/** `::1` -> `[::1]`: how an IPv6 listen address appears in a Host header. */
function asHostName(host: string): string {
  const h = host.trim().toLowerCase();
  return h.includes(':') && !h.startsWith('[') ? `[${h}]` : h;
}

/**
 * The Hosts this server answers: localhost, 127.0.0.1 and [::1] on its port (on any port when it
 * listens on loopback only, where every client is a local process such as the development shell's
 * proxy), its own listen address, PUBLIC_URL's host and ALLOWED_HOSTS.
 */
export function allowedHostRules(
  config: Pick<AppConfig, 'host' | 'publicUrl' | 'allowedHosts'>,
  ports: Iterable<number>,
): HostRule[] {
  const rules: HostRule[] = [];
  const loopbackOnly = isLoopbackHost(config.host);
  for (const hostname of LOOPBACK_NAMES) {
    if (loopbackOnly) rules.push({ hostname, port: null });
    else for (const port of ports) rules.push({ hostname, port: String(port) });
  }
  const listenHost = asHostName(config.host);
  if (!loopbackOnly && !WILDCARD_ADDRESSES.has(listenHost)) {
    for (const port of ports) rules.push({ hostname: listenHost, port: String(port) });
  }
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    rules.push({ hostname: url.hostname.toLowerCase(), port: url.port || null });
  }
  for (const entry of config.allowedHosts) {
    const host = parseHost(entry);
    if (host) rules.push(host);
  }
  return rules;
}

/** Whether a request's Host (as Fastify reads it) is one of `rules`; a Host without a port is on the protocol's default port. */
export function isAllowedHost(host: string, protocol: string, rules: readonly HostRule[]): boolean {
  const parsed = parseHost(host);
  if (!parsed) return false;
  const port = parsed.port ?? (protocol === 'https' ? '443' : '80');
  return rules.some((rule) => rule.hostname === parsed.hostname && (rule.port === null || rule.port === port));
}

const isApiRequest = (request: FastifyRequest) => /^\/api(?:[/?#]|$)/.test(request.url);

function refuse(request: FastifyRequest, reply: FastifyReply, host: string) {
  const malformed = parseHost(host) === null;
  const status = malformed ? 400 : 421;
  const message = malformed
    ? 'This request has no valid Host header.'
    : `This server does not answer to the host "${host}". If you run this site, set PUBLIC_URL to its public address or add the host to ALLOWED_HOSTS.`;
  request.log.info({ host }, 'request refused: host not allowed');
  if (isApiRequest(request)) return reply.code(status).header('Cache-Control', 'no-store').send({ message });
  return sendPlainHtmlPage(
    reply,
    {
      title: malformed ? 'Bad request' : 'Wrong address',
      main: `<h1>${malformed ? 'Bad request' : 'Wrong address'}</h1><p>${escapeHtml(message)}</p>`,
    },
    status,
  );
}

/**
 * Refuses, before any route runs, a request whose Host (X-Forwarded-Host only with TRUST_PROXY) is not
 * this server's: links in emails and canonical/OpenGraph URLs are built on the request's origin when
 * PUBLIC_URL is unset, and a foreign Host would poison them; it also stops DNS rebinding against a
 * server on localhost (and its development mailbox).
 */
export function registerTrustedHost(app: FastifyInstance) {
  const ports = new Set<number>([app.config.port]);
  let rules = allowedHostRules(app.config, ports);
  // PORT=0 (a free port) or a port given to listen() directly: the port actually bound counts too.
  app.addHook('onListen', async () => {
    for (const address of app.addresses()) if (typeof address !== 'string') ports.add(address.port);
    rules = allowedHostRules(app.config, ports);
    const { host, publicUrl, allowedHosts } = app.config;
    if (!isLoopbackHost(host) && !publicUrl && allowedHosts.length === 0) {
      app.log.warn(
        `HOST=${host} serves other machines, but only localhost and this server's address are answered: set PUBLIC_URL (and ALLOWED_HOSTS) to the names clients use, or they get 421.`,
      );
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isAllowedHost(request.host, request.protocol, rules)) return refuse(request, reply, request.host);
  });
}
