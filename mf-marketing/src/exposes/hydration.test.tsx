import { within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { createQueryClient } from '@beabro/shared/ui/app-providers';
import { hydrateInBrowser, renderOnServer } from '@beabro/shared/testing/server-render';
import LandingArea from './landing';

// The browser's first render of a server-rendered page must print exactly the server's HTML.

const routes = (
  <Routes>
    <Route path="/" element={<LandingArea basePath="/" />} />
  </Routes>
);

beforeEach(() => useSessionStore.setState({ status: 'signed-out', user: null }));

describe('hydrating the server-rendered landing page', () => {
  it('hydrates without a mismatch', async () => {
    const queryClient = createQueryClient();
    const html = renderOnServer(routes, { url: '/', queryClient });

    const { container, problems } = await hydrateInBrowser(routes, { url: '/', queryClient, html });

    expect(problems).toEqual([]);
    expect(
      within(container).getByRole('heading', {
        level: 1,
        name: 'Get backed by the people who believe in your mission',
      }),
    ).toBeInTheDocument();
  });
});
