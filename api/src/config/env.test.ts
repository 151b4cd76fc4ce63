import { describe, expect, it } from 'vitest';
import { isLoopbackHost, loadConfig, remoteUrlVariable } from './env';

describe('loadConfig', () => {
  it('works with no configuration at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.supportEmail).toBe('support@beabro.app');
    expect(config.remoteMap['mf-help']).toBe('/remotes/mf-help/mf-manifest.json');
    expect(config.remoteMap['mf-marketing']).toBe('/remotes/mf-marketing/mf-manifest.json');
  });

  it('keeps visitors’ pages for a moment on the embedded database only, unless told otherwise', () => {
    expect(loadConfig({}).serverRenderCacheMs).toBe(1000);
    // Several instances on PostgreSQL do not hear of each other's writes.
    const postgres = 'postgres://app@db.example:5432/beabro';
    expect(loadConfig({ DATABASE_URL: postgres }).serverRenderCacheMs).toBe(0);
    expect(loadConfig({ DATABASE_URL: postgres, SERVER_RENDER_CACHE_MS: '500' }).serverRenderCacheMs).toBe(500);
    expect(loadConfig({ SERVER_RENDER_CACHE_MS: '0' }).serverRenderCacheMs).toBe(0);
    expect(() => loadConfig({ SERVER_RENDER_CACHE_MS: '-1' })).toThrow(/SERVER_RENDER_CACHE_MS/);
  });

  it('honours PORT, DATA_DIR and a per-remote URL', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/beabro-data',
      [remoteUrlVariable('mf-help')]: 'https://cdn.example.com/mf-help/v7/mf-manifest.json',
    });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/tmp/beabro-data');
    expect(config.remoteMap['mf-help']).toBe('https://cdn.example.com/mf-help/v7/mf-manifest.json');
    expect(remoteUrlVariable('mf-help')).toBe('REMOTE_MF_HELP_URL');
  });

  it('fails at start-up listing every problem', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', SUPPORT_EMAIL: 'nope', REMOTE_MF_HELP_URL: 'javascript:alert(1)' }),
    ).toThrow(/PORT:[\s\S]*SUPPORT_EMAIL:[\s\S]*REMOTE_MF_HELP_URL: must be an absolute path or an http\(s\) URL/);
  });
});

describe('listening and the Hosts answered', () => {
  it('listens on 127.0.0.1 by default, so a fresh start is not reachable from other machines', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0', PUBLIC_URL: 'https://beabro.app' }).host).toBe('0.0.0.0');
    expect(isLoopbackHost('127.0.0.1') && isLoopbackHost('::1') && isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('0.0.0.0') || isLoopbackHost('192.168.1.5') || isLoopbackHost('127.0.0.2')).toBe(false);
  });

  it('reads ALLOWED_HOSTS as a comma-separated list of host or host:port', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(
      loadConfig({ JOBS_ENABLED: 'false', ALLOWED_HOSTS: ' Beabro.app , www.beabro.app:8443,,[::1]:3000, internal. ' })
        .allowedHosts,
    ).toEqual(['beabro.app', 'www.beabro.app:8443', '[::1]:3000', 'internal']);
  });

  it('refuses an ALLOWED_HOSTS entry that is not a host, naming each', () => {
    expect(() =>
      loadConfig({ ALLOWED_HOSTS: 'beabro.app,https://beabro.app,beabro.app/x,*.beabro.app,beabro.app:99999' }),
    ).toThrow(
      /ALLOWED_HOSTS: "https:\/\/beabro\.app" is not a host or host:port[\s\S]*"beabro\.app\/x"[\s\S]*"\*\.beabro\.app"[\s\S]*"beabro\.app:99999"/,
    );
  });
});

describe('the development mailbox', () => {
  it('is on by default only while nothing says other machines reach the server', () => {
    expect(loadConfig({}).devMailbox).toBe(true);
    expect(loadConfig({ HOST: 'localhost', PUBLIC_URL: 'http://localhost:3000' }).devMailbox).toBe(true);
    expect(loadConfig({ HOST: '::1' }).devMailbox).toBe(true);
    for (const env of [
      { HOST: '0.0.0.0' },
      { HOST: '192.168.1.5' },
      { SMTP_URL: 'smtp://mail.example.com:587' },
      { TRUST_PROXY: 'true' },
      { TRUST_PROXY: '10.0.0.1' },
      { PUBLIC_URL: 'https://beabro.app' },
    ]) {
      expect(loadConfig({ JOBS_ENABLED: 'false', ...env }).devMailbox, JSON.stringify(env)).toBe(false);
    }
  });

  it('follows DEV_MAILBOX when it is set', () => {
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(loadConfig({ HOST: 'localhost', ALLOWED_HOSTS: '127.0.0.1:8080', DEV_MAILBOX: 'true' }).devMailbox).toBe(
      true,
    );
  });

  it('is off, and DEV_MAILBOX=true refused, whenever anything but this machine may reach the server', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'beabro.app', PUBLIC_URL: 'https://beabro.app' }).devMailbox).toBe(false);
    for (const [env, reason] of [
      [{ HOST: '0.0.0.0' }, 'HOST=0.0.0.0'],
      [{ NODE_ENV: 'production', HOST: '0.0.0.0' }, 'HOST=0.0.0.0'],
      [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY=true'],
      [{ PUBLIC_URL: 'https://beabro.app' }, 'PUBLIC_URL=https://beabro.app'],
      [{ ALLOWED_HOSTS: 'beabro.app' }, 'ALLOWED_HOSTS=beabro.app'],
    ] as const) {
      expect(() => loadConfig({ JOBS_ENABLED: 'false', ...env, DEV_MAILBOX: 'true' }), reason).toThrow(
        `DEV_MAILBOX: must not be true on a server other machines reach (${reason})`,
      );
    }
  });
});

