import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { mockApi } from '@beabro/shared/testing/msw';
import { sampleDashboard, sampleProfile } from '../../../testing/sample-data';
import { PrivacyTab } from './privacy-tab';

describe('PrivacyTab', () => {
  it('previews what the public sees with the real figures as the switches move', async () => {
    mockApi({ 'GET /api/creator/dashboard': { body: sampleDashboard() } });
    const user = userEvent.setup();
    renderWithProviders(<PrivacyTab profile={sampleProfile()} />);
    const preview = screen.getByRole('heading', { name: 'Preview: what visitors see' }).parentElement as HTMLElement;
    const row = (label: string) => within(preview).getByText(label).parentElement as HTMLElement;
    expect(row('Total Earned')).toHaveTextContent('Hidden');
    expect(await within(preview).findByText('11')).toBeInTheDocument();
    expect(row('Goal: New streaming setup')).toHaveTextContent('Target $2,000, progress hidden');
    expect(row('Goal: New streaming setup')).not.toHaveTextContent('%');

    await user.click(screen.getByRole('switch', { name: /Show earnings/ }));
    expect(row('Total Earned')).toHaveTextContent('$298.00');
    expect(row('This Month')).toHaveTextContent('$153.00');
    expect(row('Goal: New streaming setup')).toHaveTextContent('$298 of $2,000 (15%)');

    await user.click(screen.getByRole('switch', { name: /Show supporter count/ }));
    expect(row('Supporters')).toHaveTextContent('Hidden');
    await user.click(screen.getByRole('switch', { name: /Allow messages/ }));
    expect(row('Supporter messages')).toHaveTextContent('Hidden');
  });

  it('saves the three switches and confirms', async () => {
    const api = mockApi({
      'GET /api/creator/dashboard': { body: sampleDashboard() },
      'PATCH /api/creator-profile': {
        body: {
          profile: sampleProfile({ privacy: { showEarnings: true, showSupporterCount: true, allowMessages: true } }),
        },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<PrivacyTab profile={sampleProfile()} />);
    await user.click(screen.getByRole('switch', { name: /Show earnings/ }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Privacy settings saved.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/creator-profile')[0]?.body).toEqual({
      showEarnings: true,
      showSupporterCount: true,
      allowMessages: true,
    });
  });
});
