import { within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { createQueryClient } from '@beabro/shared/ui/app-providers';
import { hydrateInBrowser, renderOnServer } from '@beabro/shared/testing/server-render';
import { fakeSubscription } from '../testing/fake-data';
import { json, mockApi } from '@beabro/shared/testing/msw';
import SubscriptionLink, { prefetch } from './cancel-link';

// The browser's first render of the server-rendered /subscriptions/cancel must print exactly the server's HTML
// (dates are written in UTC on both sides for that).

const routes = (
  <Routes>
    <Route path="/subscriptions/cancel" element={<SubscriptionLink basePath="/subscriptions/cancel" />} />
  </Routes>
);

describe('hydrating the server-rendered /subscriptions/cancel', () => {
  it('hydrates an active support without a mismatch or a second request', async () => {
    const api = mockApi({
      'GET /api/subscriptions/cancel-by-link': () =>
        json(200, { subscription: fakeSubscription({ nextChargeAt: '2026-12-31T23:30:00.000Z' }) }),
    });
    const url = '/subscriptions/cancel?token=tok.sig';
    const queryClient = createQueryClient();
    await prefetch({ params: {}, searchParams: new URLSearchParams('token=tok.sig'), queryClient });
    const html = renderOnServer(routes, { url, queryClient });

    const { container, problems } = await hydrateInBrowser(routes, { url, queryClient, html });

    expect(problems).toEqual([]);
    expect(within(container).getByText(/The next charge is on December 31, 2026\./)).toBeInTheDocument();
    expect(within(container).getByRole('button', { name: 'Pause my monthly support' })).toBeEnabled();
    expect(api.callsTo('GET /api/subscriptions/cancel-by-link')).toHaveLength(1);
  });
});
