import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import registry from '@beabro/shared/contract/remotes.json' with { type: 'json' };
import { parseHost } from '../lib/parse-host';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The workspace folder (holding shell, the mf-* remotes and api). */
export const REPO_ROOT = repoRoot;

export const REMOTE_NAMES: readonly string[] = registry.remotes.map((r) => r.name);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', '[::1]', 'localhost']);

/** A HOST (or host name) only this machine can reach: 127.0.0.1, ::1 or localhost. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.trim().toLowerCase());
}

/** REMOTE_MF_HELP_URL and so on: where the runtime remote map points each remote. */
export function remoteUrlVariable(remote: string): string {
  return `REMOTE_${remote.toUpperCase().replace(/-/g, '_')}_URL`;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Loopback by default: a fresh start is not reachable from other machines (HOST=0.0.0.0 to serve them).
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  SITE_DIR: z.string().min(1).default(repoRoot),
  RELEASES_DIR: z.string().min(1).optional(),
  SUPPORT_EMAIL: z.email().default('support@beabro.app'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  PUBLIC_URL: z
    .string()
    .trim()
    .refine(
      isHttpOrigin,
      'must be the site’s origin only, like https://beabro.app (http or https, no path, query or user)',
    )
    .transform((value) => new URL(value).origin)
    .optional(),
  ALLOWED_HOSTS: z.string().optional(),
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/?#\s]+/, 'must be an smtp:// or smtps:// URL (user:password@host:port)')
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(
      /^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
      'must be an address, or a name and an address like "Be a Bro <no-reply@beabro.app>"',
    )
    .default('Be a Bro <no-reply@beabro.app>'),
  DEV_MAILBOX: z.enum(['true', 'false']).optional(),
  EMAIL_SENDER_ENABLED: z.enum(['true', 'false']).default('true'),
  APP_SECRET: z
    .string()
    .refine(
      isStrongSecret,
      'must be at least 32 characters with no spaces and at least 12 different characters (make one with: openssl rand -base64 32)',
    )
    .optional(),
  JOBS_ENABLED: z.enum(['true', 'false']).default('true'),
  METRICS_TOKEN: z
    .string()
    .refine(
      isStrongSecret,
      'must be at least 32 characters with no spaces and at least 12 different characters (make one with: openssl rand -base64 32)',
    )
    .optional(),
  SIGN_UP_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(10),
  SANDBOX_CARD_LIMIT_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(30),
  FRAUD_DECLINE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(5),
  FRAUD_DECLINE_LIMIT_PER_CREATOR: z.coerce.number().int().min(1).max(1_000_000).default(20),
  OPERATOR_ALERT_EMAIL: z.string().trim().email().optional(),
  DEV_TOOLS: z.enum(['true', 'false']).default('false'),
  SERVER_RENDER: z.enum(['true', 'false']).default('true'),
  HYDRATE_ON_FIRST_USE: z.enum(['true', 'false']).default('true'),
  SERVE_SOURCE_MAPS: z.enum(['true', 'false']).default('false'),
  SERVER_RENDER_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  SERVER_RENDER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  WEBHOOKS_ALLOW_LOCAL: z.enum(['true', 'false']).default('false'),
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'must be 1 to 64 letters, digits, ".", "_" or "-"')
    .optional(),
  NODE_ENV: z.string().optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z
    .string()
    .trim()
    .regex(
      /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/,
      'must be a Stripe secret key (sk_test_..., sk_live_... or a restricted rk_...)',
    )
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .trim()
    .regex(/^pk_(test|live)_[A-Za-z0-9_]+$/, 'must be a Stripe publishable key (pk_test_... or pk_live_...)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be the signing secret of a Stripe webhook endpoint (whsec_...)')
    .optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be the signing secret of a Stripe Connect webhook endpoint (whsec_...)')
    .optional(),
  STRIPE_API_BASE: z
    .string()
    .trim()
    .refine(isHttpOrigin, 'must be an origin only, like http://127.0.0.1:12111 (the Stripe stand-in)')
    .optional(),
});

/** The Stripe settings PAYMENT_PROVIDER=stripe needs, all of them. */
export const STRIPE_REQUIRED_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_CONNECT_WEBHOOK_SECRET',
] as const;

