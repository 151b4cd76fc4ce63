import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { LandingPage } from './landing-page';

function headingLevels() {
  return screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
}

describe('LandingPage', () => {
  it('has exactly one h1, and it comes first', () => {
    renderWithProviders(<LandingPage />);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(headingLevels()[0]).toBe(1);
  });

  it('never skips a heading level', () => {
    renderWithProviders(<LandingPage />);

    const levels = headingLevels();
    levels.slice(1).forEach((level, index) => {
      expect(level - (levels[index] ?? 0)).toBeLessThanOrEqual(1);
    });
  });

  it('puts both hero calls to action inside the hero', () => {
    renderWithProviders(<LandingPage />);

    const hero = screen.getByRole('region', { name: screen.getByRole('heading', { level: 1 }).textContent ?? '' });
    expect(within(hero).getByRole('link', { name: 'Start Getting Supported' })).toHaveAttribute('href', '/create');
    expect(within(hero).getByRole('link', { name: 'Be a Bro - Support Someone' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&role=supporter',
    );
  });

  it('presents the sections in order', () => {
    renderWithProviders(<LandingPage />);

    const sectionTitles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(sectionTitles).toEqual([
      'Everything you need to get supported',
      'From idea to supported in four steps',
      'Straightforward by design',
      'How mission builders use Be a Bro',
      'Ready to build with your community behind you?',
    ]);
  });

  it('ends with calls to /create and to supporter sign-up after every other section', () => {
    renderWithProviders(<LandingPage />);

    const links = screen.getAllByRole('link');
    expect(links.slice(-2).map((link) => link.getAttribute('href'))).toEqual([
      '/create',
      '/auth?mode=signup&role=supporter',
    ]);
  });

  it('renders no site header or footer of its own (the shell provides them)', () => {
    renderWithProviders(<LandingPage />);

    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('main')).toBeNull();
  });
});
