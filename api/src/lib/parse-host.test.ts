import { describe, expect, it } from 'vitest';
import { parseHost } from './parse-host';

describe('parseHost', () => {
  it('reads a name, an IPv4 or a bracketed IPv6 address, with or without a port, in lower case', () => {
    expect(parseHost('Beabro.App')).toEqual({ hostname: 'beabro.app', port: null });
    expect(parseHost('beabro.app.:0443')).toEqual({ hostname: 'beabro.app', port: '443' });
    expect(parseHost('127.0.0.1:3000')).toEqual({ hostname: '127.0.0.1', port: '3000' });
    expect(parseHost('[::1]:3000')).toEqual({ hostname: '[::1]', port: '3000' });
    expect(parseHost('my_service')).toEqual({ hostname: 'my_service', port: null });
  });

  it('refuses anything else', () => {
    for (const value of [
      '',
      ' ',
      'a b',
      'http://beabro.app',
      'beabro.app/',
      'user@beabro.app',
      'beabro.app:',
      'beabro.app:0',
      'beabro.app:65536',
      '::1',
      '[::1',
      '[nope]:1',
      '-a.example',
      'a..b',
      '*.beabro.app',
    ]) {
      expect(parseHost(value), JSON.stringify(value)).toBeNull();
    }
  });
});
