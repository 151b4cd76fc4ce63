import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import registry from '@beabro/shared/contract/remotes.json' with { type: 'json' };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const REMOTE_NAMES: readonly string[] = registry.remotes.map((r) => r.name);

/** REMOTE_MF_HELP_URL and so on: where the runtime remote map points each remote. */
export function remoteUrlVariable(remote: string): string {
  return `REMOTE_${remote.toUpperCase().replace(/-/g, '_')}_URL`;
}

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  SITE_DIR: z.string().min(1).default(repoRoot),
  SUPPORT_EMAIL: z.email().default('support@beabro.app'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SEED_DEMO_DATA: z.enum(['true', 'false']).default('true'),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

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
  /** Public origin of the site (for links in emails); defaults to the request's own origin. */
  publicUrl: string | null;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** The runtime remote map served at /remotes.json. */
  remoteMap: Record<string, string>;
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
    logLevel: e.LOG_LEVEL,
    remoteMap,
  };
}
