import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { contactRequests, emailOutbox } from '../../db/schema';
import { createTestDatabase } from '../../testing/test-database';
import { enqueueEmail, withdrawUnsentEmails } from './email-outbox';
import { helpContactEmailKey, HELP_CONTACT_EMAIL_KIND } from './email-outbox-repository';
import { CLAIM_LEASE_MS, deliverDueEmails, MAX_DELIVERY_ATTEMPTS, RETRY_DELAYS_MS, retryDelayMs } from './email-sender';
import type { MailMessage, MailTransport } from './mail-transport';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.delete(emailOutbox);
});

/** Records what it was asked to send; fails while `failing` is set; optionally slow. */
function fakeTransport(options: { failing?: boolean; delayMs?: () => number } = {}) {
  const delivered: MailMessage[] = [];
  const transport: MailTransport & { failing: boolean } = {
    name: 'development',
    failing: options.failing ?? false,
    async send(message) {
      if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs?.()));
      if (transport.failing) throw Object.assign(new Error('Connection refused'), { response: '421 try later' });
      delivered.push(message);
    },
    async close() {},
  };
  return { transport, delivered };
}

let counter = 0;
async function queue(overrides: { to?: string; kind?: string; dedupeKey?: string } = {}) {
  const n = ++counter;
  await enqueueEmail(database.db, {
    kind: overrides.kind ?? 'test',
    dedupeKey: overrides.dedupeKey ?? `test:${n}:${Math.random()}`,
    to: overrides.to ?? `Person${n}@Example.com`,
    subject: `Subject ${n}`,
    text: `Body ${n}`,
    content: { heading: `Subject ${n}`, blocks: [`Body ${n}`], reason: 'A test.' },
  });
  const [row] = await database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.subject, `Subject ${n}`));
  if (!row) throw new Error('not queued');
  return row;
}

