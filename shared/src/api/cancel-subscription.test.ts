import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import {
  cancelLinkQueryKey,
  cancelSubscription,
  cancelSubscriptionByLink,
  getCancelLinkSubscription,
  useCancelLinkSubscription,
  useCancelSubscription,
  useCancelSubscriptionByLink,
} from '@beabro/shared/api/cancel-subscription';
import { supporterDashboardQueryKey } from '@beabro/shared/api/get-supporter-dashboard';
import { SAMPLE_SUBSCRIPTION } from '@beabro/shared/api/money-test-fixtures';
import { SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';
import { json, mockApi } from '@beabro/shared/testing/msw';

const canceled = {
  ...SAMPLE_SUBSCRIPTION,
  cancelAtPeriodEnd: true,
  nextChargeAt: null,
  endsAt: SAMPLE_SUBSCRIPTION.currentPeriodEnd,
};
const token = `${SAMPLE_SUBSCRIPTION.id}.c2lnbmF0dXJl+/=`;
const CANCEL = `POST /api/subscriptions/${SAMPLE_SUBSCRIPTION.id}/cancel`;
const BY_LINK = 'GET /api/subscriptions/cancel-by-link';
const CANCEL_BY_LINK = 'POST /api/subscriptions/cancel-by-link';

function wrapperFor(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
}

describe('cancel calls', () => {
  it('cancelSubscription POSTs /api/subscriptions/:id/cancel', async () => {
    const api = mockApi({ [CANCEL]: json(200, { subscription: canceled }) });
    await expect(cancelSubscription(SAMPLE_SUBSCRIPTION.id)).resolves.toEqual(canceled);
    const call = api.calls.at(-1);
    expect(call?.path).toBe(`/api/subscriptions/${SAMPLE_SUBSCRIPTION.id}/cancel`);
    expect(call?.method).toBe('POST');
  });

  it('the link calls send the token (encoded in the query, in the body for the cancel)', async () => {
    let api = mockApi({ [BY_LINK]: json(200, { subscription: SAMPLE_SUBSCRIPTION }) });
    await expect(getCancelLinkSubscription(token)).resolves.toEqual(SAMPLE_SUBSCRIPTION);
    expect(api.calls.at(-1)?.path).toBe(`/api/subscriptions/cancel-by-link?token=${encodeURIComponent(token)}`);
    api = mockApi({ [CANCEL_BY_LINK]: json(200, { subscription: canceled }) });
    await expect(cancelSubscriptionByLink(token)).resolves.toEqual(canceled);
    expect(api.calls.at(-1)?.body).toEqual({ token });
  });

  it('a forged link is a 400 with the link message', async () => {
    mockApi({
      [CANCEL_BY_LINK]: json(400, {
        message: SUBSCRIPTION_MESSAGES.linkInvalid,
        fieldErrors: { token: SUBSCRIPTION_MESSAGES.linkInvalid },
      }),
    });
    const error = await cancelSubscriptionByLink('forged').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: SUBSCRIPTION_MESSAGES.linkInvalid });
  });
});

describe('cancel hooks', () => {
  it('useCancelSubscription refetches the supporter dashboard', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(supporterDashboardQueryKey, { any: 1 });
    mockApi({ [CANCEL]: json(200, { subscription: canceled }) });
    const { result } = renderHook(() => useCancelSubscription(), { wrapper: wrapperFor(queryClient) });
    await act(() => result.current.mutateAsync(SAMPLE_SUBSCRIPTION.id));
    expect(queryClient.getQueryState(supporterDashboardQueryKey)?.isInvalidated).toBe(true);
  });

  it('the confirm page loads what the link cancels, and shows the canceled state after confirming', async () => {
    const queryClient = new QueryClient();
    mockApi({ [BY_LINK]: json(200, { subscription: SAMPLE_SUBSCRIPTION }) });
    const described = renderHook(() => useCancelLinkSubscription(token), { wrapper: wrapperFor(queryClient) });
    await waitFor(() => expect(described.result.current.data).toEqual(SAMPLE_SUBSCRIPTION));
    mockApi({ [CANCEL_BY_LINK]: json(200, { subscription: canceled }) });
    const cancel = renderHook(() => useCancelSubscriptionByLink(token), { wrapper: wrapperFor(queryClient) });
    await act(() => cancel.result.current.mutateAsync());
    expect(queryClient.getQueryData(cancelLinkQueryKey(token))).toEqual(canceled);
  });
});
