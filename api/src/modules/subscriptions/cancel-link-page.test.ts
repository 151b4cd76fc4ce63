import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { resolveAppSecret } from '../../config/env';
import { subscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkoutBody, postCheckout } from '../checkout/checkout-test-factories';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { signCancelToken } from './cancel-link';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function monthlySupportToken() {
  const creator = await fakeCreator(t.database.db, { displayName: 'Green <Streets>' });
  const res = await postCheckout(t.client(), creator.username, checkoutBody({ isRecurring: true, amount: 15 }));
  expect(res.statusCode).toBe(201);
  const id = res.json().receipt.subscriptionId as string;
  return { id, token: signCancelToken(resolveAppSecret(t.app.config), id) };
}

describe('GET /subscriptions/cancel (the page behind the receipt link)', () => {
  it('describes the monthly support and offers the cancel button, without cancelling anything by itself', async () => {
    const { id, token } = await monthlySupportToken();
    const page = await t.client().get(`/subscriptions/cancel?token=${encodeURIComponent(token)}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('$15.00/month');
    expect(page.body).toContain('Green &lt;Streets&gt;');
    expect(page.body).toContain('Cancel my monthly support');
    expect(page.body).not.toContain(token);
    const [row] = await t.database.db.select({ cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd }).from(subscriptions).where(eq(subscriptions.id, id));
    expect(row?.cancelAtPeriodEnd).toBe(false);
  });

  it('says so once it is cancelled, with the end date and no button', async () => {
    const { token } = await monthlySupportToken();
    expect((await t.client().post('/api/subscriptions/cancel-by-link', { token })).statusCode).toBe(200);
    const page = await t.client().get(`/subscriptions/cancel?token=${encodeURIComponent(token)}`);
    expect(page.body).toMatch(/is already cancelled\. It ends on [A-Z][a-z]+ \d{1,2}, \d{4}, with no further charge\./);
    expect(page.body).not.toContain('id="cancel"');
  });

  it('refuses a forged or missing token with a clear message', async () => {
    for (const url of ['/subscriptions/cancel?token=forged.token', '/subscriptions/cancel']) {
      const page = await t.client().get(url);
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain(SUBSCRIPTION_MESSAGES.linkInvalid.replace(/'/g, '&#39;').split('.')[0]);
    }
  });
});
