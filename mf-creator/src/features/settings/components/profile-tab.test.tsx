import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { heldReply, http, HttpResponse, mockApi, server } from '@beabro/shared/testing/msw';
import { sampleProfile } from '../../../testing/sample-data';
import { ProfileTab } from './profile-tab';

describe('ProfileTab', () => {
  it('shows the saved profile: names, the public URL, the bio counter and the social handles', () => {
    mockApi({});
    renderWithProviders(<ProfileTab profile={sampleProfile()} />);
    expect(screen.getByLabelText('Display Name')).toHaveValue('Pixel Pat');
    expect(screen.getByLabelText('Username')).toHaveValue('pixelpat');
    expect(screen.getByText(`${window.location.origin}/pixelpat`)).toBeInTheDocument();
    expect(screen.getByText(/once every 30 days/)).toBeInTheDocument();
    expect(screen.getByText(/Links to your old address keep working/)).toBeInTheDocument();
    expect(screen.getByText('17/200')).toBeInTheDocument();
    expect(screen.getByLabelText('Twitch')).toHaveValue('pixelpat_live');
    expect(
      screen
        .getAllByRole('textbox')
        .filter((input) => input.closest('fieldset')?.textContent?.includes('Social Links')),
    ).toHaveLength(11);
  });

  it('lowercases the username as typed and previews the new address', async () => {
    mockApi({
      'GET /api/usernames/pat_streams/availability': {
        body: { username: 'pat_streams', available: true, message: 'Username is available!' },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfileTab profile={sampleProfile()} />);
    const username = screen.getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'Pat Streams');
    expect(username).toHaveValue('patstreams');
    await user.clear(username);
    await user.type(username, 'Pat_Streams');
    expect(username).toHaveValue('pat_streams');
    expect(screen.getByText(`${window.location.origin}/pat_streams`)).toBeInTheDocument();
    expect(await screen.findByText(/Username is available!/)).toBeInTheDocument();
  });

  it('explains the 30-day rule with the date while the username is locked', () => {
    mockApi({});
    renderWithProviders(
      <ProfileTab profile={sampleProfile({ usernameChangeAvailableAt: '2025-07-05T12:00:00.000Z' })} />,
    );
    expect(screen.getByLabelText('Username')).toHaveAttribute('readonly');
    expect(screen.getByText(/You can change your username again on July 5, 2025\./)).toBeInTheDocument();
  });

  it('counts the bio as it is typed and reports a bio that is too long next to the field', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ProfileTab profile={sampleProfile({ bio: '' })} />);
    const bio = screen.getByLabelText('Bio');
    await user.click(bio);
    await user.paste('x'.repeat(201));
    expect(screen.getByText('201/200')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Bio must be at most 200 characters')).toBeInTheDocument();
    expect(bio).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PATCH', '/api/creator-profile')).toHaveLength(0);
  });

  it('shows a field message for an empty display name and a bad social handle instead of saving', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderWithProviders(<ProfileTab profile={sampleProfile()} />);
    await user.clear(screen.getByLabelText('Display Name'));
    await user.type(screen.getByLabelText('GitHub'), 'not a handle!');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Display name is required')).toBeInTheDocument();
    expect(screen.getByText(/Enter a valid GitHub handle/)).toBeInTheDocument();
    expect(screen.getByText('Please correct the highlighted fields.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Display Name')).toHaveFocus());
    expect(api.calls).toHaveLength(0);
  });

  it('saves with "Saving..." on the button, sends the username only when changed, and confirms', async () => {
    const saved = sampleProfile({ displayName: 'Pat', socialLinks: [] });
    const save = heldReply({ body: { profile: saved } });
    const api = mockApi({ 'PATCH /api/creator-profile': save.handler });
    const user = userEvent.setup();
    renderWithProviders(<ProfileTab profile={sampleProfile()} />);
    await user.clear(screen.getByLabelText('Display Name'));
    await user.type(screen.getByLabelText('Display Name'), 'Pat');
    await user.clear(screen.getByLabelText('Twitch'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    save.release();
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    const [patch] = api.callsTo('PATCH', '/api/creator-profile');
    expect(patch?.body).toMatchObject({
      displayName: 'Pat',
      bio: 'Variety streamer.',
      creatorType: 'creator',
      socialLinks: { twitch: '', youtube: '' },
    });
    expect(patch?.body).not.toHaveProperty('username');
  });

  it('puts the API’s field messages next to the fields and says the save failed', async () => {
    mockApi({
      'GET /api/usernames/taken_name/availability': {
        body: { username: 'taken_name', available: true, message: 'Username is available!' },
      },
      'PATCH /api/creator-profile': {
        status: 400,
        body: { message: 'Username is not available', fieldErrors: { username: 'Username is not available' } },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfileTab profile={sampleProfile()} />);
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'taken_name');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findAllByText('Username is not available')).toHaveLength(2);
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when the network is down', async () => {
    server.use(http.all('*', () => HttpResponse.error()));
    const user = userEvent.setup();
    renderWithProviders(<ProfileTab profile={sampleProfile()} />);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Could not reach Be a Bro. Check your connection and try again.'),
    ).toBeInTheDocument();
  });
});
