import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { ApiError } from '@beabro/shared/api/api-client';
import { getCreatorDashboard, useCreatorDashboard } from '@beabro/shared/api/get-creator-dashboard';
import { getCreatorPayouts, useCreatorPayouts } from '@beabro/shared/api/get-payouts';
import { getSupporterDashboard, useSupporterDashboard } from '@beabro/shared/api/get-supporter-dashboard';
import {
  SAMPLE_CREATOR_DASHBOARD,
  SAMPLE_PAYOUTS,
  SAMPLE_STRIPE_PAYOUTS,
  SAMPLE_SUPPORTER_DASHBOARD,
} from '@beabro/shared/api/money-test-fixtures';
import { json, mockApi } from '@beabro/shared/testing/msw';

const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(
    QueryClientProvider,
    { client: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
    children,
  );

describe('dashboard and payout reads', () => {
  it.each([
    ['/api/creator/dashboard', getCreatorDashboard, SAMPLE_CREATOR_DASHBOARD],
    ['/api/supporter/dashboard', getSupporterDashboard, SAMPLE_SUPPORTER_DASHBOARD],
    ['/api/creator/payouts', getCreatorPayouts, SAMPLE_PAYOUTS],
  ] as const)('GET %s and parse the answer', async (path, call, sample) => {
    const api = mockApi({ [`GET ${path}`]: json(200, sample) });
    await expect((call as () => Promise<unknown>)()).resolves.toEqual(sample);
    expect(api.calls.at(-1)?.path).toBe(path);
  });

  it('parse the payouts answer with Stripe: Stripe’s payouts, without weeks, in the bank’s currency', async () => {
    mockApi({ 'GET /api/creator/payouts': json(200, SAMPLE_STRIPE_PAYOUTS) });
    const answer = await getCreatorPayouts();
    expect(answer).toEqual(SAMPLE_STRIPE_PAYOUTS);
    expect(answer.paidBy).toBe('stripe');
    expect(answer.nextPayout.weekStart).toBeNull();
  });

  it('reject answers that break the schema (a percentage over 100, a negative amount)', async () => {
    mockApi({
      'GET /api/creator/dashboard': json(200, {
        ...SAMPLE_CREATOR_DASHBOARD,
        goal: { ...SAMPLE_CREATOR_DASHBOARD.goal, percent: 140 },
      }),
      'GET /api/supporter/dashboard': json(200, {
        ...SAMPLE_SUPPORTER_DASHBOARD,
        totals: [{ currency: 'usd', totalSupportedCents: -1, thisMonthCents: 0 }],
      }),
    });
    await expect(getCreatorDashboard()).rejects.toThrow();
    await expect(getSupporterDashboard()).rejects.toThrow();
  });

  it.each([
    ['a payer other than the platform or Stripe', { paidBy: 'bank' }],
    ['a currency that is not 3 letters', { payouts: [{ ...SAMPLE_STRIPE_PAYOUTS.payouts[0], currency: 'au' }] }],
    ['a status Stripe payouts do not have', { payouts: [{ ...SAMPLE_STRIPE_PAYOUTS.payouts[0], status: 'pending' }] }],
    ['a payout without an id', { payouts: [{ ...SAMPLE_STRIPE_PAYOUTS.payouts[0], id: '' }] }],
  ])('reject a payouts answer with %s', async (_what, change) => {
    mockApi({ 'GET /api/creator/payouts': json(200, { ...SAMPLE_STRIPE_PAYOUTS, ...change }) });
    await expect(getCreatorPayouts()).rejects.toThrow();
  });

  it('throw the 401 of a visitor', async () => {
    mockApi({ 'GET /api/creator/payouts': json(401, { message: 'Please sign in to continue.' }) });
    await expect(getCreatorPayouts()).rejects.toBeInstanceOf(ApiError);
  });

  it('hooks load the data', async () => {
    mockApi({
      'GET /api/creator/dashboard': json(200, SAMPLE_CREATOR_DASHBOARD),
      'GET /api/supporter/dashboard': json(200, SAMPLE_SUPPORTER_DASHBOARD),
      'GET /api/creator/payouts': json(200, SAMPLE_PAYOUTS),
    });
    const creator = renderHook(() => useCreatorDashboard(), { wrapper });
    await waitFor(() => expect(creator.result.current.data).toEqual(SAMPLE_CREATOR_DASHBOARD));
    const supporter = renderHook(() => useSupporterDashboard(), { wrapper });
    await waitFor(() => expect(supporter.result.current.data).toEqual(SAMPLE_SUPPORTER_DASHBOARD));
    const payouts = renderHook(() => useCreatorPayouts(), { wrapper });
    await waitFor(() => expect(payouts.result.current.data).toEqual(SAMPLE_PAYOUTS));
  });
});
