import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactRequests, emailOutbox } from '../../db/schema';
import { createTestApp, fakeUser, type TestApp } from '../../testing/test-app';
import { HELP_CONTACT_CONFIRMATION_EMAIL_KIND, HELP_CONTACT_EMAIL_KIND } from '../email/email-outbox-repository';
import { deliverDueEmails } from '../email/email-sender';
import type { MailMessage, MailTransport } from '../email/mail-transport';
import { CONTACT_CONFIRMATIONS_PER_ADDRESS, CONTACT_LIMIT_PER_IP } from './help-contact-service';
import { NO_EMAIL, outboxHtml } from '../../testing/outbox-html';

let t: TestApp;
beforeAll(async () => {
  // createTestApp sets SUPPORT_EMAIL=help@beabro.test.
  t = await createTestApp({ EMAIL_SENDER_ENABLED: 'false' });
});
afterAll(() => t.close());

const supportEmails = () =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, HELP_CONTACT_EMAIL_KIND));
const confirmations = () =>
  t.database.db.select().from(emailOutbox).where(eq(emailOutbox.kind, HELP_CONTACT_CONFIRMATION_EMAIL_KIND));
const body = (extra: Record<string, unknown> = {}) => ({
  name: 'Jamie <Doe>',
  email: 'Jamie@Example.com',
  topic: 'payments',
  message: 'My payout has not arrived this week.',
  ...extra,
});

describe('help contact email', () => {
  it('queues the request to SUPPORT_EMAIL with it, replying to the requester', async () => {
    const res = await t.client().post('/api/help/contact', body());
    expect(res.statusCode).toBe(201);
    const emails = await supportEmails();
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email).toMatchObject({
      toAddress: 'help@beabro.test',
      subject: '[Help] Payments and payouts: Jamie <Doe>',
      dedupeKey: `${HELP_CONTACT_EMAIL_KIND}:${res.json().id}`,
    });
    expect(email?.textBody).toContain('From: Jamie <Doe> <jamie@example.com>');
    expect(email?.textBody).toContain('Sent by a visitor who was not signed in.');
    expect(email?.textBody).toContain('My payout has not arrived this week.');
    expect(await outboxHtml(email ?? NO_EMAIL)).toContain('Jamie &lt;Doe&gt;');

    const delivered: MailMessage[] = [];
    const transport: MailTransport = {
      name: 'development',
      send: async (m) => void delivered.push(m),
      close: async () => {},
    };
    await deliverDueEmails(t.database.db, transport, new Date(Date.now() + 1_000));
    expect(delivered.find((m) => m.id === email?.id)).toMatchObject({
      to: 'help@beabro.test',
      replyTo: 'jamie@example.com',
    });

    const shown = await t.client().get(`/api/dev/mailbox/${email?.id}`);
    expect(shown.json().replyTo).toBe('jamie@example.com');
  });

  it('confirms to the requester without repeating what they typed', async () => {
    const res = await t
      .client()
      .post('/api/help/contact', body({ name: 'Buy cheap pills', message: 'Visit spam.example for cheap pills now' }));
    expect(res.statusCode).toBe(201);
    const [email] = (await confirmations()).filter((e) => e.dedupeKey.endsWith(res.json().id));
    expect(email).toMatchObject({ toAddress: 'jamie@example.com', subject: 'We received your message' });
    expect(email?.textBody).toContain('"Payments and payouts"');
    expect(email?.textBody).toContain(`Reference: ${res.json().id}`);
    expect(email?.textBody).not.toContain('pills');
  });

  it('names the account when the requester is signed in', async () => {
    const { client, user } = await fakeUser(t);
    const res = await client.post('/api/help/contact', body({ topic: 'account' }));
    const [email] = (await supportEmails()).filter((e) => e.dedupeKey.endsWith(res.json().id));
    expect(email?.textBody).toContain(`Signed in as account ${user.id}.`);
    expect(email?.subject).toBe('[Help] My account: Jamie <Doe>');
  });

  it('queues nothing for a refused request', async () => {
    const before = (await supportEmails()).length;
    const confirmedBefore = (await confirmations()).length;
    expect((await t.client().post('/api/help/contact', body({ message: 'short' }))).statusCode).toBe(400);
    const client = t.client();
    // Each from its own address: confirmations have their own limit per address.
    for (let i = 0; i < CONTACT_LIMIT_PER_IP.limit; i++)
      await client.post('/api/help/contact', body({ email: `refused-${i}-${Date.now()}@example.com` }));
    expect((await client.post('/api/help/contact', body())).statusCode).toBe(429);
    expect((await supportEmails()).length).toBe(before + CONTACT_LIMIT_PER_IP.limit);
    expect((await confirmations()).length).toBe(confirmedBefore + CONTACT_LIMIT_PER_IP.limit);
  });

  it('confirms at most three requests a day to one address, whatever its case; the requests still reach support', async () => {
    const address = `Often-${Date.now()}@Example.com`;
    const toAddress = (rows: Array<{ toAddress: string }>) =>
      rows.filter((row) => row.toAddress === address.toLowerCase());
    const supportBefore = (await supportEmails()).length;
    const sent = [];
    for (const email of [address, address.toUpperCase(), address.toLowerCase(), address]) {
      const res = await t.client().post('/api/help/contact', body({ email }));
      expect(res.statusCode, res.body).toBe(201);
      sent.push(res.json().id as string);
    }
    expect(toAddress(await confirmations())).toHaveLength(CONTACT_CONFIRMATIONS_PER_ADDRESS.limit);
    expect((await supportEmails()).length).toBe(supportBefore + sent.length);
    const stored = await t.database.db.select().from(contactRequests).where(inArray(contactRequests.id, sent));
    expect(stored).toHaveLength(sent.length);
  });

  it('counts plus-aliases and Gmail’s dots as the same mailbox', async () => {
    const user = `often${Date.now()}`;
    const aliases = [
      `${user}@gmail.com`,
      `${user}+a@gmail.com`,
      `${user.slice(0, 3)}.${user.slice(3)}+b@GoogleMail.com`,
      `${user}+c@gmail.com`,
      `${user}+d@Gmail.com`,
    ];
    for (const email of aliases) {
      const res = await t.client().post('/api/help/contact', body({ email }));
      expect(res.statusCode, res.body).toBe(201);
    }
    const toAliases = (await confirmations()).filter((row) =>
      aliases.map((a) => a.toLowerCase()).includes(row.toAddress),
    );
    expect(toAliases).toHaveLength(CONTACT_CONFIRMATIONS_PER_ADDRESS.limit);
  });
});
