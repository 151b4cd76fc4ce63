import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { enqueueEmail } from '../email/email-outbox';
import { deliverDueEmails } from '../email/email-sender';
import type { MailTransport } from '../email/mail-transport';

let t: TestApp;
beforeAll(async () => {
  // A public PUBLIC_URL turns the default off: DEV_MAILBOX=true turns it on explicitly.
  t = await createTestApp({ EMAIL_SENDER_ENABLED: 'false', PUBLIC_URL: 'http://localhost:3000', DEV_MAILBOX: 'true' });
});
afterAll(() => t.close());

const noopTransport: MailTransport = { name: 'development', send: async () => {}, close: async () => {} };

describe('development mailbox (DEV_MAILBOX on)', () => {
  it('lists the outbox newest first as JSON, with delivery state, never cached', async () => {
    const { email } = await fakeUser(t);
    await enqueueEmail(t.database.db, {
      kind: 'test',
      dedupeKey: 'mailbox:later',
      to: 'later@example.com',
      subject: 'Later one',
      text: 'Later',
    });
    const res = await t.client().get('/api/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { messages } = res.json();
    expect(messages[0]).toMatchObject({
      kind: 'test',
      to: 'later@example.com',
      subject: 'Later one',
      sentAt: null,
      failedAt: null,
      attempts: 0,
    });
    expect(messages[1]).toMatchObject({
      kind: 'email-verification',
      to: email,
      subject: 'Verify your email for Be a Bro',
      sentAt: null,
    });
    expect(Date.parse(messages[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(messages[1].createdAt));

    await deliverDueEmails(t.database.db, noopTransport, new Date(Date.now() + 1_000));
    const after = (await t.client().get('/api/dev/mailbox')).json().messages;
    expect(after[0].sentAt).not.toBeNull();
  });

  it('shows one message with its text and HTML; 404 for an unknown id, 400 for something that is not an id', async () => {
    await enqueueEmail(t.database.db, {
      kind: 'test',
      dedupeKey: 'mailbox:one',
      to: 'one@example.com',
      subject: 'One',
      text: 'Text of one',
      content: { heading: 'HTML of one', blocks: [], reason: 'A test.' },
    });
    const [row] = (await t.database.db.select().from(emailOutbox)).filter((r) => r.dedupeKey === 'mailbox:one');
    const res = await t.client().get(`/api/dev/mailbox/${row?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: row?.id,
      to: 'one@example.com',
      subject: 'One',
      text: 'Text of one',
      replyTo: null,
    });
    // Not sent yet: the HTML part is rendered from the stored content to show it.
    expect(res.json().html).toContain('HTML of one');
    const unknown = await t.client().get('/api/dev/mailbox/5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No such message in the development mailbox.' });
    expect((await t.client().get('/api/dev/mailbox/not-an-id')).statusCode).toBe(400);
  });

  it('serves a page listing the messages with a link to each, escaping what the emails say', async () => {
    await enqueueEmail(t.database.db, {
      kind: 'test',
      dedupeKey: 'mailbox:xss',
      to: 'x@example.com',
      subject: '<script>alert(1)</script> & more',
      text: 'x',
    });
    const res = await t.client().get('/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+'/);
    expect(res.body).toContain('<h1>Development mailbox</h1>');
    expect(res.body).not.toContain('<div id="root">');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(res.body).not.toContain('<script>alert(1)');
    const { messages } = (await t.client().get('/api/dev/mailbox')).json();
    for (const m of messages) expect(res.body).toContain(`href="/dev/mailbox/${m.id}"`);
    // Newest first on the page too.
    expect(res.body.indexOf(messages[0].id)).toBeLessThan(res.body.indexOf(messages[1].id));
  });

  it('shows a message page: the HTML part sandboxed in an iframe, the text part with clickable links', async () => {
    const { email } = await fakeUser(t);
    const { messages } = (await t.client().get('/api/dev/mailbox')).json();
    const verification = messages.find((m: { to: string }) => m.to === email);
    const res = await t.client().get(`/dev/mailbox/${verification.id}`);
    expect(res.statusCode).toBe(200);
    const link = /http:\/\/localhost:3000\/verify-email\?token=[A-Za-z0-9_-]+/.exec(res.body)?.[0];
    expect(link).toBeTruthy();
    expect(res.body).toContain(`<a href="${link}">${link}</a>`);
    const iframe = /<iframe title="HTML part of the email" sandbox="([^"]*)" srcdoc="([^"]*)"><\/iframe>/.exec(
      res.body,
    );
    expect(iframe?.[1]).not.toContain('allow-scripts');
    expect(iframe?.[1]).toContain('allow-top-navigation-by-user-activation');
    // The email's HTML is escaped into the attribute and opens its links in the whole tab.
    expect(iframe?.[2]).toContain('&lt;base target=&quot;_top&quot;&gt;');
    expect(iframe?.[2]).toContain(`href=&quot;${link}&quot;`);
    expect(res.body).toContain(`<dd>${email}</dd>`);

    const missing = await t.client().get('/dev/mailbox/5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Message not found');
    expect((await t.client().get('/dev/mailbox/nope')).statusCode).toBe(404);
  });

  it('is left out of the OpenAPI pages but documents its JSON routes', async () => {
    const spec = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/dev/mailbox', '/api/dev/mailbox/{id}']));
    expect(Object.keys(spec.paths)).not.toContain('/dev/mailbox');
  });
});

describe('development mailbox off', () => {
  for (const [label, env] of [
    ['DEV_MAILBOX=false', { DEV_MAILBOX: 'false' }],
    ['SMTP_URL set', { SMTP_URL: 'smtp://127.0.0.1:1' }],
    // Reachable from other machines: every interface (inject's Host localhost:80 allowed by name), a proxy, a public address.
    ['HOST=0.0.0.0', { HOST: '0.0.0.0', ALLOWED_HOSTS: 'localhost:80' }],
    ['TRUST_PROXY set', { TRUST_PROXY: 'true' }],
    ['a public PUBLIC_URL', { PUBLIC_URL: 'https://beabro.test' }],
  ] as const) {
    it(`does not exist with ${label}`, async () => {
      const off = await createTestApp({ EMAIL_SENDER_ENABLED: 'false', ...env });
      try {
        await fakeUser(off);
        const api = await off.client().get('/api/dev/mailbox');
        expect(api.statusCode).toBe(404);
        expect(api.json()).toEqual({ message: 'Not found' });
        expect((await off.client().get('/api/dev/mailbox/5f0c3c1e-9a55-4d1b-8c39-1b2f7b7e9a01')).statusCode).toBe(404);
        // The page path is just another unknown page: the shell, with no mail in it.
        const page = await off.client().get('/dev/mailbox');
        expect(page.body).toContain('<div id="root">');
        expect(page.body).not.toContain('Development mailbox');
      } finally {
        await off.close();
      }
    });
  }
});
