import { COPYRIGHT_YEAR } from '@beabro/shared/data/defaults';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { SiteFooter } from './site-footer';

describe('SiteFooter', () => {
  it('sends pricing, payouts, privacy, terms, cookie policy and contact into the Help Centre', () => {
    renderWithProviders(<SiteFooter />);
    for (const label of ['Pricing', 'Payouts', 'Privacy', 'Terms', 'Cookie Policy', 'Contact']) {
      expect(screen.getByRole('link', { name: label }).getAttribute('href')).toMatch(/^\/help([?#]|$)/);
    }
  });

  it('opens the legal articles themselves, not a search', () => {
    renderWithProviders(<SiteFooter />);
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/help#privacy-policy');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/help#terms-of-service');
    expect(screen.getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/help#cookie-policy');
  });

  it('shows the current year', () => {
    renderWithProviders(<SiteFooter />);
    expect(screen.getByText(`© ${COPYRIGHT_YEAR} Be a Bro. All rights reserved.`)).toBeInTheDocument();
  });
});
