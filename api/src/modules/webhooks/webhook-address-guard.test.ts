import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@beabro/shared/api-schemas/webhooks';
import {
  isLoopbackAddress,
  isPublicAddress,
  parseIPv6,
  resolveWebhookTarget,
  type HostResolver,
} from './webhook-address-guard';

const dns =
  (answers: Record<string, string[]>): HostResolver =>
  async (hostname) => {
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('isPublicAddress', () => {
  it.each([
    '0.0.0.0',
    '10.0.0.1',
    '100.64.1.1',
    '127.0.0.1',
    '127.255.0.9',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '192.0.2.10',
    '198.18.0.1',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456::1',
    'fec0::1',
    'ff02::1',
    '2001:db8::1',
    '2002:a00:1::1',
    '2001::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '203.0.114.5',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('reads IPv6 in every spelling', () => {
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIPv6('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(isLoopbackAddress('::ffff:127.0.0.2')).toBe(true);
    expect(isLoopbackAddress('::2')).toBe(false);
  });
});

describe('resolveWebhookTarget', () => {
  const production = {
    allowLocal: false,
    resolveHost: dns({
      'hooks.example.com': ['93.184.215.14'],
      'mixed.example.com': ['93.184.215.14', '10.0.0.5'],
      'v6.example.com': ['::1'],
      'mapped.example.com': ['::ffff:192.168.0.1'],
      'empty.example.com': [],
    }),
  };

  it('accepts an https URL whose every address is public, and connects to that address', async () => {
    const target = await resolveWebhookTarget('https://hooks.example.com/beabro?x=1', production);
    expect(target).toMatchObject({ hostname: 'hooks.example.com', address: '93.184.215.14', family: 4 });
  });

  it.each([
    ['http://hooks.example.com/x', WEBHOOK_MESSAGES.urlNotHttps],
    ['http://127.0.0.1:4335/x', WEBHOOK_MESSAGES.urlNotHttps],
    ['https://mixed.example.com/x', WEBHOOK_MESSAGES.urlPrivate],
    ['https://v6.example.com/x', WEBHOOK_MESSAGES.urlPrivate],
    ['https://mapped.example.com/x', WEBHOOK_MESSAGES.urlPrivate],
    ['https://127.0.0.1/x', WEBHOOK_MESSAGES.urlPrivate],
    ['https://[::1]/x', WEBHOOK_MESSAGES.urlPrivate],
    ['https://[::ffff:127.0.0.1]/x', WEBHOOK_MESSAGES.urlPrivate],
    ['https://[fe80::1]/x', WEBHOOK_MESSAGES.urlPrivate],
    ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.urlPrivate],
    ['https://0x7f000001/x', WEBHOOK_MESSAGES.urlPrivate],
    ['https://localhost/x', WEBHOOK_MESSAGES.urlPrivate],
    ['https://nowhere.example.com/x', WEBHOOK_MESSAGES.urlUnresolvable],
    ['https://empty.example.com/x', WEBHOOK_MESSAGES.urlUnresolvable],
    ['https://user:pw@hooks.example.com/x', WEBHOOK_MESSAGES.urlCredentials],
    ['ftp://hooks.example.com/x', WEBHOOK_MESSAGES.urlInvalid],
  ])('refuses %s', async (url, message) => {
    await expect(resolveWebhookTarget(url, production)).rejects.toThrow(message);
  });

  it('with WEBHOOKS_ALLOW_LOCAL, allows http to loopback only', async () => {
    const local = {
      allowLocal: true,
      resolveHost: dns({ localhost: ['127.0.0.1'], 'private.example.com': ['10.0.0.1'] }),
    };
    await expect(resolveWebhookTarget('http://127.0.0.1:4335/hook', local)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(resolveWebhookTarget('http://localhost:4335/hook', local)).resolves.toMatchObject({
      address: '127.0.0.1',
    });
    await expect(resolveWebhookTarget('http://[::1]:4335/hook', local)).resolves.toMatchObject({
      address: '::1',
      family: 6,
    });
    await expect(resolveWebhookTarget('http://hooks.example.com/hook', local)).rejects.toThrow(
      WEBHOOK_MESSAGES.urlNotHttps,
    );
    await expect(resolveWebhookTarget('https://private.example.com/hook', local)).rejects.toThrow(
      WEBHOOK_MESSAGES.urlPrivate,
    );
    await expect(resolveWebhookTarget('https://10.1.1.1/hook', local)).rejects.toThrow(WEBHOOK_MESSAGES.urlPrivate);
  });
});
