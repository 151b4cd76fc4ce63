import { within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { createQueryClient } from '@beabro/shared/ui/app-providers';
import { hydrateInBrowser, renderOnServer } from '@beabro/shared/testing/server-render';
import { mockApi } from '@beabro/shared/testing/msw';
import PostsUnsubscribe from './posts-unsubscribe';

// /subscriptions/unsubscribe is rendered on the server (an email link opened signed out) and hydrated as is;
// its button works only once the page has hydrated, and nothing is sent before it is pressed.

const routes = (
  <Routes>
    <Route path="/subscriptions/unsubscribe" element={<PostsUnsubscribe basePath="/subscriptions/unsubscribe" />} />
  </Routes>
);

describe('hydrating the server-rendered /subscriptions/unsubscribe', () => {
  it('renders the question with the button, hydrates without a mismatch, and sends nothing', async () => {
    const api = mockApi({});
    const url = '/subscriptions/unsubscribe?token=tok.sig';
    const queryClient = createQueryClient();
    const html = renderOnServer(routes, { url, queryClient });
    expect(html).toContain('Stop these emails');

    const { container, problems } = await hydrateInBrowser(routes, { url, queryClient, html });

    expect(problems).toEqual([]);
    await vi.waitFor(() => expect(within(container).getByRole('button', { name: 'Stop these emails' })).toBeEnabled());
    expect(api.calls).toHaveLength(0);
  });
});
