import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { SESSION_SECURITY_SCHEME } from './openapi';

interface Operation {
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ in: string; name: string; required?: boolean; schema?: { enum?: string[] } }>;
  responses: Record<string, { description: string }>;
}
interface Spec {
  components: { securitySchemes: Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let spec: Spec;
beforeAll(async () => {
  t = await createTestApp();
  spec = (await t.app.inject('/api/docs/json')).json() as Spec;
});
afterAll(() => t.close());

const operation = (method: string, path: string) => {
  const op = spec.paths[path]?.[method];
  if (!op) throw new Error(`${method} ${path} is not documented`);
  return op;
};
const needsSession = (op: Operation) => (op.security ?? []).some((s) => SESSION_SECURITY_SCHEME in s);
const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);

describe('the OpenAPI document', () => {
  it('serves the docs pages with a Content-Security-Policy: scripts by hash, no framing, nothing inline run', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/static/swagger-initializer.js']) {
      const res = await t.app.inject(url);
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).toContain("script-src-attr 'none'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
    }
  });

  it('declares the session cookie as a security scheme', () => {
    expect(spec.components.securitySchemes[SESSION_SECURITY_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'bro_session',
    });
  });

  it('requires the session on the routes that need one, and only there', () => {
    for (const [method, path] of [
      ['get', '/api/account/notifications'],
      ['patch', '/api/account/password'],
      ['get', '/api/creator-profile/'],
      ['get', '/api/creator/dashboard'],
      ['post', '/api/account/email-verification'],
    ] as const) {
      expect(needsSession(operation(method, path)), `${method} ${path}`).toBe(true);
    }
    for (const [method, path] of [
      ['post', '/api/auth/sign-up'],
      ['post', '/api/auth/sign-in'],
      ['get', '/api/auth/me'],
      ['get', '/api/discover/'],
    ] as const) {
      expect(needsSession(operation(method, path)), `${method} ${path}`).toBe(false);
    }
  });

  it('every documented GET route that needs the session answers 401 to a visitor', async () => {
    const guarded = Object.entries(spec.paths).filter(
      ([path, ops]) => !path.includes('{') && ops.get && needsSession(ops.get),
    );
    expect(guarded.length).toBeGreaterThan(3);
    for (const [path] of guarded) expect((await t.client().get(path)).statusCode, path).toBe(401);
  });

  it('documents the X-Requested-With header and its 403 on every state-changing route, and not on reads', () => {
    let stateChanging = 0;
    for (const [path, ops] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const header = op.parameters?.find((p) => p.in === 'header' && p.name.toLowerCase() === 'x-requested-with');
        if (STATE_CHANGING.has(method)) {
          stateChanging++;
          expect(header, `${method} ${path}`).toMatchObject({ required: true, schema: { enum: ['beabro'] } });
          expect(op.responses['403']?.description, `${method} ${path}`).toBeTruthy();
        } else {
          expect(header, `${method} ${path}`).toBeUndefined();
        }
      }
    }
    expect(stateChanging).toBeGreaterThan(10);
    expect(operation('post', '/api/auth/sign-up').responses['403']?.description).toMatch(/X-Requested-With: beabro/);
  });
});