/** Which payment provider takes the money, and its keys (never sent to the browser but the publishable key). */
export type PaymentsConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      connectWebhookSecret: string;
      /** Live keys: real cards are charged. */
      live: boolean;
      /** STRIPE_API_BASE: where the SDK sends requests (the local stand-in); null means Stripe itself. */
      api: { host: string; port: number; protocol: 'http' | 'https' } | null;
    };

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Folder holding shell/dist and <remote>/dist. */
  siteDir: string;
  supportEmail: string;
  /** A PostgreSQL server; without it the embedded PGlite database in DATA_DIR is used. */
  databaseUrl: string | null;
  /** Load the demo creators into an empty embedded database on first start. */
  seedDemoData: boolean;
  /**
   * Which X-Forwarded-* headers to believe (Fastify's trustProxy): false (default: the client's own
   * address counts, so nobody can dodge per-IP rate limits), true (behind a proxy that always sets
   * them), or a comma-separated list of proxy addresses/CIDRs.
   */
  trustProxy: boolean | string;
  /** Public origin of the site (for links in emails); defaults to the request's own origin. */
  publicUrl: string | null;
  /**
   * More Host headers this server answers (ALLOWED_HOSTS), as `host` (any port) or `host:port`, besides
   * its listen address, localhost and PUBLIC_URL's host: any other Host is refused (see plugins/trusted-host).
   */
  allowedHosts: string[];
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** LOG_FORMAT: JSON lines (default with NODE_ENV=production) or readable lines for a person (default otherwise). */
  logFormat: 'json' | 'pretty';
  /** Signs links in emails (e.g. cancel monthly support); null means the one generated in DATA_DIR (see resolveAppSecret). */
  appSecret: string | null;
  /** Run the scheduled jobs (renewals, payouts) in this process once it listens. */
  jobsEnabled: boolean;
  /** Sign-ups allowed per IP address per hour (SIGN_UP_LIMIT_PER_IP). */
  signUpLimitPerIp: number;
  /** SANDBOX_CARD_LIMIT_PER_IP: cards the sandbox's card field may turn into tokens per IP address per 10 minutes. */
  sandboxCardLimitPerIp: number;
  /** FRAUD_DECLINE_LIMIT: declines (small amounts count 2) per IP, card fingerprint and email in 10 minutes before checkout refuses. */
  fraudDeclineLimit: number;
  /** FRAUD_DECLINE_LIMIT_PER_CREATOR: the same per creator. */
  fraudDeclineLimitPerCreator: number;
  /** OPERATOR_ALERT_EMAIL: where fraud alerts are emailed; null: only recorded and logged. */
  operatorAlertEmail: string | null;
  /** Development tools (POST /api/dev/jobs/:name runs a job at a given clock): off by default, refused with NODE_ENV=production. */
  devTools: boolean;
  /** SMTP server for outgoing mail; without it mail is written under `<dataDir>/mail`. */
  smtpUrl: string | null;
  /** From header of every email. */
  mailFrom: string;
  /**
   * Serve the development mailbox (/dev/mailbox). Off unless DEV_MAILBOX=true, or unless nothing says
   * the site is served to other machines: no SMTP_URL, a loopback HOST, no TRUST_PROXY and no PUBLIC_URL
   * other than a loopback one (see defaultDevMailbox).
   */
  devMailbox: boolean;
  /** Run the outbox sender loop in this process. */
  emailSenderEnabled: boolean;
  /** The configured default of the runtime remote map served at /remotes.json (REMOTE_<NAME>_URL or the site build). */
  remoteMap: Record<string, string>;
  /** Releases of single remotes made by `pnpm deploy:remote`, and live.json, which overrides remoteMap at run time. */
  releasesDir: string;
  /** Serve the builds' source maps (`*.map`, SERVE_SOURCE_MAPS): off by default, they show the source. */
  serveSourceMaps: boolean;
  /** Render visitors' public pages on the server (SERVER_RENDER); false sends every page to be rendered in the browser. */
  serverRender: boolean;
  /** Bound on loading a remote's server bundle, on its data, and on rendering a page (SERVER_RENDER_TIMEOUT_MS). */
  serverRenderTimeoutMs: number;
  /**
   * HYDRATE_ON_FIRST_USE: a server-rendered public page (not the checkout) runs no application code until the
   * visitor first uses it; false loads and hydrates every server-rendered page at once.
   */
  firstUseHydration: boolean;
  /**
   * SERVER_RENDER_CACHE_MS: how long a visitor's rendered page is served again to the next visitors of the same
   * address (0: never); any successful write through this instance forgets them all. Default 1000 on the embedded
   * database (one instance), 0 on PostgreSQL (other instances' writes are not heard of).
   */
  serverRenderCacheMs: number;
  /**
   * WEBHOOKS_ALLOW_LOCAL: webhook endpoints may be http:// on a loopback host and resolve to loopback
   * addresses (development and the e2e suite). Off by default, refused with NODE_ENV=production.
   */
  webhooksAllowLocal: boolean;
  /**
   * INSTANCE_ID: a name for this process, sent back as `X-Instance-Id` on every response, so whoever
   * runs several instances behind a load balancer can tell which one answered. Unset: no header.
   */
  instanceId: string | null;
  /**
   * METRICS_TOKEN: the bearer token a Prometheus scraper sends to GET /metrics (docs/operations.md). Unset: /metrics
   * does not exist, so a fresh start exposes nothing about its traffic.
   */
  metricsToken: string | null;
  /** PAYMENT_PROVIDER and the provider's keys: the embedded sandbox (default) or Stripe. */
  payments: PaymentsConfig;
}

