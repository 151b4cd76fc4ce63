import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_RECEIVED_MESSAGE } from '@beabro/shared/api-schemas/operator';
import { emailOutbox } from '../../db/schema';
import { fakeSignedInCreator } from '../public-profile/public-profile-test-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fakeOperator } from './operator-test-factories';
import { REPORT_LIMIT_PER_IP } from './reports-service';

let t: TestApp;
let operator: Awaited<ReturnType<typeof fakeOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  operator = await fakeOperator(t);
});
afterAll(() => t.close());
const db = () => t.database.db;

const mailTo = (address: string, kind: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.kind, kind)));

async function openReports() {
  const res = await operator.client.get('/api/operator/reports?status=open');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().reports as Array<{ id: string; username: string; postId: string | null; status: string }>;
}

describe('reports', () => {
  it('a visitor reports a post; hiding it takes it down and emails the reporter and the creator; unhide shows it', async () => {
    const creator = await fakeSignedInCreator(t);
    const { username } = creator.profile;
    const post = await creator.client.post('/api/creator/posts', {
      title: 'Cheap watches',
      bodyMarkdown: 'Buy now.',
      audience: 'everyone',
      publish: true,
    });
    const { id: postId, slug } = post.json().post as { id: string; slug: string };
    const visitor = t.client();
    const sent = await visitor.post('/api/reports', {
      username,
      postId,
      reason: 'spam',
      message: 'Spam links.',
      email: 'Reporter@Example.com',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json()).toEqual({ message: REPORT_RECEIVED_MESSAGE });
    const report = (await openReports()).find((r) => r.postId === postId);
    expect(report).toMatchObject({ username, status: 'open' });
    if (!report) throw new Error('report missing');

    const hidden = await operator.client.post(`/api/operator/reports/${report.id}/resolve`, {
      action: 'hide',
      reason: 'Spam.',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ status: 'hidden', resolvedBy: operator.email, postTitle: 'Cheap watches' });
    expect((await visitor.get(`/api/creators/${username}/posts/${slug}`)).statusCode).toBe(404);
    expect((await visitor.get(`/api/creators/${username}`)).statusCode).toBe(200);
    expect(await mailTo('reporter@example.com', 'report-outcome')).toHaveLength(1);
    expect(await mailTo(creator.email, 'report-action')).toHaveLength(1);
    const twice = await operator.client.post(`/api/operator/reports/${report.id}/resolve`, {
      action: 'dismiss',
      reason: 'Again.',
    });
    expect(twice.statusCode).toBe(409);

    const shown = await operator.client.post(`/api/operator/reports/${report.id}/unhide`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await visitor.get(`/api/creators/${username}/posts/${slug}`)).statusCode).toBe(200);
    const closed = await operator.client.get('/api/operator/reports?status=closed');
    expect((closed.json().reports as Array<{ id: string }>).map((r) => r.id)).toContain(report.id);
  });

  it('hiding a page takes the page down; dismissing emails only the reporter; suspending suspends', async () => {
    const creator = await fakeSignedInCreator(t);
    const { username } = creator.profile;
    const visitor = t.client();
    for (const reason of ['impersonation', 'other', 'scam_or_fraud'])
      expect((await visitor.post('/api/reports', { username, reason })).statusCode).toBe(202);
    const [first, second, third] = (await openReports()).filter((r) => r.username === username);
    if (!first || !second || !third) throw new Error('reports missing');

    const dismissed = await operator.client.post(`/api/operator/reports/${first.id}/resolve`, {
      action: 'dismiss',
      reason: 'Not against the rules.',
    });
    expect(dismissed.json().status).toBe('dismissed');
    expect(await mailTo(creator.email, 'report-action')).toHaveLength(0);

    await operator.client.post(`/api/operator/reports/${second.id}/resolve`, { action: 'hide', reason: 'Fake.' });
    expect((await visitor.get(`/api/creators/${username}`)).statusCode).toBe(404);
    await operator.client.post(`/api/operator/reports/${second.id}/unhide`);
    expect((await visitor.get(`/api/creators/${username}`)).statusCode).toBe(200);

    const suspended = await operator.client.post(`/api/operator/reports/${third.id}/resolve`, {
      action: 'suspend',
      reason: 'Fraud.',
    });
    expect(suspended.json().status).toBe('suspended');
    expect((await creator.client.get('/api/account/suspension')).json().suspension.reason).toBe(
      'Scam or fraud: Fraud.',
    );
    expect((await visitor.get(`/api/creators/${username}`)).statusCode).toBe(404);
  });

  it('refuses unknown pages and bad input with field errors, and limits reports per IP', async () => {
    const creator = await fakeSignedInCreator(t);
    const visitor = t.client();
    const unknown = await visitor.post('/api/reports', { username: 'nobody_at_all_here', reason: 'spam' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().fieldErrors.username).toBeDefined();
    const bad = await visitor.post('/api/reports', { username: creator.profile.username, reason: 'boring' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.reason).toBe('Choose a reason.');
    const limited = t.client();
    const statuses: number[] = [];
    for (let i = 0; i <= REPORT_LIMIT_PER_IP.limit; i++)
      statuses.push(
        (await limited.post('/api/reports', { username: creator.profile.username, reason: 'spam' })).statusCode,
      );
    expect(statuses.slice(0, REPORT_LIMIT_PER_IP.limit).every((s) => s === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
