import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { fakeCreator } from '../creator-profile/fake-creator';
import { PAYOUT_ACCOUNT_MESSAGES } from './payout-accounts-service';

/* With the sandbox there is no account to connect: the dashboard and Settings show what they always did. */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`GET /api/creator/payout-account with the sandbox (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('says no connection is needed, with no terms, account or Stripe payouts', async () => {
    const creator = await fakeCreator(t, { country: 'AU' });
    const res = await creator.client.get('/api/creator/payout-account');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      capabilities: { cardField: 'sandbox-frame', connectedAccounts: false },
      payoutTerms: null,
      account: null,
    });
  });

  it('refuses an onboarding link, and leaves the payout country free to change', async () => {
    const creator = await fakeCreator(t, { country: 'AU' });
    const link = await creator.client.post('/api/creator/payout-account/onboarding-link');
    expect(link.statusCode).toBe(409);
    expect(link.json().message).toBe(PAYOUT_ACCOUNT_MESSAGES.sandbox);
    const moved = await creator.client.patch('/api/creator-profile', { country: 'GB' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().profile.country).toBe('GB');
  });

  it('asks a visitor to sign in', async () => {
    expect((await t.client().get('/api/creator/payout-account')).statusCode).toBe(401);
  });
});