/** Validates the environment once at start-up and fails listing every problem. Defaults need no configuration. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  const remoteMap: Record<string, string> = {};
  const problems = parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  for (const name of REMOTE_NAMES) {
    const variable = remoteUrlVariable(name);
    const value = env[variable]?.trim() || `/remotes/${name}/mf-manifest.json`;
    if (!/^(https?:\/\/|\/)/.test(value)) problems.push(`${variable}: must be an absolute path or an http(s) URL`);
    remoteMap[name] = value;
  }
  const allowedHosts = parseAllowedHosts(env.ALLOWED_HOSTS ?? '', problems);
  if (parsed.success) {
    const e = parsed.data;
    const reachable = reachableFromOtherMachines(e, allowedHosts);
    // A server other machines reach is public whatever NODE_ENV says; NODE_ENV is read in any case.
    const publicReasons = [...(isProduction(e.NODE_ENV) ? [`NODE_ENV=${e.NODE_ENV}`] : []), ...reachable];
    const where = `on a public server (${publicReasons.join(', ')})`;
    const toPrivate =
      'Unset it, or run on this machine alone: HOST=127.0.0.1 with no TRUST_PROXY, no public PUBLIC_URL or ALLOWED_HOSTS, and NODE_ENV other than production';
    if (e.DEV_TOOLS === 'true' && publicReasons.length > 0)
      problems.push(
        `DEV_TOOLS: must not be true ${where}: it lets anyone run the money jobs at any clock. ${toPrivate}`,
      );
    if (e.WEBHOOKS_ALLOW_LOCAL === 'true' && publicReasons.length > 0)
      problems.push(
        `WEBHOOKS_ALLOW_LOCAL: must not be true ${where}: it lets webhooks reach this machine over plain http. ${toPrivate}`,
      );
    if (e.DEV_MAILBOX === 'true' && reachable.length > 0)
      problems.push(
        `DEV_MAILBOX: must not be true on a server other machines reach (${reachable.join(', ')}): the development mailbox shows every email to anyone who reaches it. Set SMTP_URL and leave DEV_MAILBOX unset, or ${toPrivate.charAt(0).toLowerCase()}${toPrivate.slice(1)}`,
      );
    if (!e.PUBLIC_URL && e.JOBS_ENABLED === 'true' && reachable.length > 0)
      problems.push(
        `PUBLIC_URL: must be set on a server other machines reach (${reachable.join(', ')}) while JOBS_ENABLED=true: emails from the scheduled jobs (renewals, payouts, webhooks) link to it. Set PUBLIC_URL=https://<your domain>, or JOBS_ENABLED=false on instances that run no jobs`,
      );
    problems.push(...paymentProblems(e));
  }
  if (!parsed.success || problems.length > 0) {
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    siteDir: path.resolve(e.SITE_DIR),
    supportEmail: e.SUPPORT_EMAIL,
    databaseUrl: e.DATABASE_URL ?? null,
    seedDemoData: e.SEED_DEMO_DATA === 'true',
    publicUrl: e.PUBLIC_URL ?? null,
    allowedHosts,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? (isProduction(e.NODE_ENV) ? 'json' : 'pretty'),
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    devMailbox: e.DEV_MAILBOX
      ? e.DEV_MAILBOX === 'true'
      : !e.SMTP_URL && reachableFromOtherMachines(e, allowedHosts).length === 0,
    emailSenderEnabled: e.EMAIL_SENDER_ENABLED === 'true',
    appSecret: e.APP_SECRET ?? null,
    jobsEnabled: e.JOBS_ENABLED === 'true',
    signUpLimitPerIp: e.SIGN_UP_LIMIT_PER_IP,
    sandboxCardLimitPerIp: e.SANDBOX_CARD_LIMIT_PER_IP,
    fraudDeclineLimit: e.FRAUD_DECLINE_LIMIT,
    fraudDeclineLimitPerCreator: e.FRAUD_DECLINE_LIMIT_PER_CREATOR,
    operatorAlertEmail: e.OPERATOR_ALERT_EMAIL ?? null,
    devTools: e.DEV_TOOLS === 'true',
    remoteMap,
    releasesDir: path.resolve(e.RELEASES_DIR ?? path.join(e.DATA_DIR, 'releases')),
    serverRender: e.SERVER_RENDER === 'true',
    serveSourceMaps: e.SERVE_SOURCE_MAPS === 'true',
    serverRenderTimeoutMs: e.SERVER_RENDER_TIMEOUT_MS,
    firstUseHydration: e.HYDRATE_ON_FIRST_USE === 'true',
    serverRenderCacheMs: e.SERVER_RENDER_CACHE_MS ?? (e.DATABASE_URL ? 0 : 1000),
    webhooksAllowLocal: e.WEBHOOKS_ALLOW_LOCAL === 'true',
    instanceId: e.INSTANCE_ID ?? null,
    metricsToken: e.METRICS_TOKEN ?? null,
    payments: paymentsConfig(e),
  };
}

/**
 * PAYMENT_PROVIDER=stripe needs every Stripe key, of one mode (test or live); Stripe keys without it are a
 * mistake, not a silent sandbox. Live keys refuse the development switches and STRIPE_API_BASE.
 */
function paymentProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const given = STRIPE_REQUIRED_VARIABLES.filter((name) => e[name] !== undefined);
  if (e.PAYMENT_PROVIDER !== 'stripe') {
    const stray = [...given, ...(e.STRIPE_API_BASE !== undefined ? ['STRIPE_API_BASE'] : [])];
    if (stray.length > 0)
      problems.push(
        `PAYMENT_PROVIDER: is sandbox but ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set: set PAYMENT_PROVIDER=stripe to take payments with Stripe, or unset ${stray.length === 1 ? 'it' : 'them'}`,
      );
    return problems;
  }
  const missing = STRIPE_REQUIRED_VARIABLES.filter((name) => e[name] === undefined);
  if (missing.length > 0)
    problems.push(
      `PAYMENT_PROVIDER: stripe needs ${missing.join(', ')} too (missing; see docs/going-live.md): the secret and publishable keys from the Stripe dashboard's API keys page, the signing secrets of the platform and Connect webhook endpoints`,
    );
  const secret = e.STRIPE_SECRET_KEY;
  const publishable = e.STRIPE_PUBLISHABLE_KEY;
  if (!secret) return problems;
  const live = isLiveSecretKey(secret);
  if (publishable && publishable.startsWith('pk_live_') !== live)
    problems.push(
      `STRIPE_PUBLISHABLE_KEY: is a ${live ? 'test' : 'live'} key but STRIPE_SECRET_KEY is a ${live ? 'live' : 'test'} key: take both from the same mode of the Stripe dashboard`,
    );
  if (live) {
    const devSwitches = [
      ...(e.DEV_TOOLS === 'true' ? ['DEV_TOOLS=true'] : []),
      ...(e.WEBHOOKS_ALLOW_LOCAL === 'true' ? ['WEBHOOKS_ALLOW_LOCAL=true'] : []),
      ...(e.DEV_MAILBOX === 'true' ? ['DEV_MAILBOX=true'] : []),
      ...(e.STRIPE_API_BASE !== undefined ? [`STRIPE_API_BASE=${e.STRIPE_API_BASE}`] : []),
    ];
    if (devSwitches.length > 0)
      problems.push(
        `STRIPE_SECRET_KEY: a live key (real cards are charged) must not run with ${devSwitches.join(', ')}: unset ${devSwitches.length === 1 ? 'it' : 'them'}, or use a test key (sk_test_...)`,
      );
  }
  return problems;
}

function isLiveSecretKey(key: string): boolean {
  return key.startsWith('sk_live_') || key.startsWith('rk_live_');
}

