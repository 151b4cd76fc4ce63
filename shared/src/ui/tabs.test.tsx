import { render, screen } from '@testing-library/react';
import { ThemeProvider } from '@emotion/react';
import { theme } from '@beabro/shared/theme/theme';
import { Tabs } from '@beabro/shared/ui/tabs';

const ITEMS = [
  { key: 'profile', label: 'Profile' },
  { key: 'support', label: 'Support Settings' },
  { key: 'notifications', label: 'Notifications' },
  { key: 'privacy', label: 'Privacy' },
  { key: 'account', label: 'Account' },
] as const;

describe('Tabs', () => {
  it('wraps a horizontal strip onto more rows instead of cutting it off on a narrow screen', () => {
    render(
      <ThemeProvider theme={theme}>
        <Tabs label="Settings sections" items={ITEMS} active="profile" onChange={() => {}}>
          <p>Panel</p>
        </Tabs>
      </ThemeProvider>,
    );
    const strip = screen.getByRole('tablist', { name: 'Settings sections' });
    expect(strip).toHaveStyle({ flexWrap: 'wrap' });
    expect(strip).not.toHaveStyle({ overflowX: 'auto' });
    expect(screen.getAllByRole('tab')).toHaveLength(5);
  });
});