const rowOf = async (id: string) => (await database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

describe('deliverDueEmails', () => {
  it('delivers every due email once and marks it sent', async () => {
    const a = await queue();
    const b = await queue();
    const now = new Date(Date.now() + 1_000);
    const { transport, delivered } = fakeTransport();
    expect(await deliverDueEmails(database.db, transport, now)).toEqual({ sent: 2, retrying: 0, gaveUp: 0 });
    expect(delivered.map((m) => m.id).sort()).toEqual([a.id, b.id].sort());
    expect(delivered.find((m) => m.id === a.id)).toMatchObject({
      to: a.toAddress,
      subject: a.subject,
      text: a.textBody,
      replyTo: null,
    });
    // The HTML part is rendered by the sender (not when queued) and kept with the sent row.
    expect(a.htmlBody).toBeNull();
    const html = delivered.find((m) => m.id === a.id)?.html;
    expect(html).toContain(`>Body ${a.subject.slice('Subject '.length)}</p>`);
    expect(await rowOf(a.id)).toMatchObject({
      sentAt: now,
      attempts: 1,
      lastError: null,
      failedAt: null,
      htmlBody: html,
    });
    // Nothing is sent twice.
    expect(await deliverDueEmails(database.db, transport, new Date(now.getTime() + CLAIM_LEASE_MS * 10))).toEqual({
      sent: 0,
      retrying: 0,
      gaveUp: 0,
    });
    expect(delivered).toHaveLength(2);
  });

  it('leaves emails that are not due yet alone', async () => {
    const email = await queue();
    const { transport, delivered } = fakeTransport();
    await deliverDueEmails(database.db, transport, new Date(email.nextAttemptAt.getTime() - 1_000));
    expect(delivered).toHaveLength(0);
    expect((await rowOf(email.id))?.attempts).toBe(0);
  });

  it('drains more than one batch in a run', async () => {
    for (let i = 0; i < 7; i++) await queue();
    const { transport, delivered } = fakeTransport();
    expect((await deliverDueEmails(database.db, transport, new Date(Date.now() + 1_000), { batchSize: 3 })).sent).toBe(
      7,
    );
    expect(new Set(delivered.map((m) => m.id)).size).toBe(7);
  });

  it('retries a failed delivery with exponential backoff, keeping the error, then gives up after 8 attempts', async () => {
    const email = await queue();
    const { transport, delivered } = fakeTransport({ failing: true });
    let now = new Date(Date.now() + 1_000);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt++) {
      // Just before it is due again, nothing happens.
      if (attempt > 1) {
        expect(await deliverDueEmails(database.db, transport, new Date(now.getTime() - 1))).toEqual({
          sent: 0,
          retrying: 0,
          gaveUp: 0,
        });
      }
      const report = await deliverDueEmails(database.db, transport, now);
      const row = await rowOf(email.id);
      expect(row?.attempts).toBe(attempt);
      expect(row?.lastError).toBe('Connection refused | 421 try later');
      if (attempt < MAX_DELIVERY_ATTEMPTS) {
        expect(report).toEqual({ sent: 0, retrying: 1, gaveUp: 0 });
        expect(row?.failedAt).toBeNull();
        delays.push((row?.nextAttemptAt.getTime() ?? 0) - now.getTime());
        now = row?.nextAttemptAt ?? now;
      } else {
        expect(report).toEqual({ sent: 0, retrying: 0, gaveUp: 1 });
        expect(row?.failedAt).toEqual(now);
      }
    }
    expect(delays).toEqual([...RETRY_DELAYS_MS]);
    expect(delays.slice(0, 4)).toEqual([60_000, 300_000, 1_800_000, 7_200_000]);
    // Given up: never tried again.
    transport.failing = false;
    expect(await deliverDueEmails(database.db, transport, new Date(now.getTime() + 365 * 86_400_000))).toEqual({
      sent: 0,
      retrying: 0,
      gaveUp: 0,
    });
    expect(delivered).toHaveLength(0);
  });

  it('sends on a later attempt once the transport recovers, clearing the error', async () => {
    const email = await queue();
    const { transport, delivered } = fakeTransport({ failing: true });
    const first = new Date(Date.now() + 1_000);
    await deliverDueEmails(database.db, transport, first);
    transport.failing = false;
    const second = new Date(first.getTime() + retryDelayMs(1));
    expect((await deliverDueEmails(database.db, transport, second)).sent).toBe(1);
    expect(await rowOf(email.id)).toMatchObject({ sentAt: second, attempts: 2, lastError: null });
    expect(delivered).toHaveLength(1);
  });

  it('retries an email whose HTML part cannot be rendered like one that cannot be sent', async () => {
    const [row] = await database.db
      .insert(emailOutbox)
      .values({
        kind: 'test',
        dedupeKey: `test:unrenderable:${Math.random()}`,
        toAddress: 'someone@example.com',
        subject: 'Unrenderable',
        textBody: 'Text',
        content: { heading: 'Bad link', blocks: [], reason: 'A test.', action: { label: 'Go', url: 'javascript:x' } },
      })
      .returning();
    const { transport, delivered } = fakeTransport();
    const now = new Date(Date.now() + 1_000);
    const report = await deliverDueEmails(database.db, transport, now);
    expect(report.retrying).toBeGreaterThanOrEqual(1);
    expect(await rowOf(row?.id ?? '')).toMatchObject({
      sentAt: null,
      attempts: 1,
      lastError: 'email links must be http(s) URLs: javascript:x',
    });
    expect(delivered.find((m) => m.subject === 'Unrenderable')).toBeUndefined();
    await database.db.delete(emailOutbox).where(eq(emailOutbox.id, row?.id ?? ''));
  });

  it('does not hand an email being delivered to another sender, but retries it after the lease if that sender died', async () => {
    const email = await queue();
    const now = new Date(Date.now() + 1_000);
    // A sender that claims and never finishes (it crashed mid-delivery).
    let release: () => void = () => {};
    const stuck: MailTransport = {
      name: 'smtp',
      send: () => new Promise<void>((resolve) => (release = resolve)).then(() => Promise.reject(new Error('crashed'))),
      close: async () => {},
    };
    const crashed = deliverDueEmails(database.db, stuck, now);
    await expect.poll(async () => (await rowOf(email.id))?.attempts).toBe(1);

    const { transport, delivered } = fakeTransport();
    expect((await deliverDueEmails(database.db, transport, new Date(now.getTime() + CLAIM_LEASE_MS - 1))).sent).toBe(0);
    expect((await deliverDueEmails(database.db, transport, new Date(now.getTime() + CLAIM_LEASE_MS))).sent).toBe(1);
    expect(delivered.map((m) => m.id)).toEqual([email.id]);

    // The dead sender's late failure does not undo the newer, successful attempt.
    release();
    await crashed;
    expect(await rowOf(email.id)).toMatchObject({ attempts: 2, lastError: null, failedAt: null });
    expect((await rowOf(email.id))?.sentAt).not.toBeNull();
  });

  it('never delivers one email twice when several senders run at the same time', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 60; i++) ids.add((await queue()).id);
    const now = new Date(Date.now() + 1_000);
    const senders = Array.from({ length: 4 }, () => fakeTransport({ delayMs: () => Math.floor(Math.random() * 5) }));
    const reports = await Promise.all(
      senders.map(({ transport }) => deliverDueEmails(database.db, transport, now, { batchSize: 5 })),
    );
    const deliveredIds = senders.flatMap(({ delivered }) => delivered.map((m) => m.id));
    expect(deliveredIds).toHaveLength(60);
    expect(new Set(deliveredIds)).toEqual(ids);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(60);
    const rows = await database.db.select().from(emailOutbox);
    expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  it('sets Reply-To of a help contact email to the requester', async () => {
    const [request] = await database.db
      .insert(contactRequests)
      .values({ name: 'Jamie', email: 'jamie@example.com', topic: 'payments', message: 'Where is my payout?' })
      .returning();
    if (!request) throw new Error('no contact request');
    await queue({ kind: HELP_CONTACT_EMAIL_KIND, dedupeKey: helpContactEmailKey(request.id), to: 'help@beabro.test' });
    const { transport, delivered } = fakeTransport();
    await deliverDueEmails(database.db, transport, new Date(Date.now() + 1_000));
    expect(delivered[0]).toMatchObject({ to: 'help@beabro.test', replyTo: 'jamie@example.com' });
  });
});

