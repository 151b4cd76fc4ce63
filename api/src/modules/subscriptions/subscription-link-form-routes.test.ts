import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveAppSecret } from '../../config/env';
import { subscriptions } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { checkoutBody, payCheckout } from '../checkout/checkout-test-factories';
import { fakeCreator } from '../public-profile/public-profile-test-factories';
import { signCancelToken } from './subscription-link';
import { SUBSCRIPTION_PAUSE_CHANGES } from './subscriptions-service';

// POST /subscriptions/cancel: the cancel-link page's forms when the browser runs no JavaScript. The page itself
// is the site's (/subscriptions/cancel, rendered by mf-supporter); these only act and send the browser back.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ EMAIL_SENDER_ENABLED: 'false' });
});
afterAll(() => t.close());

async function monthlySupportToken() {
  const creator = await fakeCreator(t.database.db);
  const res = await payCheckout(t.client(), creator.username, checkoutBody({ isRecurring: true, amount: 15 }));
  expect(res.statusCode).toBe(200);
  const id = res.json().receipt.subscriptionId as string;
  return { id, token: signCancelToken(resolveAppSecret(t.app.config), id) };
}

const row = async (id: string) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

function form(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/subscriptions/cancel',
    payload: new URLSearchParams(fields).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'null',
      'sec-fetch-site': 'same-origin',
      ...headers,
    },
  });
}

const back = (params: Record<string, string>) => `/subscriptions/cancel?${new URLSearchParams(params).toString()}`;

describe('POST /subscriptions/cancel (the page’s forms, JavaScript off)', () => {
  it('pauses for the months chosen, resumes and cancels, sending the browser back with what was done', async () => {
    const { id, token } = await monthlySupportToken();

    const paused = await form({ token, action: 'pause', months: '2' });
    expect(paused.statusCode).toBe(303);
    expect(paused.headers.location).toBe(back({ token, done: 'pause' }));
    expect(paused.headers['cache-control']).toBe('no-store');
    expect(await row(id)).toMatchObject({ status: 'paused' });
    expect((await row(id))?.pauseResumesAt).not.toBeNull();

    expect((await form({ token, action: 'resume' })).headers.location).toBe(back({ token, done: 'resume' }));
    expect(await row(id)).toMatchObject({ status: 'active', pausedAt: null });

    expect((await form({ token, action: 'pause', months: 'until-resumed' })).headers.location).toBe(
      back({ token, done: 'pause' }),
    );
    expect(await row(id)).toMatchObject({ status: 'paused', pauseResumesAt: null });

    expect((await form({ token, action: 'cancel' })).headers.location).toBe(back({ token, done: 'cancel' }));
    const cancelled = await row(id);
    expect(cancelled?.status === 'canceled' || cancelled?.cancelAtPeriodEnd === true).toBe(true);
  });

  it('a refusal comes back as a message key and the action, never as text', async () => {
    const { token } = await monthlySupportToken();
    expect((await form({ token, action: 'cancel' })).statusCode).toBe(303);
    expect((await form({ token, action: 'pause' })).headers.location).toBe(
      back({ token, action: 'pause', error: 'pauseEnded' }),
    );
    expect((await form({ token: 'forged.token', action: 'cancel' })).headers.location).toBe(
      back({ token: 'forged.token', action: 'cancel', error: 'linkInvalid' }),
    );
    expect((await form({ action: 'cancel' })).headers.location).toBe(
      back({ token: '', action: 'cancel', error: 'linkInvalid' }),
    );
  });

  it('an expired link comes back as linkExpired, and too many pauses as pausesLimited', async () => {
    const ended = await monthlySupportToken();
    await t.database.db
      .update(subscriptions)
      .set({ status: 'canceled', endedAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(subscriptions.id, ended.id));
    expect((await form({ token: ended.token, action: 'cancel' })).headers.location).toBe(
      back({ token: ended.token, action: 'cancel', error: 'linkExpired' }),
    );

    const { token } = await monthlySupportToken();
    const action = (n: number) => (n % 2 === 0 ? 'pause' : 'resume');
    for (let n = 0; n < SUBSCRIPTION_PAUSE_CHANGES.limit; n++)
      expect((await form({ token, action: action(n) })).headers.location).toBe(back({ token, done: action(n) }));
    expect((await form({ token, action: 'pause' })).headers.location).toBe(
      back({ token, action: 'pause', error: 'pausesLimited' }),
    );
  });

  it('refuses a form from another site, and a malformed form, changing nothing', async () => {
    const { id, token } = await monthlySupportToken();
    expect((await form({ token, action: 'cancel' }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await form({ token, action: 'cancel' }, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    const malformed: Array<Record<string, string>> = [
      { token, action: 'delete' },
      { token, action: 'pause', months: '7' },
      { token },
    ];
    for (const fields of malformed) {
      const res = await form(fields);
      expect(res.statusCode).toBe(400);
    }
    expect(await row(id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });
});
