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
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(isLoopbackHost('127.0.0.1') && isLoopbackHost('::1') && isLoopbackHost('LOCALHOST')).toBe(true);
    expect(isLoopbackHost('0.0.0.0') || isLoopbackHost('192.168.1.5') || isLoopbackHost('127.0.0.2')).toBe(false);
  });

  it('reads ALLOWED_HOSTS as a comma-separated list of host or host:port', () => {
    expect(loadConfig({}).allowedHosts).toEqual([]);
    expect(
      loadConfig({ ALLOWED_HOSTS: ' Beabro.app , www.beabro.app:8443,,[::1]:3000, internal. ' }).allowedHosts,
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
      expect(loadConfig(env).devMailbox, JSON.stringify(env)).toBe(false);
    }
  });

  it('follows DEV_MAILBOX when it is set', () => {
    expect(loadConfig({ HOST: '0.0.0.0', DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
    expect(loadConfig({ DEV_MAILBOX: 'false' }).devMailbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
  });

  it('refuses DEV_MAILBOX=true on a non-loopback HOST in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', DEV_MAILBOX: 'true' })).toThrow(
      /DEV_MAILBOX: must not be true in production \(NODE_ENV=production\) on a server listening on HOST=0\.0\.0\.0/,
    );
    expect(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0' }).devMailbox).toBe(false);
  });
});

describe('WEBHOOKS_ALLOW_LOCAL', () => {
  it('is off by default: webhooks go to public https endpoints only', () => {
    expect(loadConfig({}).webhooksAllowLocal).toBe(false);
    expect(loadConfig({ WEBHOOKS_ALLOW_LOCAL: 'true' }).webhooksAllowLocal).toBe(true);
  });

  it('is refused in production', () => {
    expect(() => loadConfig({ WEBHOOKS_ALLOW_LOCAL: 'true', NODE_ENV: 'production' })).toThrow(
      /WEBHOOKS_ALLOW_LOCAL: must not be true in production/,
    );
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
