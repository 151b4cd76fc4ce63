import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, jobRuns } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';

const TOKEN = 'metrics-token-0123456789-abcdefghijkl';

describe('operations: request ids, readiness and metrics', () => {
  let t: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    plain = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
  });

  it('answers every request with its id, a safe one from the proxy kept, anything else replaced', async () => {
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-0123456789abcdef' } });
    expect(kept.headers['x-request-id']).toBe('lb-0123456789abcdef');
    const forged = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'x\n{"level":60}' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const none = await t.app.inject({ url: '/api/nothing-here' });
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is ready while the database answers', async () => {
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('says not ready, with a 503, when the database does not answer', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const res = await broken.app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'unavailable' });
    } finally {
      await broken.app.close();
    }
  });

  it('has no /metrics without METRICS_TOKEN', async () => {
    const res = await plain.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).not.toBe(200);
    expect(res.body).not.toContain('beabro_http_requests_total');
  });

  it('refuses /metrics without the token, or with a wrong one', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('Bearer');
  });

  it('counts requests by route pattern, never by the URL, and reads the queues and jobs from the database', async () => {
    const db = t.database.db;
    await t.app.inject({ url: '/api/creators/someone-secret-name' });
    const asOf = new Date();
    const [failedRun] = await db
      .insert(jobRuns)
      .values({ name: 'renewals', status: 'failed', asOf, finishedAt: asOf, error: 'boom' })
      .returning();
    const [partialRun] = await db
      .insert(jobRuns)
      .values({
        name: 'recover-payments',
        status: 'succeeded',
        asOf,
        finishedAt: asOf,
        summary: { recovered: 3, checkoutErrors: 1, refundErrors: 1 },
      })
      .returning();
    const [email] = await db
      .insert(emailOutbox)
      .values({
        kind: 'test',
        dedupeKey: `metrics-${asOf.getTime()}`,
        toAddress: 'a@b.test',
        subject: 's',
        textBody: 't',
      })
      .returning();
    try {
      const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/plain');
      expect(res.body).toMatch(
        /beabro_http_requests_total\{method="GET",route="\/api\/creators\/:username",status="\dxx"\} \d+/,
      );
      expect(res.body).not.toContain('someone-secret-name');
      expect(res.body).toMatch(/^beabro_email_outbox_pending [1-9]\d*$/m);
      expect(res.body).toMatch(/^beabro_job_last_run_failed\{job="renewals"\} 1$/m);
      expect(res.body).toMatch(/^beabro_job_last_run_item_errors\{job="recover-payments"\} 2$/m);
      expect(res.body).toMatch(/^beabro_payment_attempts_pending\{purpose="checkout"\} \d+$/m);
      expect(res.body).toContain('beabro_process_resident_memory_bytes');
    } finally {
      if (email) await db.delete(emailOutbox).where(eq(emailOutbox.id, email.id));
      if (failedRun) await db.delete(jobRuns).where(eq(jobRuns.id, failedRun.id));
      if (partialRun) await db.delete(jobRuns).where(eq(jobRuns.id, partialRun.id));
    }
  });
});
