import { within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { createQueryClient } from '@beabro/shared/ui/app-providers';
import { DISCOVER_CREATORS, fakeDiscoverResponse } from '../testing/fake-data';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { hydrateInBrowser, renderOnServer } from '@beabro/shared/testing/server-render';
import Discover, { prefetch } from './discover';

// The browser's first render of a server-rendered page must print exactly the server's HTML.

const routes = (
  <Routes>
    <Route path="/discover" element={<Discover basePath="/discover" />} />
  </Routes>
);

beforeEach(() => useSessionStore.setState({ status: 'signed-out', user: null }));
describe('hydrating the server-rendered /discover', () => {
  it('hydrates a search from the address without a mismatch', async () => {
    const api = mockApi({ 'GET /api/discover': () => json(200, fakeDiscoverResponse(DISCOVER_CREATORS.slice(0, 1))) });
    const url = '/discover?q=pat&sort=newest';
    const queryClient = createQueryClient();
    await prefetch({ params: {}, searchParams: new URLSearchParams('q=pat&sort=newest'), queryClient });
    const html = renderOnServer(routes, { url, queryClient });

    const { container, problems } = await hydrateInBrowser(routes, { url, queryClient, html });

    expect(problems).toEqual([]);
    const page = within(container);
    expect(page.getByLabelText('Search creators')).toHaveValue('pat');
    expect(page.getByRole('article', { name: 'Pixel Pat' })).toBeInTheDocument();
    // The browser uses the embedded answer instead of asking again.
    expect(api.callsTo('GET /api/discover')).toHaveLength(1);
  });
});
