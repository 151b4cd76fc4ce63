import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { ExampleMissionsSection } from './example-missions-section';

function exampleCards() {
  const region = screen.getByRole('region', { name: 'How mission builders use Be a Bro' });
  // The outer list holds the cards; each card has its own small list of support types.
  const outerList = within(region).getAllByRole('list')[0];
  if (!outerList) throw new Error('missing list of examples');
  return within(outerList)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === outerList);
}

describe('ExampleMissionsSection', () => {
  it('shows three examples, each clearly marked as an example', () => {
    renderWithProviders(<ExampleMissionsSection />);

    const cards = exampleCards();
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(within(card).getByText('Example')).toBeInTheDocument();
      expect(within(card).getByRole('heading', { level: 3 })).toBeInTheDocument();
      expect(card).toHaveTextContent(/one-off/i);
      expect(card).toHaveTextContent(/monthly/i);
    }
  });

  it('gives each example a persona name and creator type', () => {
    renderWithProviders(<ExampleMissionsSection />);

    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Maya',
      'Daniel',
      'Amara',
    ]);
    expect(screen.getByText('Artist/Creative')).toBeInTheDocument();
    expect(screen.getByText('Educator/Teacher')).toBeInTheDocument();
    expect(screen.getByText('Nonprofit/Social Impact')).toBeInTheDocument();
  });

  it('does not dress the examples up as reviews', () => {
    const { container } = renderWithProviders(<ExampleMissionsSection />);

    expect(container).not.toHaveTextContent(/★|⭐|\d(\.\d)? ?\/ ?5|stars?\b/i);
    expect(container.querySelector('blockquote, img')).toBeNull();
    expect(screen.getByText(/illustrative examples, not real Be a Bro users/)).toBeInTheDocument();
  });
});