describe('enqueueEmail with sendAt, and withdrawUnsentEmails', () => {
  const email = (key: string, sendAt?: Date) => ({
    kind: 'notice',
    dedupeKey: `notice:${key}:1`,
    to: 'creator@example.com',
    subject: `Notice ${key}`,
    text: 'Body',
    ...(sendAt ? { sendAt } : {}),
  });

  it('holds a delayed email until its time, and withdraws it only while it waits untaken', async () => {
    const now = new Date();
    const later = new Date(now.getTime() + 10 * 60_000);
    await enqueueEmail(database.db, email('waiting', later));
    await enqueueEmail(database.db, email('due'));
    const { transport, delivered } = fakeTransport();
    // (The database's clock stamps an email without sendAt: a second's margin.)
    expect((await deliverDueEmails(database.db, transport, new Date(now.getTime() + 1_000))).sent).toBe(1);
    expect(delivered.map((m) => m.subject)).toEqual(['Notice due']);

    // The one sent is left alone; another kind or another id is not touched.
    expect(await withdrawUnsentEmails(database.db, ['other'], 'waiting', now)).toBe(0);
    expect(await withdrawUnsentEmails(database.db, ['notice'], 'due', now)).toBe(0);
    expect(await withdrawUnsentEmails(database.db, ['notice'], 'waiting', later)).toBe(0);
    expect(await withdrawUnsentEmails(database.db, ['notice'], 'waiting', now)).toBe(1);
    expect((await deliverDueEmails(database.db, transport, new Date(later.getTime() + 1_000))).sent).toBe(0);
  });
});