function paymentsConfig(e: z.infer<typeof envSchema>): PaymentsConfig {
  if (e.PAYMENT_PROVIDER !== 'stripe') return { provider: 'sandbox' };
  const base = e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : null;
  const protocol = base?.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    provider: 'stripe',
    secretKey: e.STRIPE_SECRET_KEY as string,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY as string,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET as string,
    connectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET as string,
    live: isLiveSecretKey(e.STRIPE_SECRET_KEY as string),
    api: base ? { host: base.hostname, port: Number(base.port || (protocol === 'http' ? 80 : 443)), protocol } : null,
  };
}

const APP_SECRET_FILE = 'app-secret';

/**
 * APP_SECRET, or for a development set-up a random secret generated once and kept in DATA_DIR, so
 * links already emailed keep working across restarts. Several instances must share APP_SECRET.
 */
export function resolveAppSecret(config: Pick<AppConfig, 'appSecret' | 'dataDir'>): string {
  if (config.appSecret) return config.appSecret;
  const file = path.join(config.dataDir, APP_SECRET_FILE);
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (!isStrongSecret(stored))
      throw new Error(`${file} holds no usable secret: delete it (a new one is made) or set APP_SECRET.`);
    return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx': when two processes race, the first file wins and both read it back.
    writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/** NODE_ENV=production, in any case and spacing. */
export function isProduction(nodeEnv: string | undefined): boolean {
  return nodeEnv?.trim().toLowerCase() === 'production';
}

/** An http(s) URL with nothing but a scheme, a host and a port (a trailing "/" allowed). */
function isHttpOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !value.endsWith('?') &&
    !value.endsWith('#') &&
    url.search === '' &&
    url.hash === '' &&
    url.username === '' &&
    url.password === ''
  );
}

/** Long, no whitespace, and not a few characters repeated (32 spaces, "aaaa…", "abababab…"). */
function isStrongSecret(value: string): boolean {
  return value.length >= 32 && !/\s/.test(value) && new Set(value).size >= 12;
}

/**
 * Why machines other than this one may reach the server, or nothing: a HOST other than loopback, a
 * proxy (TRUST_PROXY) unless PUBLIC_URL is on loopback, or a PUBLIC_URL or ALLOWED_HOSTS naming a host other
 * than loopback.
 */
function reachableFromOtherMachines(
  e: Pick<z.infer<typeof envSchema>, 'HOST' | 'TRUST_PROXY' | 'PUBLIC_URL'>,
  allowedHosts: string[],
): string[] {
  const reasons: string[] = [];
  if (!isLoopbackHost(e.HOST)) reasons.push(`HOST=${e.HOST}`);
  // A proxy may serve other machines, unless the site's declared address is this machine itself (a loopback
  // PUBLIC_URL: links would not work anywhere else, and the host check then accepts loopback names only).
  const publicUrlIsLoopback = Boolean(e.PUBLIC_URL) && isLoopbackHost(new URL(e.PUBLIC_URL as string).hostname);
  if (parseTrustProxy(e.TRUST_PROXY) !== false && !publicUrlIsLoopback) reasons.push(`TRUST_PROXY=${e.TRUST_PROXY}`);
  if (e.PUBLIC_URL && !isLoopbackHost(new URL(e.PUBLIC_URL).hostname)) reasons.push(`PUBLIC_URL=${e.PUBLIC_URL}`);
  const publicNames = allowedHosts.filter((host) => !isLoopbackHost(parseHost(host)?.hostname ?? host));
  if (publicNames.length > 0) reasons.push(`ALLOWED_HOSTS=${publicNames.join(',')}`);
  return reasons;
}

/** ALLOWED_HOSTS: comma-separated `host` or `host:port`, normalised (lower case); each bad entry is a problem. */
function parseAllowedHosts(value: string, problems: string[]): string[] {
  const hosts: string[] = [];
  for (const entry of value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const host = parseHost(entry);
    if (!host) {
      problems.push(
        `ALLOWED_HOSTS: "${entry}" is not a host or host:port (write it like beabro.app, beabro.app:8443 or [::1]:3000, without a scheme, path or wildcard)`,
      );
      continue;
    }
    hosts.push(host.port ? `${host.hostname}:${host.port}` : host.hostname);
  }
  return hosts;
}

function parseTrustProxy(value: string): boolean | string {
  const v = value.trim();
  if (v === 'true') return true;
  if (v === 'false' || v === '') return false;
  return v;
}
