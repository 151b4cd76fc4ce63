import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOverrides } from '../app';
import { loadConfig } from '../config/env';
import type { Database } from '../db/database';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../lib/csrf';
import { createTestDatabase } from './test-database';
import { makeTempDir, removeTempDir } from './temp-dir';

/**
 * A fake built site: shell/dist and mf-help/dist with hashed and entry files. In the OS temp folder,
 * removed when the test file ends (or earlier with removeTempDir).
 */
export function fakeSite() {
  const dir = makeTempDir('site');
  mkdirSync(path.join(dir, 'shell', 'dist'), { recursive: true });
  writeFileSync(
    path.join(dir, 'shell', 'dist', 'index.html'),
    '<!doctype html><title>Be a Bro</title><div id="root"></div>',
  );
  writeFileSync(
    path.join(dir, 'shell', 'dist', 'main.0123456789.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  mkdirSync(path.join(dir, 'mf-help', 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'mf-help', 'dist', 'remoteEntry.js'), 'var mf_help;');
  writeFileSync(path.join(dir, 'mf-help', 'dist', 'mf-manifest.json'), '{}');
  writeFileSync(path.join(dir, 'mf-help', 'dist', '__federation_expose_help.abcdef0123.js'), '1');
  return dir;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** A browser-like client: keeps its cookies and sends the CSRF header on every request. */
  client: () => TestClient;
  close: () => Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}, overrides: AppOverrides = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  // close() removes the folders made here; folders a test passes in env stay its own.
  const made: string[] = [];
  const own = (dir: string) => {
    made.push(dir);
    return dir;
  };
  const siteDir = env.SITE_DIR ?? own(fakeSite());
  const dataDir = env.DATA_DIR ?? own(makeTempDir('data'));
  // Background loops (email sender, scheduled jobs) stay off: tests call those services directly.
  const config = loadConfig({
    SITE_DIR: siteDir,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SUPPORT_EMAIL: 'help@beabro.test',
    EMAIL_SENDER_ENABLED: 'false',
    JOBS_ENABLED: 'false',
    // Tests decline the same test cards from one address; fraud-service tests set these back to the defaults.
    FRAUD_DECLINE_LIMIT: '1000',
    FRAUD_DECLINE_LIMIT_PER_CREATOR: '1000',
    ...env,
  });
  const app = await buildApp(config, database.db, overrides);
  await app.ready();
  return {
    app,
    database,
    client: () => new TestClient(app),
    close: async () => {
      await app.close();
      await database.close();
      for (const dir of made) removeTempDir(dir);
    },
  };
}

let ipCounter = 1;

export class TestClient {
  private cookies = new Map<string, string>();
  /** Each client looks like its own visitor, so per-IP rate limits of one test do not leak into another. */
  readonly ip = `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

  constructor(private readonly app: FastifyInstance) {}

  async request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await this.app.inject({
      remoteAddress: this.ip,
      ...options,
      headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const c of res.cookies as Array<{ name: string; value: string; expires?: Date; maxAge?: number }>) {
      const expired = c.value === '' || (c.expires && c.expires.getTime() <= Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }
  post(url: string, payload?: unknown) {
    return this.request({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  }
  patch(url: string, payload: unknown) {
    return this.request({ method: 'PATCH', url, payload: payload as InjectOptions['payload'] });
  }
  put(url: string, payload: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }
  delete(url: string, payload?: unknown) {
    return this.request({
      method: 'DELETE',
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  }
  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

let userCounter = 0;

/** Test factory: a signed-up, signed-in account with a unique email. */
export async function fakeUser(
  testApp: TestApp,
  overrides: { role?: 'creator' | 'supporter'; name?: string; email?: string; password?: string } = {},
) {
  const n = ++userCounter;
  const client = testApp.client();
  const email = overrides.email ?? `user${n}.${process.pid}@example.com`;
  const password = overrides.password ?? 'correct horse battery';
  const res = await client.post('/api/auth/sign-up', {
    name: overrides.name ?? `User ${n}`,
    email,
    password,
    confirmPassword: password,
    role: overrides.role ?? 'supporter',
  });
  if (res.statusCode !== 201) throw new Error(`fakeUser sign-up failed: ${res.statusCode} ${res.body}`);
  return { client, email, password, user: res.json().user as { id: string; email: string } };
}
