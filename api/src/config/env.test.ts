import { describe, expect, it } from 'vitest';
import { loadConfig, remoteUrlVariable } from './env';

describe('loadConfig', () => {
  it('works with no configuration at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.supportEmail).toBe('support@beabro.app');
    expect(config.remoteMap['mf-help']).toBe('/remotes/mf-help/mf-manifest.json');
    expect(config.remoteMap['mf-marketing']).toBe('/remotes/mf-marketing/mf-manifest.json');
  });

  it('honours PORT, DATA_DIR and a per-remote URL', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/tmp/beabro-data', [remoteUrlVariable('mf-help')]: 'https://cdn.example.com/mf-help/v7/mf-manifest.json' });
    expect(config.port).toBe(8080);
    expect(config.dataDir).toBe('/tmp/beabro-data');
    expect(config.remoteMap['mf-help']).toBe('https://cdn.example.com/mf-help/v7/mf-manifest.json');
    expect(remoteUrlVariable('mf-help')).toBe('REMOTE_MF_HELP_URL');
  });

  it('fails at start-up listing every problem', () => {
    expect(() => loadConfig({ PORT: 'eighty', SUPPORT_EMAIL: 'nope', REMOTE_MF_HELP_URL: 'javascript:alert(1)' })).toThrow(
      /PORT:[\s\S]*SUPPORT_EMAIL:[\s\S]*REMOTE_MF_HELP_URL: must be an absolute path or an http\(s\) URL/,
    );
  });
});
