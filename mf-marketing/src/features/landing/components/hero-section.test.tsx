import { screen } from '@testing-library/react';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { HeroSection } from './hero-section';

describe('HeroSection', () => {
  it('offers both calls to action with their exact labels and destinations', () => {
    renderWithProviders(<HeroSection />);

    expect(screen.getByRole('link', { name: 'Start Getting Supported' })).toHaveAttribute('href', '/create');
    expect(screen.getByRole('link', { name: 'Be a Bro - Support Someone' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&role=supporter',
    );
  });

  it('is a region named by the page heading', () => {
    renderWithProviders(<HeroSection />);

    const heading = screen.getByRole('heading', { level: 1 });
    expect(screen.getByRole('region', { name: heading.textContent ?? '' })).toContainElement(heading);
  });

  it('keeps the decorative support page preview away from assistive technology', () => {
    renderWithProviders(<HeroSection />);

    expect(screen.queryByText('Support with $25/month')).not.toBeNull();
    expect(screen.queryByRole('link', { name: /support with/i })).toBeNull();
    expect(screen.getByText('Support with $25/month').closest('[aria-hidden="true"]')).not.toBeNull();
  });
});
