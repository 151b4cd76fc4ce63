import { render, waitFor, type RenderOptions } from '@testing-library/react';
import { expect } from 'vitest';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders, createQueryClient } from '@beabro/shared/ui/app-providers';

/**
 * Renders UI the way the shell would: theme, query client (no retries), toasts and a router at `route`. Returns
 * Testing Library's result and the query client, so a test can wait for a query that renders nothing to settle.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', ...options }: RenderOptions & { route?: string } = {},
) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
    options,
  );
  return { ...result, queryClient };
}

/** Waits (inside act) until no query of the client is fetching (or paused) any more. */
export async function querySettled(queryClient: ReturnType<typeof createQueryClient>): Promise<void> {
  await waitFor(() =>
    expect(
      queryClient
        .getQueryCache()
        .findAll()
        .map((query) => query.state.fetchStatus),
    ).toEqual(expect.not.arrayContaining(['fetching', 'paused'])),
  );
}
