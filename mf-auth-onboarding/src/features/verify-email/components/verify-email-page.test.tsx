import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMAIL_VERIFICATION_MESSAGES } from '@beabro/shared/api-schemas/email-verification';
import { mockApi, type MockCall, type MockHandler, type MockReply } from '@beabro/shared/testing/msw';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { fakeUser } from '../../../testing/factories';
import { VerifyEmailPage } from './verify-email-page';

const READY = { state: 'ready', email: 'vera@example.com', signedInAsOther: false };

/** GET /api/auth/verify-email?token=…: each answer in turn, the last one from then on. */
function linkStatus(answers: MockReply[]): MockHandler {
  let call = 0;
  return () => answers[Math.min(call++, answers.length - 1)] ?? { status: 500 };
}

/** What the page posted: method, path and body of each POST. */
const posted = (calls: MockCall[]) =>
  calls.filter((call) => call.method === 'POST').map(({ method, path, body }) => ({ method, path, body }));

const open = (url = '/verify-email?token=tok_1') => renderWithProviders(<VerifyEmailPage />, { route: url });

describe('the verification page', () => {
  it('verifies only when the button is pressed, then announces it and focuses the way on', async () => {
    const { calls } = mockApi({
      'GET /api/auth/me': { body: { user: null } },
      'GET /api/auth/verify-email': linkStatus([{ status: 200, body: READY }]),
      'POST /api/auth/verify-email': { status: 200, body: { verified: true, email: 'vera@example.com', user: null } },
    });
    open();
    const button = await screen.findByRole('button', { name: 'Verify my email' }, { timeout: 5000 });
    expect(screen.getByText(/Confirm that/)).toHaveTextContent('Confirm that vera@example.com is your email address.');
    expect(posted(calls)).toEqual([]);

    await userEvent.click(button);

    expect(
      (await screen.findByText(EMAIL_VERIFICATION_MESSAGES.verified, {}, { timeout: 5000 })).closest('[role="status"]'),
    ).not.toBeNull();
    expect(posted(calls)).toEqual([{ method: 'POST', path: '/api/auth/verify-email', body: { token: 'tok_1' } }]);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveFocus();
  });

  it('signed in as the same account, the way on is the dashboard', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: fakeUser({ email: 'vera@example.com' }) } },
      'GET /api/auth/verify-email': linkStatus([{ status: 200, body: READY }]),
      'POST /api/auth/verify-email': {
        status: 200,
        body: {
          verified: true,
          email: 'vera@example.com',
          user: fakeUser({ email: 'vera@example.com', emailVerified: true }),
        },
      },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Verify my email' }, { timeout: 5000 }));
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Go to my dashboard' })).toHaveFocus(), {
      timeout: 5000,
    });
  });

  it('says so when signed in as another account', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: fakeUser({ email: 'sam@example.com' }) } },
      'GET /api/auth/verify-email': linkStatus([{ status: 200, body: { ...READY, signedInAsOther: true } }]),
    });
    open();
    expect(
      await screen.findByText(
        /You are signed in as sam@example.com, but this link is for another account/,
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify my email' })).toBeEnabled();
  });

  it('a link refused on press: reads it again and says why (here: used), with focus on the message', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: null } },
      'GET /api/auth/verify-email': linkStatus([
        { status: 200, body: READY },
        { status: 200, body: { state: 'used', email: null, signedInAsOther: false } },
      ]),
      'POST /api/auth/verify-email': { status: 400, body: { message: EMAIL_VERIFICATION_MESSAGES.invalidLink } },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Verify my email' }, { timeout: 5000 }));
    const message = await screen.findByText(EMAIL_VERIFICATION_MESSAGES.linkUsed, {}, { timeout: 5000 });
    await vi.waitFor(() => expect(message.closest('[tabindex="-1"]')).toHaveFocus(), { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Verify my email' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to request a new link' })).toHaveAttribute(
      'href',
      '/auth?next=/settings%3Ftab%3Daccount',
    );
  });

  it('a failure on our side: the message next to the button, which stays to try again', async () => {
    mockApi({
      'GET /api/auth/me': { body: { user: null } },
      'GET /api/auth/verify-email': linkStatus([{ status: 200, body: READY }]),
      'POST /api/auth/verify-email': { status: 503, body: { message: 'Down for maintenance.' } },
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Verify my email' }, { timeout: 5000 }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('Down for maintenance.');
    expect(screen.getByRole('button', { name: 'Verify my email' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Verify my email' })).toHaveAttribute(
      'aria-describedby',
      'verify-email-error',
    );
  });

  it.each([
    ['expired', EMAIL_VERIFICATION_MESSAGES.linkExpired],
    ['outdated', EMAIL_VERIFICATION_MESSAGES.linkOutdated],
    ['already-verified', EMAIL_VERIFICATION_MESSAGES.alreadyVerified],
  ])('a link that is %s: its message and no button', async (state, message) => {
    mockApi({
      'GET /api/auth/me': { body: { user: null } },
      'GET /api/auth/verify-email': linkStatus([
        {
          status: 200,
          body: { state, email: state === 'already-verified' ? 'vera@example.com' : null, signedInAsOther: false },
        },
      ]),
    });
    open();
    expect(await screen.findByText(message, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify my email' })).not.toBeInTheDocument();
  });

  it('a missing token asks nothing and says the link is not valid', async () => {
    const { calls } = mockApi({ 'GET /api/auth/me': { body: { user: null } } });
    open('/verify-email');
    expect(await screen.findByText(EMAIL_VERIFICATION_MESSAGES.linkUnknown, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.startsWith('/api/auth/verify-email'))).toEqual([]);
  });
});
