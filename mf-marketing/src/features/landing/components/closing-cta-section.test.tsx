import { screen } from '@testing-library/react';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { ClosingCtaSection } from './closing-cta-section';

describe('ClosingCtaSection', () => {
  it('closes with calls to create a page and to sign up as a supporter', () => {
    renderWithProviders(<ClosingCtaSection />);

    expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your Support Page' })).toHaveAttribute('href', '/create');
    expect(screen.getByRole('link', { name: 'Support Someone as a Bro' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&role=supporter',
    );
  });
});
