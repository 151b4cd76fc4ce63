import { ApiError } from '@beabro/shared/api/api-client';
import { pauseSubscription, resumeSubscription } from '@beabro/shared/api/pause-subscription';
import { SAMPLE_SUBSCRIPTION } from '@beabro/shared/api/money-test-fixtures';
import { SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { json, mockApi } from '@beabro/shared/testing/msw';

const PAUSE = `POST /api/subscriptions/${SAMPLE_SUBSCRIPTION.id}/pause`;

const paused = {
  ...SAMPLE_SUBSCRIPTION,
  status: 'paused' as const,
  pausedUntil: '2027-02-21T10:00:00.000Z',
  nextChargeAt: '2027-02-21T10:00:00.000Z',
};

describe('pause calls', () => {
  it('pauseSubscription POSTs the length (null: until resumed) to /api/subscriptions/:id/pause', async () => {
    let api = mockApi({ [PAUSE]: json(200, { subscription: paused }) });
    await expect(pauseSubscription(SAMPLE_SUBSCRIPTION.id, 2)).resolves.toEqual(paused);
    expect(api.calls.at(-1)?.path).toBe(`/api/subscriptions/${SAMPLE_SUBSCRIPTION.id}/pause`);
    expect(api.calls.at(-1)?.method).toBe('POST');
    expect(api.calls.at(-1)?.body).toEqual({ months: 2 });

    api = mockApi({ [PAUSE]: json(200, { subscription: { ...paused, pausedUntil: null, nextChargeAt: null } }) });
    await pauseSubscription(SAMPLE_SUBSCRIPTION.id, null);
    expect(api.calls.at(-1)?.body).toEqual({ months: null });
  });

  it('resumeSubscription POSTs /api/subscriptions/:id/resume', async () => {
    const api = mockApi({
      [`POST /api/subscriptions/${SAMPLE_SUBSCRIPTION.id}/resume`]: json(200, { subscription: SAMPLE_SUBSCRIPTION }),
    });
    await expect(resumeSubscription(SAMPLE_SUBSCRIPTION.id)).resolves.toEqual(SAMPLE_SUBSCRIPTION);
    expect(api.calls.at(-1)?.path).toBe(`/api/subscriptions/${SAMPLE_SUBSCRIPTION.id}/resume`);
  });

  it('a refusal arrives as an ApiError with the API message', async () => {
    mockApi({ [PAUSE]: json(409, { message: SUBSCRIPTION_MESSAGES.pauseEnded }) });
    const error = await pauseSubscription(SAMPLE_SUBSCRIPTION.id, 1).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: SUBSCRIPTION_MESSAGES.pauseEnded });
  });
});
