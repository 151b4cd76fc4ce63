import { ACCOUNT_MESSAGES } from '@beabro/shared/api-schemas/account';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { useCurrentUser } from '@beabro/shared/api/get-current-user';
import { PAGE_NOTICES, pageNoticeOf } from '@beabro/shared/contract/page-notice';
import { mockApi } from '@beabro/shared/testing/msw';
import { renderArea } from '../../../testing/render-area';
import { sampleUser } from '../../../testing/sample-data';
import { AccountTab } from './account-tab';

/** Who the shared session query says is signed in (the shell's header and guards read the same query). */
function SessionProbe() {
  const { data } = useCurrentUser();
  const location = useLocation();
  return (
    <>
      <output data-testid="session">{data === undefined ? 'unknown' : (data?.email ?? 'visitor')}</output>
      <output data-testid="notice">{pageNoticeOf(location.state) ?? ''}</output>
    </>
  );
}

const renderAccount = () =>
  renderArea(<AccountTab />, { path: '/settings', route: '/settings?tab=account', outside: <SessionProbe /> });

describe('AccountTab', () => {
  it('shows the email and whether it is verified, and resends the verification link', async () => {
    const api = mockApi({
      'GET /api/auth/me': { body: { user: sampleUser({ emailVerified: false }) } },
      'POST /api/account/email-verification': { body: { sentTo: 'pat@example.com' } },
    });
    const user = userEvent.setup();
    renderAccount();
    expect(await screen.findByText('pat@example.com', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend verification email' }));
    expect(api.callsTo('POST', '/api/account/email-verification')).toHaveLength(1);
  });

  it('changes the email with the current password', async () => {
    const api = mockApi({
      'GET /api/auth/me': { body: { user: sampleUser() } },
      'PATCH /api/account/email': { body: { user: sampleUser({ email: 'new@example.com', emailVerified: false }) } },
    });
    const user = userEvent.setup();
    renderAccount();
    const form = await screen.findByRole('form', { name: 'Change email' });
    await user.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(form).toHaveTextContent('Current password is required');
    await user.type(screen.getByLabelText('New Email'), 'new@example.com');
    await user.type(screen.getByLabelText('Password to Change Email'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(
      await screen.findByText('Email updated to new@example.com. We sent a link there to verify it.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/account/email')[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'my password',
    });
  });

  it('says the address is already the account’s instead of pretending to change it', async () => {
    const api = mockApi({ 'GET /api/auth/me': { body: { user: sampleUser() } } });
    const user = userEvent.setup();
    renderAccount();
    await screen.findByRole('form', { name: 'Change email' });
    await user.type(screen.getByLabelText('New Email'), sampleUser().email.toUpperCase());
    await user.type(screen.getByLabelText('Password to Change Email'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.sameEmail)).toBeInTheDocument();
    expect(screen.queryByText(/Email updated/)).not.toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/account/email')).toHaveLength(0);
  });

  it('labels its three password fields apart', async () => {
    mockApi({ 'GET /api/auth/me': { body: { user: sampleUser() } } });
    renderAccount();
    await screen.findByRole('form', { name: 'Change email' });
    expect(screen.getAllByLabelText('Current Password')).toHaveLength(1);
    expect(screen.getAllByLabelText('Password to Change Email')).toHaveLength(1);
  });

  it('validates the password change with the shared rules, shows the server’s verdict, then updates', async () => {
    let attempts = 0;
    const api = mockApi({
      'GET /api/auth/me': { body: { user: sampleUser() } },
      'PATCH /api/account/password': () =>
        ++attempts === 1
          ? {
              status: 400,
              body: {
                message: 'Current password is incorrect',
                fieldErrors: { currentPassword: 'Current password is incorrect' },
              },
            }
          : { status: 204, delayMs: 100 },
    });
    const user = userEvent.setup();
    renderAccount();
    await screen.findByRole('form', { name: 'Change password' });
    const current = screen.getByLabelText('Current Password');
    await user.type(current, 'old password');
    await user.type(screen.getByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'different');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/account/password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'a new password');
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(
      await screen.findByText('Current password is incorrect', { selector: 'p[id$="-error"]' }),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeInTheDocument();
    expect(await screen.findByText(/Password updated/)).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveValue('');
    expect(api.callsTo('PATCH', '/api/account/password')[1]?.body).toEqual({
      currentPassword: 'old password',
      newPassword: 'a new password',
      confirmPassword: 'a new password',
    });
  });

  it('tells only a creator that deleting takes their creator page offline', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: sampleUser({ isCreator: false, userType: 'supporter', username: null }) } },
    });
    const supporter = renderAccount();
    expect(
      await screen.findByText(
        /Deleting your account signs you out everywhere for good and ends your monthly supports\./,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/creator page/)).not.toBeInTheDocument();
    supporter.unmount();

    mockApi({ 'GET /api/auth/me': { body: { user: sampleUser() } } });
    renderAccount();
    expect(await screen.findByText(/takes your creator page offline for good/)).toBeInTheDocument();
  });

  it('deletes the account only after the confirm step, then goes home; Cancel goes back', async () => {
    const api = mockApi({
      'GET /api/auth/me': { body: { user: sampleUser() } },
      'DELETE /api/account': ({ body }) =>
        (body as { password: string }).password === 'right password'
          ? { status: 204 }
          : {
              status: 400,
              body: {
                message: 'Current password is incorrect',
                fieldErrors: { password: 'Current password is incorrect' },
              },
            },
    });
    const user = userEvent.setup();
    renderAccount();
    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    expect(screen.getByTestId('session')).toHaveTextContent('pat@example.com');
    expect(screen.getByText('Are you sure? This cannot be undone.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Are you sure? This cannot be undone.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Account' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(
      await screen.findByText('Current password is incorrect', { selector: 'p[id$="-error"]' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/settings?tab=account');

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right password');
    await user.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    // The shell shows this on the home page (its PageNotice).
    expect(screen.getByTestId('notice')).toHaveTextContent(PAGE_NOTICES['account-deleted']);
    // Signed out once the home page is showing (not before, or the shell's guard would send them to sign in).
    await waitFor(() => expect(screen.getByTestId('session')).toHaveTextContent('visitor'));
    expect(api.callsTo('DELETE', '/api/account')).toHaveLength(2);
  });
});
