import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { emailOutbox } from '../../db/schema';
import { createTestDatabase } from '../../testing/test-database';
import { enqueueEmail } from './email-outbox';
import { deliverDueEmails } from './email-sender';
import { createSmtpMailTransport } from './smtp-mail-transport';

interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A real SMTP server on a free local port, requiring a login, keeping what it receives. */
async function startSmtpServer(credentials: { user: string; pass: string }) {
  const received: Received[] = [];
  const server = new SMTPServer({
    // Plain SMTP on localhost for the test (no certificate to trust); auth still required.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === credentials.user && auth.password === credentials.pass)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let database: Database;
beforeAll(async () => {
  smtp = await startSmtpServer({ user: 'mailer', pass: 's3cret:with@chars' });
  database = await createTestDatabase();
});
afterAll(async () => {
  await smtp.close();
  await database.close();
});

const url = (pass = 's3cret:with@chars') => `smtp://mailer:${encodeURIComponent(pass)}@127.0.0.1:${smtp.port}`;

describe('SMTP transport', () => {
  it('logs in with the credentials of SMTP_URL and delivers the message to the recipient', async () => {
    const transport = createSmtpMailTransport({ url: url(), from: 'Be a Bro <no-reply@beabro.app>' });
    await transport.send({
      id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01',
      kind: 'test',
      to: 'maya@example.com',
      replyTo: 'jamie@example.com',
      subject: 'Your receipt from Be a Bro',
      text: 'Thanks for supporting Maya with $5.00.',
      html: '<p>Thanks for supporting Maya with $5.00.</p>',
      listUnsubscribe: null,
      createdAt: new Date(),
    });
    await transport.close();
    const message = smtp.received.at(-1);
    expect(message).toMatchObject({ from: 'no-reply@beabro.app', to: ['maya@example.com'], user: 'mailer' });
    expect(message?.raw).toMatch(/^To: maya@example\.com\r$/m);
    expect(message?.raw).toMatch(/^Subject: Your receipt from Be a Bro\r$/m);
    expect(message?.raw).toMatch(/^Reply-To: jamie@example\.com\r$/m);
    expect(message?.raw).toMatch(/^Message-ID: <5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01@beabro\.app>\r$/m);
    expect(message?.raw).toContain('Thanks for supporting Maya with $5.00.');
  });

  it('fails when the server refuses the login, so the sender retries later', async () => {
    const transport = createSmtpMailTransport({ url: url('wrong'), from: 'no-reply@beabro.app' });
    const before = smtp.received.length;
    await expect(
      transport.send({
        id: '5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a02',
        kind: 'test',
        to: 'maya@example.com',
        replyTo: null,
        subject: 'S',
        text: 'T',
        html: null,
        listUnsubscribe: null,
        createdAt: new Date(),
      }),
    ).rejects.toThrow(/Invalid login|Invalid username or password/);
    await transport.close();
    expect(smtp.received.length).toBe(before);
  });

  it('is what the sender delivers the outbox through', async () => {
    await enqueueEmail(database.db, {
      kind: 'test',
      dedupeKey: 'smtp-test:1',
      to: 'Bro@Example.com',
      subject: 'Queued through the outbox',
      text: 'Hello from the outbox.',
    });
    const transport = createSmtpMailTransport({ url: url(), from: 'no-reply@beabro.app' });
    const now = new Date(Date.now() + 1_000);
    expect(await deliverDueEmails(database.db, transport, now)).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    await transport.close();
    const message = smtp.received.at(-1);
    expect(message?.to).toEqual(['bro@example.com']);
    expect(message?.raw).toMatch(/^Subject: Queued through the outbox\r$/m);
    expect(message?.raw).toContain('Hello from the outbox.');
    expect(message?.raw).not.toMatch(/^List-Unsubscribe/im);
    const [row] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, 'smtp-test:1'));
    expect(row?.sentAt).toEqual(now);
  });

  it('sends the unsubscribe headers an outbox email was queued with (RFC 2369 and RFC 8058)', async () => {
    const unsubscribe = 'https://beabro.test/subscriptions/unsubscribe?token=abc.def';
    await enqueueEmail(database.db, {
      kind: 'test',
      dedupeKey: 'smtp-test:unsubscribe',
      to: 'reader@example.com',
      subject: 'A post',
      text: 'A new post.',
      listUnsubscribe: { url: unsubscribe, oneClick: true },
    });
    const transport = createSmtpMailTransport({ url: url(), from: 'no-reply@beabro.app' });
    const now = new Date(Date.now() + 1_000);
    expect(await deliverDueEmails(database.db, transport, now)).toEqual({ sent: 1, retrying: 0, gaveUp: 0 });
    await transport.close();
    // Unfolded: a long header may go on over several lines (RFC 5322 folding).
    const raw = (smtp.received.at(-1)?.raw ?? '').replace(/\r\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe: <https:\/\/beabro\.test\/subscriptions\/unsubscribe\?token=abc\.def>\r$/m);
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
  });
});
