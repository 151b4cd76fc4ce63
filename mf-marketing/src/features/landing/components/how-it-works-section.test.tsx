import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { HowItWorksSection } from './how-it-works-section';

describe('HowItWorksSection', () => {
  it('lists the four steps in order', () => {
    renderWithProviders(<HowItWorksSection />);

    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Share your mission',
      'Get your link',
      'Community supports',
      'Keep building',
    ]);
  });

  it('uses an ordered list so the sequence is announced', () => {
    renderWithProviders(<HowItWorksSection />);

    expect(screen.getByRole('list').tagName).toBe('OL');
  });
});
