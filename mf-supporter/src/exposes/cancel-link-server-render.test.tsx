// @vitest-environment node
import { Route, Routes } from 'react-router-dom';
import { prefetchAndRenderOnServer } from '@beabro/shared/testing/server-render';
import { fakeSubscription } from '../testing/fake-data';
import { json, mockApi } from '@beabro/shared/testing/msw';
import SubscriptionLink from './cancel-link';

// A server render of /subscriptions/cancel (with the token in the address or without it) is the page's loading
// state: the token is read in the browser only, and nothing is asked of the API.

const routes = (
  <Routes>
    <Route path="/subscriptions/cancel" element={<SubscriptionLink basePath="/subscriptions/cancel" />} />
  </Routes>
);

describe('server rendering of /subscriptions/cancel', () => {
  it('renders "Checking your link…" under its heading, reading nothing, with or without the token', async () => {
    const api = mockApi({
      'GET /api/subscriptions/cancel-by-link': () => json(200, { subscription: fakeSubscription() }),
    });
    for (const url of ['/subscriptions/cancel?token=tok.sig#card', '/subscriptions/cancel']) {
      const { text, html, embedded } = await prefetchAndRenderOnServer(routes, { url });
      expect(text).toContain('Pause or cancel monthly support');
      expect(text).toContain('Checking your link…');
      expect(text).not.toContain('tok.sig');
      expect(html).not.toContain('<form');
      expect(embedded.queries).toEqual([]);
    }
    expect(api.calls).toEqual([]);
  });
});
