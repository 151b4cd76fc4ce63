import { ApiError } from '@beabro/shared/api/api-client';
import {
  changeSubscription,
  changeSubscriptionByLink,
  confirmSubscriptionChange,
} from '@beabro/shared/api/change-subscription';
import { SAMPLE_SUBSCRIPTION } from '@beabro/shared/api/money-test-fixtures';
import { SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { json, mockApi } from '@beabro/shared/testing/msw';

const changed = { ...SAMPLE_SUBSCRIPTION, amountCents: 5_000, tierPosition: 3 };
const CHANGE = `POST /api/subscriptions/${SAMPLE_SUBSCRIPTION.id}/change`;

describe('change calls', () => {
  it('changeSubscription POSTs the amount and tier to /api/subscriptions/:id/change', async () => {
    const api = mockApi({ [CHANGE]: json(200, { subscription: changed }) });
    await expect(changeSubscription(SAMPLE_SUBSCRIPTION.id, { amount: 50, tierPosition: 3 })).resolves.toEqual(changed);
    expect(api.calls.at(-1)?.path).toBe(`/api/subscriptions/${SAMPLE_SUBSCRIPTION.id}/change`);
    expect(api.calls.at(-1)?.method).toBe('POST');
    expect(api.calls.at(-1)?.body).toEqual({ amount: 50, tierPosition: 3 });
  });

  it('changeSubscriptionByLink sends the token with the change', async () => {
    const api = mockApi({ 'POST /api/subscriptions/change-by-link': json(200, { subscription: changed }) });
    await expect(changeSubscriptionByLink('tok', { amount: '12', tierPosition: null })).resolves.toEqual({
      kind: 'changed',
      subscription: changed,
    });
    expect(api.calls.at(-1)?.path).toBe('/api/subscriptions/change-by-link');
    expect(api.calls.at(-1)?.body).toEqual({
      token: 'tok',
      amount: '12',
      tierPosition: null,
    });
  });

  it('a raise through the link answers 202: emailed, with the words to show', async () => {
    const message = 'We sent a confirmation link to j***@example.com. The new amount starts once you confirm.';
    mockApi({
      'POST /api/subscriptions/change-by-link': json(202, {
        message,
        pending: {
          amountCents: 9_000,
          currency: 'usd',
          sentTo: 'j***@example.com',
          expiresAt: '2026-12-07T06:00:00.000Z',
        },
      }),
    });
    await expect(changeSubscriptionByLink('tok', { amount: 90, tierPosition: null })).resolves.toEqual({
      kind: 'emailed',
      message,
    });
  });

  it('confirmSubscriptionChange POSTs the emailed token', async () => {
    const api = mockApi({ 'POST /api/subscriptions/change-by-link/confirm': json(200, { subscription: changed }) });
    await expect(confirmSubscriptionChange('emailed-token')).resolves.toEqual(changed);
    expect(api.calls.at(-1)?.body).toEqual({ token: 'emailed-token' });
  });

  it('a refusal arrives as an ApiError with the field messages', async () => {
    mockApi({ [CHANGE]: json(400, { message: 'Too low', fieldErrors: { amount: 'Too low' } }) });
    const error = await changeSubscription(SAMPLE_SUBSCRIPTION.id, { amount: 1, tierPosition: null }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, fieldErrors: { amount: 'Too low' } });
    mockApi({ [CHANGE]: json(409, { message: SUBSCRIPTION_MESSAGES.changeEnded }) });
    await expect(changeSubscription(SAMPLE_SUBSCRIPTION.id, { amount: 9, tierPosition: null })).rejects.toMatchObject({
      status: 409,
      message: SUBSCRIPTION_MESSAGES.changeEnded,
    });
  });
});
