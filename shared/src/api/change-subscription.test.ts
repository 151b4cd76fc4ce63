import { ApiError } from '@beabro/shared/api/api-client';
import { changeSubscription, changeSubscriptionByLink } from '@beabro/shared/api/change-subscription';
import { lastCall, SAMPLE_SUBSCRIPTION, stubFetch } from '@beabro/shared/api/money-test-fixtures';
import { SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';

afterEach(() => vi.unstubAllGlobals());

const changed = { ...SAMPLE_SUBSCRIPTION, amountCents: 5_000, tierPosition: 3 };

describe('change calls', () => {
  it('changeSubscription POSTs the amount and tier to /api/subscriptions/:id/change', async () => {
    const fetchMock = stubFetch(200, { subscription: changed });
    await expect(changeSubscription(SAMPLE_SUBSCRIPTION.id, { amount: 50, tierPosition: 3 })).resolves.toEqual(changed);
    expect(lastCall(fetchMock).url).toBe(`/api/subscriptions/${SAMPLE_SUBSCRIPTION.id}/change`);
    expect(lastCall(fetchMock).init.method).toBe('POST');
    expect(JSON.parse(String(lastCall(fetchMock).init.body))).toEqual({ amount: 50, tierPosition: 3 });
  });

  it('changeSubscriptionByLink sends the token with the change', async () => {
    const fetchMock = stubFetch(200, { subscription: changed });
    await changeSubscriptionByLink('tok', { amount: '12', tierPosition: null });
    expect(lastCall(fetchMock).url).toBe('/api/subscriptions/change-by-link');
    expect(JSON.parse(String(lastCall(fetchMock).init.body))).toEqual({
      token: 'tok',
      amount: '12',
      tierPosition: null,
    });
  });

  it('a refusal arrives as an ApiError with the field messages', async () => {
    stubFetch(400, { message: 'Too low', fieldErrors: { amount: 'Too low' } });
    const error = await changeSubscription(SAMPLE_SUBSCRIPTION.id, { amount: 1, tierPosition: null }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, fieldErrors: { amount: 'Too low' } });
    stubFetch(409, { message: SUBSCRIPTION_MESSAGES.changeEnded });
    await expect(changeSubscription(SAMPLE_SUBSCRIPTION.id, { amount: 9, tierPosition: null })).rejects.toMatchObject({
      status: 409,
      message: SUBSCRIPTION_MESSAGES.changeEnded,
    });
  });
});
