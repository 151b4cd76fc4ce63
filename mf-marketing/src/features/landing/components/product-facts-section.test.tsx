import { screen } from '@testing-library/react';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { ProductFactsSection } from './product-facts-section';

describe('ProductFactsSection', () => {
  it('shows product facts', () => {
    renderWithProviders(<ProductFactsSection />);

    expect(screen.getByText('95%')).toBeInTheDocument();
    // A $5 support leaves $4.30: the 95% is before the card processing fee, and the page says so.
    expect(screen.getByText(/before card processing \(2\.9% \+ 30¢\)/)).toBeInTheDocument();
    expect(screen.getByText('Weekly')).toBeInTheDocument();
    expect(screen.getByText(/every Tuesday/)).toBeInTheDocument();
    expect(screen.getByText('$0')).toBeInTheDocument();
    expect(screen.getByText(/5 min/)).toBeInTheDocument();
  });

  it('never presents invented activity figures', () => {
    const { container } = renderWithProviders(<ProductFactsSection />);

    expect(container).not.toHaveTextContent(/50k|1000\+|1,000\+|500\+|missions funded/i);
  });
});
