import { within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { createQueryClient } from '@beabro/shared/ui/app-providers';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { hydrateInBrowser, renderOnServer } from '@beabro/shared/testing/server-render';
import HelpArea, { prefetch } from './help';

// The browser's first render of a server-rendered page must print exactly the server's HTML.

const SUPPORT_EMAIL = 'help@beabro.example';

const routes = (
  <Routes>
    <Route path="/help" element={<HelpArea basePath="/help" />} />
  </Routes>
);

beforeEach(() => {
  useSessionStore.setState({ status: 'signed-out', user: null });
  mockApi({ 'GET /api/site-config': json(200, { supportEmail: SUPPORT_EMAIL }) });
});

describe('hydrating the server-rendered help centre', () => {
  it('hydrates a search and category from the address without a mismatch', async () => {
    const url = '/help?q=fee&category=pricing';
    const queryClient = createQueryClient();
    await prefetch({ params: {}, searchParams: new URLSearchParams('q=fee&category=pricing'), queryClient });
    const html = renderOnServer(routes, { url, queryClient });

    const { container, problems } = await hydrateInBrowser(routes, { url, queryClient, html });

    expect(problems).toEqual([]);
    expect(within(container).getByLabelText('Search help articles')).toHaveValue('fee');
    expect(within(container).getByText(SUPPORT_EMAIL)).toBeInTheDocument();
  });
});
