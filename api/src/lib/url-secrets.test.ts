import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { hasSecretQuery, redactUrlSecrets } from './url-secrets';

const TOKEN = 'tok-9f8e7d6c5b4a39281706';

describe('redactUrlSecrets', () => {
  it('replaces every secret query value, and nothing else', () => {
    expect(redactUrlSecrets(`/reset-password?token=${TOKEN}&next=/x`)).toBe('/reset-password?token=[redacted]&next=/x');
    expect(redactUrlSecrets(`GET /cb?state=1&code=${TOKEN}#top`)).toBe('GET /cb?state=1&code=[redacted]#top');
    expect(redactUrlSecrets(`{"url":"/a?TOKEN=${TOKEN}","msg":"x"}`)).toBe('{"url":"/a?TOKEN=[redacted]","msg":"x"}');
    expect(redactUrlSecrets(`"/a?x=1\\u0026token=${TOKEN}\\n"`)).toBe('"/a?x=1\\u0026token=[redacted]\\n"');
    expect(redactUrlSecrets(`https://beabro.test/subscriptions/confirm-change?token=${TOKEN}`)).toBe(
      'https://beabro.test/subscriptions/confirm-change?token=[redacted]',
    );
    expect(redactUrlSecrets('/help?q=token&page=2')).toBe('/help?q=token&page=2');
    expect(redactUrlSecrets('/a?token=')).toBe('/a?token=');
  });

  it('tells a query that carries a secret', () => {
    expect(hasSecretQuery(`?token=${TOKEN}`)).toBe(true);
    expect(hasSecretQuery(`done=cancel&Code=${TOKEN}`)).toBe(true);
    expect(hasSecretQuery('?token=')).toBe(false);
    expect(hasSecretQuery('?page=2')).toBe(false);
  });
});

describe('the API log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => t?.close());

  it('never holds a URL secret: request logs and errors alike', async () => {
    await t.app.inject({ url: `/api/subscriptions/link?token=${TOKEN}` });
    await t.app.inject({ url: `/api/nowhere?x=1&code=${TOKEN}` });
    t.app.log.error(new Error(`failed to open /verify-email?token=${TOKEN}`), 'an error naming a link');
    const logged = lines.join('');
    expect(logged).toContain('token=[redacted]');
    expect(logged).toContain('code=[redacted]');
    expect(logged).toContain('an error naming a link');
    expect(logged).not.toContain(TOKEN);
  });
});
