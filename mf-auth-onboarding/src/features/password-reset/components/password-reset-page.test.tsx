import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { PASSWORD_RESET_MESSAGES } from '@beabro/shared/api-schemas/password-reset';
import { AUTH_MESSAGES } from '@beabro/shared/schemas/auth';
import { mockApi, type MockCall } from '@beabro/shared/testing/msw';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { AuthPage } from '../../auth/components/auth-page';
import { PasswordResetPage } from './password-reset-page';

const open = (url: string) =>
  renderWithProviders(
    <Routes>
      <Route path="/auth" element={<AuthPage basePath="/auth" />} />
      <Route path="/reset-password" element={<PasswordResetPage />} />
    </Routes>,
    { route: url },
  );

const WAIT = { timeout: 5000 };

/** What the page posted: method, path and body of each POST. */
const posted = (calls: MockCall[]) =>
  calls.filter((call) => call.method === 'POST').map(({ method, path, body }) => ({ method, path, body }));

describe('asking for a reset link', () => {
  it('is reached from the sign-in form with the address typed there, and says the one answer', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': { body: { user: null } },
      'POST /api/auth/password-reset': { status: 202, body: { message: PASSWORD_RESET_MESSAGES.requested } },
    });
    const user = userEvent.setup();
    open('/auth');
    await user.type(await screen.findByLabelText('Email', {}, WAIT), ' sam@example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { name: 'Reset your password' }, WAIT)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    const answer = await screen.findByText(PASSWORD_RESET_MESSAGES.requested, {}, WAIT);
    expect(answer.closest('[role="status"]')).toHaveFocus();
    expect(posted(calls)).toEqual([
      { method: 'POST', path: '/api/auth/password-reset', body: { email: 'sam@example.com' } },
    ]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');
  });

  it('checks the address before sending, and says when to try again after too many requests', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': { body: { user: null } },
      'POST /api/auth/password-reset': {
        status: 429,
        headers: { 'Retry-After': '1200' },
        body: { message: 'Too many attempts. Please try again in 20 minutes.' },
      },
    });
    const user = userEvent.setup();
    open('/reset-password');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }, WAIT));
    expect(await screen.findByText(AUTH_MESSAGES.emailRequired, {}, WAIT)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(posted(calls)).toEqual([]);

    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(
      'Too many attempts. Please try again in 20 minutes.',
    );
  });
});

describe('choosing a new password from the link', () => {
  it('sends the token with the password, then takes the token out of the address and points to sign-in', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': { body: { user: null } },
      'POST /api/auth/password-reset/confirm': { status: 200, body: { reset: true } },
    });
    const replaceState = vi.spyOn(window.history, 'replaceState');
    const user = userEvent.setup();
    open('/reset-password?token=tok_1');
    expect(await screen.findByRole('heading', { name: 'Choose a new password' }, WAIT)).toBeInTheDocument();

    await user.type(screen.getByLabelText('New Password'), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a different one');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordsDoNotMatch, {}, WAIT)).toBeInTheDocument();
    expect(posted(calls)).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText(PASSWORD_RESET_MESSAGES.done, {}, WAIT)).toBeInTheDocument();
    expect(posted(calls)).toEqual([
      {
        method: 'POST',
        path: '/api/auth/password-reset/confirm',
        body: { token: 'tok_1', password: 'a new passphrase', confirmPassword: 'a new passphrase' },
      },
    ]);
    expect(replaceState).toHaveBeenCalledWith(window.history.state, '', '/reset-password');
    replaceState.mockRestore();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  });

  it('says when the link is used or expired, with a way to a new one', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: null } },
      'POST /api/auth/password-reset/confirm': {
        status: 400,
        body: {
          message: PASSWORD_RESET_MESSAGES.invalidLink,
          fieldErrors: { token: PASSWORD_RESET_MESSAGES.invalidLink },
        },
      },
    });
    const user = userEvent.setup();
    open('/reset-password?token=tok_used');
    await user.type(await screen.findByLabelText('New Password', {}, WAIT), 'a new passphrase');
    await user.type(screen.getByLabelText('Confirm New Password'), 'a new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByRole('alert', {}, WAIT)).toHaveTextContent(PASSWORD_RESET_MESSAGES.invalidLink);
    await user.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('button', { name: 'Send reset link' }, WAIT)).toBeInTheDocument();
  });
});
