import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('says the page was not found, in the page and in the tab title', async () => {
    renderWithProviders(<NotFoundPage />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found - Be a Bro'));
  });
});
