import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { createQueryClient } from '@beabro/shared/ui/app-providers';
import { hydrateInBrowser, renderOnServer } from '@beabro/shared/testing/server-render';
import { fakeSubscription } from '../testing/fake-data';
import { json, mockApi } from '@beabro/shared/testing/msw';
import SubscriptionLink from './cancel-link';

// A page whose server render was its loading state (rendered without the token) hydrates without a mismatch,
// then reads the token from the browser's address and shows the support complete: amount, card, pause, cancel.

const routes = (
  <Routes>
    <Route path="/subscriptions/cancel" element={<SubscriptionLink basePath="/subscriptions/cancel" />} />
  </Routes>
);

describe('hydrating the server-rendered /subscriptions/cancel', () => {
  it('hydrates the loading state, then asks for the support of the token in the address', async () => {
    const api = mockApi({
      'GET /api/subscriptions/cancel-by-link': () => json(200, { subscription: fakeSubscription() }),
    });
    const html = renderOnServer(routes, { url: '/subscriptions/cancel', queryClient: createQueryClient() });
    const { container, problems } = await hydrateInBrowser(routes, {
      url: '/subscriptions/cancel?token=tok.sig',
      queryClient: createQueryClient(),
      html,
    });

    expect(problems).toEqual([]);
    expect(
      await within(container).findByRole('button', { name: 'Pause my monthly support' }, { timeout: 5000 }),
    ).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Replace your card' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel my monthly support' })).toBeEnabled();
    expect(api.callsTo('GET /api/subscriptions/cancel-by-link').map((r) => r.query.get('token'))).toEqual(['tok.sig']);
  });
});
