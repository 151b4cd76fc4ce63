import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeTempDir } from '../../testing/temp-dir';
import { createDevMailTransport, DEV_MAIL_INDEX_FILE, type DevMailIndexEntry } from './dev-mail-transport';
import type { MailMessage } from './mail-transport';

const message = (overrides: Partial<MailMessage> = {}): MailMessage => ({
  id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01',
  kind: 'email-verification',
  to: 'maya@example.com',
  replyTo: null,
  subject: 'Verify your email for Be a Bro',
  text: 'Open https://beabro.test/verify-email?token=abc to verify.',
  html: '<p><a href="https://beabro.test/verify-email?token=abc">Verify my email</a></p>',
  listUnsubscribe: null,
  createdAt: new Date('2026-11-21T18:30:45.123Z'),
  ...overrides,
});

const readIndex = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, DEV_MAIL_INDEX_FILE), 'utf8')) as DevMailIndexEntry[];

describe('development mail transport', () => {
  it('writes each message as a readable RFC 5322 .eml file and lists it in index.json', async () => {
    const dir = path.join(makeTempDir('mail'), 'mail');
    const transport = createDevMailTransport({ directory: dir, from: 'Be a Bro <no-reply@beabro.app>' });
    await transport.send(message({ replyTo: 'jamie@example.com' }));
    await transport.close();

    const [file, ...others] = readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(others).toEqual([]);
    expect(file).toBe('20261121T183045Z-5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01.eml');
    const eml = readFileSync(path.join(dir, file ?? ''), 'utf8');
    const headerEnd = eml.indexOf('\r\n\r\n');
    expect(headerEnd).toBeGreaterThan(0);
    const headers = eml.slice(0, headerEnd);
    const body = eml.slice(headerEnd);
    expect(headers).toMatch(/^From: Be a Bro <no-reply@beabro\.app>$/m);
    expect(headers).toMatch(/^To: maya@example\.com$/m);
    expect(headers).toMatch(/^Reply-To: jamie@example\.com$/m);
    expect(headers).toMatch(/^Subject: Verify your email for Be a Bro$/m);
    expect(headers).toMatch(/^Message-ID: <5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01@beabro\.app>$/m);
    expect(headers).toMatch(/^Date: Sat, 21 Nov 2026 18:30:45 \+0000$/m);
    expect(headers).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(headers).not.toMatch(/^List-Unsubscribe/im);
    // CRLF line ends throughout, as RFC 5322 wants.
    expect(eml.replace(/\r\n/g, '')).not.toContain('\n');
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('https://beabro.test/verify-email?token=abc');
    expect(body).toContain('Content-Type: text/html');

    expect(readIndex(dir)).toEqual([
      {
        id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01',
        kind: 'email-verification',
        to: 'maya@example.com',
        subject: 'Verify your email for Be a Bro',
        file,
        createdAt: '2026-11-21T18:30:45.123Z',
        deliveredAt: expect.any(String),
      },
    ]);
  });

  it('writes the unsubscribe headers of an email its recipient can stop', async () => {
    const dir = path.join(makeTempDir('mail'), 'mail');
    const transport = createDevMailTransport({ directory: dir, from: 'no-reply@beabro.app' });
    const url = 'https://beabro.test/subscriptions/unsubscribe?token=a.b';
    await transport.send(message({ listUnsubscribe: { url, oneClick: true } }));
    await transport.send(
      message({ id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a02', listUnsubscribe: { url, oneClick: false } }),
    );
    await transport.close();
    const headersOf = (id: string) => {
      const eml = readFileSync(path.join(dir, readIndex(dir).find((e) => e.id === id)?.file ?? ''), 'utf8');
      // Unfolded: a long header may go on over several lines (RFC 5322 folding).
      return eml.slice(0, eml.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    };
    const oneClick = headersOf('5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01');
    expect(oneClick).toMatch(/^List-Unsubscribe: <https:\/\/beabro\.test\/subscriptions\/unsubscribe\?token=a\.b>$/m);
    expect(oneClick).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const linkOnly = headersOf('5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a02');
    expect(linkOnly).toMatch(/^List-Unsubscribe: <https:\/\/beabro\.test\/subscriptions\/unsubscribe\?token=a\.b>$/m);
    expect(linkOnly).not.toContain('List-Unsubscribe-Post');
  });

  it('keeps one file and one index entry per message when it is delivered again, and every message when many arrive at once', async () => {
    const dir = path.join(makeTempDir('mail'), 'mail');
    const transport = createDevMailTransport({ directory: dir, from: 'no-reply@beabro.app' });
    await transport.send(message());
    await transport.send(message());
    const ids = Array.from({ length: 12 }, (_, i) => `5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a${String(10 + i)}`);
    await Promise.all(ids.map((id) => transport.send(message({ id, html: null }))));
    await transport.close();
    expect(readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(13);
    expect(
      readIndex(dir)
        .map((e) => e.id)
        .sort(),
    ).toEqual(['5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01', ...ids].sort());
    // A text-only message is a plain text/plain email.
    const textOnly = readFileSync(path.join(dir, readIndex(dir).find((e) => e.id === ids[0])?.file ?? ''), 'utf8');
    expect(textOnly).toMatch(/^Content-Type: text\/plain/m);
    expect(textOnly).not.toContain('text/html');
  });
});