describe('a proxy in front of a site served to this machine only', () => {
  it('keeps the development tools: TRUST_PROXY with a loopback PUBLIC_URL is not public', () => {
    const env = {
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:8080',
      DEV_MAILBOX: 'true',
      DEV_TOOLS: 'true',
    };
    expect(loadConfig(env).devMailbox).toBe(true);
    expect(() => loadConfig({ ...env, PUBLIC_URL: 'https://beabro.app' })).toThrow(/TRUST_PROXY=127\.0\.0\.1/);
  });
});

describe('WEBHOOKS_ALLOW_LOCAL', () => {
  it('is off by default: webhooks go to public https endpoints only', () => {
    expect(loadConfig({}).webhooksAllowLocal).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_LOCAL: 'true' }).webhooksAllowLocal).toBe(true);
  });

  it('is refused in production, in any case of NODE_ENV, and on a public HOST without NODE_ENV', () => {
    for (const [env, reason] of [
      [{ NODE_ENV: 'production' }, 'NODE_ENV=production'],
      [{ NODE_ENV: 'Production' }, 'NODE_ENV=Production'],
      [{ NODE_ENV: ' PRODUCTION ' }, 'NODE_ENV= PRODUCTION '],
      [{ HOST: '0.0.0.0', JOBS_ENABLED: 'false' }, 'HOST=0.0.0.0'],
    ] as const) {
      expect(() => loadConfig({ WEBHOOKS_ALLOW_LOCAL: 'true', ...env })).toThrow(
        `WEBHOOKS_ALLOW_LOCAL: must not be true on a public server (${reason})`,
      );
      expect(() => loadConfig({ DEV_TOOLS: 'true', ...env })).toThrow(
        `DEV_TOOLS: must not be true on a public server (${reason})`,
      );
    }
    expect(() => loadConfig({ WEBHOOKS_ALLOW_LOCAL: 'yes' })).toThrow(/WEBHOOKS_ALLOW_LOCAL/);
  });
});

describe('INSTANCE_ID', () => {
  it('is unset by default and refused when it is not a short plain name', () => {
    expect(loadConfig({}).instanceId).toBeNull();
    expect(loadConfig({ INSTANCE_ID: 'api-1.eu_west' }).instanceId).toBe('api-1.eu_west');
    expect(() => loadConfig({ INSTANCE_ID: 'api 1\r\nSet-Cookie: x' })).toThrow(/INSTANCE_ID: must be 1 to 64 letters/);
  });
});

describe('LOG_FORMAT', () => {
  it('is JSON lines in production and readable lines otherwise, unless set', () => {
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example:25' }).logFormat).toBe('json');
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });
});

describe('METRICS_TOKEN', () => {
  it('is unset by default (no /metrics) and refused when it is guessable', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    const token = 'metrics-token-0123456789-abcdefghijkl';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'metrics' })).toThrow(/METRICS_TOKEN: must be at least 32 characters/);
  });
});

describe('PUBLIC_URL', () => {
  it('is an http(s) origin only, kept without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://beabro.app/' }).publicUrl).toBe('https://beabro.app');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).publicUrl).toBe('http://localhost:8080');
    for (const value of [
      'javascript:alert(1)',
      'ftp://beabro.app',
      'https://beabro.app/app',
      'https://beabro.app/?x=1',
      'https://beabro.app/#top',
      'https://user:pw@beabro.app',
      'beabro.app',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: value }), value).toThrow(
        /PUBLIC_URL: must be the site’s origin only, like https:\/\/beabro\.app/,
      );
    }
  });

  it('must be set when other machines reach a server that runs the jobs (their emails link to it)', () => {
    for (const env of [{ HOST: '0.0.0.0' }, { TRUST_PROXY: 'true' }, { ALLOWED_HOSTS: 'beabro.app' }]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(
        /PUBLIC_URL: must be set on a server other machines reach \(.*\) while JOBS_ENABLED=true[\s\S]*Set PUBLIC_URL=https:\/\/<your domain>, or JOBS_ENABLED=false/,
      );
      expect(loadConfig({ ...env, PUBLIC_URL: 'https://beabro.app' }).publicUrl).toBe('https://beabro.app');
      expect(loadConfig({ ...env, JOBS_ENABLED: 'false' }).publicUrl).toBeNull();
    }
    expect(loadConfig({ NODE_ENV: 'production' }).publicUrl).toBeNull();
  });
});

