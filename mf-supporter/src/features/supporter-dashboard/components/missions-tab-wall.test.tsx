import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupporterDashboard } from '@beabro/shared/api-schemas/dashboards';
import { fakeDashboard } from '../../../testing/fake-data';
import { json } from '@beabro/shared/testing/msw';
import { renderDashboard } from '../../../testing/render-dashboard';
import { LEAVE_WALL_LABEL } from './wall-membership';

// Role queries are slow in jsdom; a busy machine needs more than the default 5 s for a whole journey.
vi.setConfig({ testTimeout: 20_000 });

describe('My Missions: the supporter wall', () => {
  it('says which walls the supporter is on and leaves one', async () => {
    const user = userEvent.setup();
    const base = fakeDashboard();
    const onWall = (dashboard: SupporterDashboard, username: string, value: boolean): SupporterDashboard => ({
      ...dashboard,
      creators: dashboard.creators.map((c) => (c.username === username ? { ...c, onWall: value } : c)),
    });
    let current = onWall(base, 'pixelpat', true);
    const { api } = renderDashboard({
      dashboard: current,
      route: '/supporter-dashboard?tab=creators',
      routes: {
        'GET /api/supporter/dashboard': () => json(200, current),
        'DELETE /api/supporter/wall/pixelpat': () => {
          current = onWall(current, 'pixelpat', false);
          return json(200, { onWall: false });
        },
      },
    });
    const pat = await screen.findByRole('article', { name: 'Pixel Pat' });
    expect(pat).toHaveTextContent('You are on Pixel Pat’s supporter wall.');
    const maya = screen.getByRole('article', { name: 'Maya Okafor' });
    expect(within(maya).queryByRole('button', { name: /supporter wall/ })).not.toBeInTheDocument();

    await user.click(within(pat).getByRole('button', { name: 'Leave Pixel Pat’s supporter wall' }));
    expect(api.callsTo('DELETE /api/supporter/wall/pixelpat')).toHaveLength(1);
    expect(await within(pat).findByRole('link', { name: 'Support Again' })).toBeInTheDocument();
    await vi.waitFor(() => expect(pat).not.toHaveTextContent('supporter wall'));
    expect(within(pat).queryByText(LEAVE_WALL_LABEL)).not.toBeInTheDocument();
  });

  it('says why leaving failed', async () => {
    const user = userEvent.setup();
    const base = fakeDashboard();
    const current: SupporterDashboard = {
      ...base,
      creators: base.creators.map((c) => (c.username === 'pixelpat' ? { ...c, onWall: true } : c)),
    };
    renderDashboard({
      dashboard: current,
      route: '/supporter-dashboard?tab=creators',
      routes: {
        'GET /api/supporter/dashboard': () => json(200, current),
        'DELETE /api/supporter/wall/pixelpat': () =>
          json(429, { message: 'Too many wall changes at once. Try again in a minute.' }),
      },
    });
    const pat = await screen.findByRole('article', { name: 'Pixel Pat' });
    await user.click(within(pat).getByRole('button', { name: 'Leave Pixel Pat’s supporter wall' }));
    expect(await within(pat).findByRole('alert')).toHaveTextContent(
      'Too many wall changes at once. Try again in a minute.',
    );
  });
});
