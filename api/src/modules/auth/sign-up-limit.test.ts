import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_UP_LIMIT_PER_IP: '2' });
});
afterAll(() => t.close());

const body = (n: number) => ({
  name: `Limit ${n}`,
  email: `limit${n}.${process.pid}@example.com`,
  password: 'a good password',
  confirmPassword: 'a good password',
  role: 'supporter',
});

describe('SIGN_UP_LIMIT_PER_IP', () => {
  it('sets how many sign-ups one IP address may make per hour', async () => {
    const client = t.client();
    expect((await client.post('/api/auth/sign-up', body(1))).statusCode).toBe(201);
    expect((await client.post('/api/auth/sign-up', body(2))).statusCode).toBe(201);
    const third = await client.post('/api/auth/sign-up', body(3));
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await t.client().post('/api/auth/sign-up', body(4))).statusCode).toBe(201);
  });

  it('defaults to 10 and refuses a value that is not a positive whole number', () => {
    expect(loadConfig({}).signUpLimitPerIp).toBe(10);
    expect(loadConfig({ SIGN_UP_LIMIT_PER_IP: '500' }).signUpLimitPerIp).toBe(500);
    for (const value of ['0', '-1', '2.5', 'many'])
      expect(() => loadConfig({ SIGN_UP_LIMIT_PER_IP: value }), value).toThrow(/SIGN_UP_LIMIT_PER_IP/);
  });
});
