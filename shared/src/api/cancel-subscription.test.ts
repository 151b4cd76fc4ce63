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
import { lastCall, SAMPLE_SUBSCRIPTION, stubFetch } from '@beabro/shared/api/money-test-fixtures';
import { SUBSCRIPTION_MESSAGES } from '@beabro/shared/api-schemas/subscriptions';

afterEach(() => vi.unstubAllGlobals());

const canceled = {
  ...SAMPLE_SUBSCRIPTION,
  cancelAtPeriodEnd: true,
  nextChargeAt: null,
  endsAt: SAMPLE_SUBSCRIPTION.currentPeriodEnd,
};
const token = `${SAMPLE_SUBSCRIPTION.id}.c2lnbmF0dXJl+/=`;

function wrapperFor(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
}

describe('cancel calls', () => {
  it('cancelSubscription POSTs /api/subscriptions/:id/cancel', async () => {
    const fetchMock = stubFetch(200, { subscription: canceled });
    await expect(cancelSubscription(SAMPLE_SUBSCRIPTION.id)).resolves.toEqual(canceled);
    const { url, init } = lastCall(fetchMock);
    expect(url).toBe(`/api/subscriptions/${SAMPLE_SUBSCRIPTION.id}/cancel`);
    expect(init.method).toBe('POST');
  });

  it('the link calls send the token (encoded in the query, in the body for the cancel)', async () => {
    let fetchMock = stubFetch(200, { subscription: SAMPLE_SUBSCRIPTION });
    await expect(getCancelLinkSubscription(token)).resolves.toEqual(SAMPLE_SUBSCRIPTION);
    expect(lastCall(fetchMock).url).toBe(`/api/subscriptions/cancel-by-link?token=${encodeURIComponent(token)}`);
    fetchMock = stubFetch(200, { subscription: canceled });
    await expect(cancelSubscriptionByLink(token)).resolves.toEqual(canceled);
    expect(JSON.parse(String(lastCall(fetchMock).init.body))).toEqual({ token });
  });

  it('a forged link is a 400 with the link message', async () => {
    stubFetch(400, {
      message: SUBSCRIPTION_MESSAGES.linkInvalid,
      fieldErrors: { token: SUBSCRIPTION_MESSAGES.linkInvalid },
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
    stubFetch(200, { subscription: canceled });
    const { result } = renderHook(() => useCancelSubscription(), { wrapper: wrapperFor(queryClient) });
    await act(() => result.current.mutateAsync(SAMPLE_SUBSCRIPTION.id));
    expect(queryClient.getQueryState(supporterDashboardQueryKey)?.isInvalidated).toBe(true);
  });

  it('the confirm page loads what the link cancels, and shows the canceled state after confirming', async () => {
    const queryClient = new QueryClient();
    stubFetch(200, { subscription: SAMPLE_SUBSCRIPTION });
    const described = renderHook(() => useCancelLinkSubscription(token), { wrapper: wrapperFor(queryClient) });
    await waitFor(() => expect(described.result.current.data).toEqual(SAMPLE_SUBSCRIPTION));
    stubFetch(200, { subscription: canceled });
    const cancel = renderHook(() => useCancelSubscriptionByLink(token), { wrapper: wrapperFor(queryClient) });
    await act(() => cancel.result.current.mutateAsync());
    expect(queryClient.getQueryData(cancelLinkQueryKey(token))).toEqual(canceled);
  });
});
