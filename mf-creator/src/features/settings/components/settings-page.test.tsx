import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi } from '@beabro/shared/testing/msw';
import { renderArea } from '../../../testing/render-area';
import { sampleDashboard, sampleProfile, sampleUser } from '../../../testing/sample-data';
import { SettingsPage } from './settings-page';

const api = () =>
  mockApi({
    'GET /api/creator-profile': { body: { profile: sampleProfile() } },
    'GET /api/account/notifications': {
      body: { newSupport: true, monthlyReport: false, goalReached: true, supporterMessages: true },
    },
    'GET /api/creator/dashboard': { body: sampleDashboard() },
    'GET /api/auth/me': { body: { user: sampleUser() } },
    'GET /api/creator/webhooks/endpoints': { body: { endpoints: [] } },
  });

describe('SettingsPage', () => {
  it('opens the tab named in the URL, with the six side tabs', async () => {
    api();
    renderArea(<SettingsPage />, { path: '/settings', route: '/settings?tab=privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Settings sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Profile', 'Support Settings', 'Notifications', 'Privacy', 'Integrations', 'Account']);
    expect(within(tabs).getByRole('tab', { name: 'Privacy' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Privacy' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Profile', hidden: true })).not.toBeVisible();
  });

  it('falls back to Profile for an unknown tab', async () => {
    api();
    renderArea(<SettingsPage />, { path: '/settings', route: '/settings?tab=nope' });
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Profile' })).toBeVisible();
  });

  it('puts the chosen tab in the URL and keeps unsaved edits of the other tabs', async () => {
    api();
    const user = userEvent.setup();
    renderArea(<SettingsPage />, { path: '/settings', route: '/settings' });
    const displayName = await screen.findByLabelText('Display Name');
    await user.clear(displayName);
    await user.type(displayName, 'Pat the Streamer');
    await user.click(screen.getByRole('tab', { name: 'Support Settings' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/settings?tab=support');
    expect(screen.getByRole('heading', { level: 2, name: 'Support Settings' })).toBeVisible();
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings$/);
    expect(screen.getByLabelText('Display Name')).toHaveValue('Pat the Streamer');
  });

  it('says so when the settings cannot be loaded, with a retry', async () => {
    mockApi({
      'GET /api/creator-profile': {
        status: 500,
        body: { message: 'Something went wrong on our side. Please try again.' },
      },
    });
    renderArea(<SettingsPage />, { path: '/settings', route: '/settings' });
    expect(await screen.findByText('We could not load your settings.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Profile - Settings - Be a Bro'));
  });

  it('gives a supporter without a creator page Profile, Notifications and Account, and a way to become a creator', async () => {
    const calls = mockApi({
      'GET /api/account/notifications': {
        body: { newSupport: true, monthlyReport: true, goalReached: true, supporterMessages: true, newPosts: true },
      },
      'GET /api/creator-profile': { status: 404, body: { message: 'You have no creator page yet.' } },
      'GET /api/auth/me': {
        body: { user: { ...sampleUser(), username: null, isCreator: false, userType: 'supporter' } },
      },
    });
    renderArea(<SettingsPage />, { path: '/settings', route: '/settings?tab=privacy' });
    const tabs = screen.getByRole('tablist', { name: 'Settings sections' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['Profile', 'Notifications', 'Account']),
    );
    expect(within(tabs).getByRole('tab', { name: 'Account' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: 'Create your mission page' })).toHaveAttribute('href', '/create');
    // Notifications: only the posts switch (no creator-only one), and what is always sent.
    await userEvent.setup().click(within(tabs).getByRole('tab', { name: 'Notifications' }));
    expect(await screen.findByText(/As a supporter you also get a receipt for every support/)).toBeVisible();
    const switches = await screen.findAllByRole('switch');
    expect(switches).toHaveLength(1);
    expect(screen.getByRole('switch', { name: /New posts from creators I support/ })).toBeChecked();
    expect(calls.callsTo('GET', '/api/account/notifications')).toHaveLength(1);
  });

  it('lets a supporter change the name creators see, with the field error from the form and the API', async () => {
    const supporter = { ...sampleUser(), displayName: 'Sam Supporter', username: null, isCreator: false };
    const calls = mockApi({
      'GET /api/creator-profile': { status: 404, body: { message: 'You have no creator page yet.' } },
      'GET /api/auth/me': { body: { user: { ...supporter, userType: 'supporter' } } },
      'PATCH /api/account/profile': ({ body }) => {
        const { displayName } = body as { displayName: string };
        return displayName.startsWith('Taken')
          ? { status: 400, body: { message: 'Name is required', fieldErrors: { displayName: 'Name is required' } } }
          : { body: { user: { ...supporter, userType: 'supporter', displayName: displayName.trim() } } };
      },
    });
    const user = userEvent.setup();
    renderArea(<SettingsPage />, { path: '/settings', route: '/settings' });
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    const name = await screen.findByLabelText('Display Name');
    expect(name).toHaveValue('Sam Supporter');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(calls.callsTo('PATCH', '/api/account/profile')).toHaveLength(0);
    await user.type(name, 'Taken by the API');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    await user.clear(name);
    await user.type(name, 'Sam the Bro ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(calls.callsTo('PATCH', '/api/account/profile').at(-1)?.body).toEqual({ displayName: 'Sam the Bro ' });
    expect(name).toHaveValue('Sam the Bro');
  });
});
