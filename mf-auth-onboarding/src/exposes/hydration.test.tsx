import { within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { createQueryClient } from '@beabro/shared/ui/app-providers';
import { mockApi } from '@beabro/shared/testing/msw';
import { hydrateInBrowser, renderOnServer } from '@beabro/shared/testing/server-render';
import VerifyEmail, { prefetch } from './verify-email';

// The browser's first render of the server-rendered /verify-email must print exactly the server's HTML.

const routes = (
  <Routes>
    <Route path="/verify-email" element={<VerifyEmail basePath="/verify-email" />} />
  </Routes>
);

describe('hydrating the server-rendered /verify-email', () => {
  it('hydrates a ready link without a mismatch or a second request', async () => {
    const { calls } = mockApi({
      'GET /api/auth/verify-email': {
        status: 200,
        body: { state: 'ready', email: 'vera@example.com', signedInAsOther: false },
      },
    });
    const url = '/verify-email?token=tok_123';
    const queryClient = createQueryClient();
    await prefetch({ params: {}, searchParams: new URLSearchParams('token=tok_123'), queryClient });
    const html = renderOnServer(routes, { url, queryClient });

    const { container, problems } = await hydrateInBrowser(routes, { url, queryClient, html });

    expect(problems).toEqual([]);
    expect(within(container).getByRole('button', { name: 'Verify my email' })).toBeEnabled();
    expect(calls.filter((call) => call.path.startsWith('/api/auth/verify-email'))).toHaveLength(1);
  });
});