describe('APP_SECRET', () => {
  it('needs real entropy: no whitespace, not a few characters repeated', () => {
    const good = 'q7Vx2LmP9sKd4RtY8wZb1NcF6gHj3EaU';
    expect(loadConfig({ APP_SECRET: good }).appSecret).toBe(good);
    for (const value of [
      ' '.repeat(32),
      `${' '.repeat(31)}x`,
      'a'.repeat(40),
      'ab'.repeat(20),
      `${good.slice(0, 31)}`,
      `${good} x`,
    ]) {
      expect(() => loadConfig({ APP_SECRET: value }), JSON.stringify(value)).toThrow(
        /APP_SECRET: must be at least 32 characters with no spaces and at least 12 different characters \(make one with: openssl rand -base64 32\)/,
      );
    }
  });
});

describe('PAYMENT_PROVIDER', () => {
  const stripeTest = {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_51Abc',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abc',
    STRIPE_WEBHOOK_SECRET: 'whsec_platform123',
    STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect123',
  };

  it('is the sandbox by default', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'sandbox' });
  });

  it('is Stripe with every key, pointed at Stripe itself unless STRIPE_API_BASE says otherwise', () => {
    expect(loadConfig(stripeTest).payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_51Abc',
      publishableKey: 'pk_test_51Abc',
      webhookSecret: 'whsec_platform123',
      connectWebhookSecret: 'whsec_connect123',
      live: false,
      api: null,
    });
    expect(loadConfig({ ...stripeTest, STRIPE_API_BASE: 'http://127.0.0.1:12111' }).payments).toMatchObject({
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
    });
    expect(() => loadConfig({ ...stripeTest, STRIPE_API_BASE: 'http://127.0.0.1:12111/v1' })).toThrow(
      /STRIPE_API_BASE: must be an origin only/,
    );
  });

  it('refuses a partial set and names exactly what is missing', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(
      'PAYMENT_PROVIDER: stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_CONNECT_WEBHOOK_SECRET too (missing',
    );
    const { STRIPE_CONNECT_WEBHOOK_SECRET: _, ...withoutConnect } = stripeTest;
    expect(() => loadConfig(withoutConnect)).toThrow(
      'PAYMENT_PROVIDER: stripe needs STRIPE_CONNECT_WEBHOOK_SECRET too (missing',
    );
    expect(() => loadConfig({ ...stripeTest, PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER:/);
  });

  it('refuses Stripe keys left set while the sandbox takes the payments', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_51Abc' })).toThrow(
      'PAYMENT_PROVIDER: is sandbox but STRIPE_SECRET_KEY is set: set PAYMENT_PROVIDER=stripe',
    );
  });

  it('refuses keys that are not Stripe keys, and keys of two modes', () => {
    expect(() =>
      loadConfig({ ...stripeTest, STRIPE_SECRET_KEY: 'pk_test_51Abc', STRIPE_WEBHOOK_SECRET: 'secret' }),
    ).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key[\s\S]*STRIPE_WEBHOOK_SECRET: must be the signing secret/);
    expect(() => loadConfig({ ...stripeTest, STRIPE_SECRET_KEY: 'sk_live_51Abc' })).toThrow(
      'STRIPE_PUBLISHABLE_KEY: is a test key but STRIPE_SECRET_KEY is a live key',
    );
  });

  it('takes live keys, but never with the development switches or STRIPE_API_BASE', () => {
    const live = { ...stripeTest, STRIPE_SECRET_KEY: 'sk_live_51Abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_51Abc' };
    expect(loadConfig(live).payments).toMatchObject({ provider: 'stripe', live: true });
    expect(() =>
      loadConfig({ ...live, DEV_TOOLS: 'true', WEBHOOKS_ALLOW_LOCAL: 'true', STRIPE_API_BASE: 'http://127.0.0.1:1' }),
    ).toThrow(
      'STRIPE_SECRET_KEY: a live key (real cards are charged) must not run with DEV_TOOLS=true, WEBHOOKS_ALLOW_LOCAL=true, STRIPE_API_BASE=http://127.0.0.1:1',
    );
    expect(() => loadConfig({ ...live, DEV_MAILBOX: 'true' })).toThrow(/must not run with DEV_MAILBOX=true/);
    expect(loadConfig({ ...stripeTest, DEV_TOOLS: 'true' }).devTools).toBe(true);
  });
});
