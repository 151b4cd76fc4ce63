import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { AUTH_MESSAGES } from '@beabro/shared/schemas/auth';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { mockApi, type MockHandler, type MockReply } from '@beabro/shared/testing/msw';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { fakeCreator, fakeUser } from '../../../testing/factories';
import { Where } from '../../../testing/where';
import { AuthPage } from './auth-page';

/** The auth page at `route`, signed out unless `routes` answer GET /api/auth/me otherwise. */
function renderAuth(route: string, routes: Record<string, MockHandler> = {}) {
  const { calls } = mockApi({ 'GET /api/auth/me': { body: { user: null } }, ...routes });
  renderWithProviders(
    <>
      <Routes>
        <Route path="/auth" element={<AuthPage basePath="/auth" />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { route },
  );
  return calls;
}

const location = () => screen.getByLabelText('current location');

/** Waits for the form (the session has to be known first). */
async function form(mode: 'signin' | 'signup' = 'signin') {
  return screen.findByRole('button', { name: mode === 'signin' ? 'Sign In' : 'Create Account' });
}

async function fillSignUp(
  user: ReturnType<typeof userEvent.setup>,
  values: { name?: string; email?: string; password?: string; confirm?: string } = {},
) {
  await user.type(screen.getByLabelText('Full Name'), values.name ?? 'Sam Supporter');
  await user.type(screen.getByLabelText('Email'), values.email ?? 'sam@example.com');
  await user.type(screen.getByLabelText('Password'), values.password ?? 'a good password');
  await user.type(screen.getByLabelText('Confirm Password'), values.confirm ?? values.password ?? 'a good password');
}

async function fillSignIn(
  user: ReturnType<typeof userEvent.setup>,
  email = 'sam@example.com',
  password = 'a good password',
) {
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
}

const sessionAnswer = (user: SessionUser, status = 200): MockReply => ({ status, body: { user } });

afterEach(() => {
  act(() => useSessionStore.setState({ status: 'unknown', user: null }));
});

describe('AuthPage: what it shows', () => {
  it('names the tab after the mode', async () => {
    renderAuth('/auth');
    await waitFor(() => expect(document.title).toBe('Sign in - Be a Bro'));
    cleanup();
    renderAuth('/auth?mode=signup');
    await waitFor(() => expect(document.title).toBe('Sign up - Be a Bro'));
  });

  it('opens in sign-in mode with email, password, the "Share your mission" link and no social sign-in', async () => {
    renderAuth('/auth');
    await form();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Share your mission' })).toHaveAttribute('href', '/create');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('aria-current', 'page');
    // No provider is built, so no button may pretend to offer one.
    expect(
      screen.queryByRole('button', { name: /google|github|facebook|apple|twitter|continue with/i }),
    ).not.toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('opens sign-up from the URL with Supporter chosen by default', async () => {
    renderAuth('/auth?mode=signup');
    await form('signup');
    expect(screen.getByRole('heading', { level: 1, name: 'Join Be a Bro' })).toBeInTheDocument();
    for (const label of ['Full Name', 'Email', 'Password', 'Confirm Password'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Supporter/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Mission Builder/ })).not.toBeChecked();
    expect(screen.queryByRole('link', { name: 'Share your mission' })).not.toBeInTheDocument();
  });

  it('preselects Mission Builder with role=creator, and the role follows the URL', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?mode=signup&role=creator&next=/create');
    await form('signup');
    expect(screen.getByRole('radio', { name: /Mission Builder/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Supporter/ }));
    expect(screen.getByRole('radio', { name: /Supporter/ })).toBeChecked();
    expect(location().textContent).toBe('/auth?mode=signup&next=%2Fcreate');
  });

  it('switches modes by link, keeping the role, next and what was typed', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?next=/settings');
    await form();
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?mode=signup&next=/settings');
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    await user.click(screen.getByRole('link', { name: 'Sign Up' }));
    await form('signup');
    expect(screen.getByLabelText('Email')).toHaveValue('sam@example.com');
    await user.click(screen.getByRole('radio', { name: /Mission Builder/ }));
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?next=/settings');
  });

  it('waits for the session before showing anything', () => {
    mockApi({ 'GET /api/auth/me': () => new Promise<never>(() => {}) });
    renderWithProviders(<AuthPage basePath="/auth" />, { route: '/auth' });
    expect(screen.getByText('Checking whether you are signed in…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});

describe('AuthPage: field messages', () => {
  it('sign-in: required messages on submit, next to their fields, and focus on the first', async () => {
    const user = userEvent.setup();
    const calls = renderAuth('/auth');
    await user.click(await form());
    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(AUTH_MESSAGES.emailRequired);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('sign-in: checks a field when it loses focus, and the message goes once it is fixed', async () => {
    const user = userEvent.setup();
    renderAuth('/auth');
    await form();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.tab();
    expect(screen.getByText(AUTH_MESSAGES.emailInvalid)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.tab();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'er!!');
    expect(screen.queryByText('Password must be at least 8 characters')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'sam@example.com');
    expect(screen.queryByText(AUTH_MESSAGES.emailInvalid)).not.toBeInTheDocument();
  });

  it('sign-up: every message of section 5', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?mode=signup');
    await user.click(await form('signup'));
    expect(screen.getByText(AUTH_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByLabelText('Full Name')).toHaveFocus();

    await fillSignUp(user, { email: 'sam@', password: 'short', confirm: 'different' });
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.queryByText(AUTH_MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(AUTH_MESSAGES.passwordsDoNotMatch);
  });

  it('sign-up: "Passwords do not match" shows on leaving the confirmation and goes when they match', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?mode=signup');
    await form('signup');
    await user.type(screen.getByLabelText('Password'), 'a good password');
    await user.type(screen.getByLabelText('Confirm Password'), 'a good pass');
    await user.tab();
    expect(screen.getByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm Password'), 'word');
    expect(screen.queryByText(AUTH_MESSAGES.passwordsDoNotMatch)).not.toBeInTheDocument();
  });
});

describe('AuthPage: server answers', () => {
  it('a refused sign-in shows the red box "Authentication failed. Please try again."', async () => {
    const user = userEvent.setup();
    renderAuth('/auth', {
      'POST /api/auth/sign-in': { status: 401, body: { message: AUTH_MESSAGES.authenticationFailed } },
    });
    await form();
    await fillSignIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.authenticationFailed);
  });

  it('a sign-in the server cannot answer shows the same red box', async () => {
    const user = userEvent.setup();
    renderAuth('/auth', {
      'POST /api/auth/sign-in': {
        status: 500,
        body: { message: 'Something went wrong on our side. Please try again.' },
      },
    });
    await form();
    await fillSignIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.authenticationFailed);
  });

  it('a rate-limited answer says when to try again', async () => {
    const user = userEvent.setup();
    const tooMany = {
      status: 429,
      body: { message: 'Too many attempts. Please try again in 12 minutes.' },
      headers: { 'Retry-After': '700' },
    };
    renderAuth('/auth', { 'POST /api/auth/sign-in': tooMany });
    await form();
    await fillSignIn(user);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 12 minutes.');
  });

  it('a rate-limited answer without a message still says when, from Retry-After', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?mode=signup', { 'POST /api/auth/sign-up': { status: 429, headers: { 'Retry-After': '90' } } });
    await form('signup');
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 2 minutes.');
  });

  it('sign-up: the server’s field message (email taken) shows next to the field, not in the red box', async () => {
    const user = userEvent.setup();
    const taken = 'An account with this email already exists. Sign in instead.';
    renderAuth('/auth?mode=signup', {
      'POST /api/auth/sign-up': { status: 400, body: { message: taken, fieldErrors: { email: taken } } },
    });
    await form('signup');
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(taken));
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('sign-up: another failure shows the red box', async () => {
    const user = userEvent.setup();
    renderAuth('/auth?mode=signup', {
      'POST /api/auth/sign-up': {
        status: 500,
        body: { message: 'Something went wrong on our side. Please try again.' },
      },
    });
    await form('signup');
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.authenticationFailed);
  });
});

describe('AuthPage: where people go', () => {
  it.each([
    ['a creator with a page', fakeCreator(), '/auth', '/dashboard'],
    ['a supporter', fakeUser(), '/auth', '/supporter-dashboard'],
    ['a creator who has not onboarded', fakeUser({ userType: 'creator' }), '/auth', '/supporter-dashboard'],
    ['anyone, with a safe next', fakeUser(), '/auth?next=/settings%3Ftab%3Daccount', '/settings?tab=account'],
    ['anyone, with an unsafe next', fakeCreator(), '/auth?next=//evil.example', '/dashboard'],
  ])('after sign-in, %s lands where expected', async (_who, signedIn, route, destination) => {
    const user = userEvent.setup();
    const calls = renderAuth(route, { 'POST /api/auth/sign-in': sessionAnswer(signedIn) });
    await form();
    await fillSignIn(user, signedIn.email);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(location()).toHaveTextContent(destination));
    expect(location().textContent).toBe(destination);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: signedIn.email,
      password: 'a good password',
    });
    // The shell's route guards read the shared store; it knows the user before the destination renders.
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', user: signedIn });
  });

  it.each([
    ['creator', '/auth?mode=signup&role=creator', '/create'],
    ['supporter', '/auth?mode=signup', '/supporter-dashboard'],
    ['supporter', '/auth?mode=signup&next=/pixelpat/support', '/pixelpat/support'],
  ] as const)('after sign-up as %s (%s) the user goes to %s', async (role, route, destination) => {
    const user = userEvent.setup();
    const calls = renderAuth(route, { 'POST /api/auth/sign-up': sessionAnswer(fakeUser({ userType: role }), 201) });
    await form('signup');
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(location().textContent).toBe(destination));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Sam Supporter',
      email: 'sam@example.com',
      password: 'a good password',
      confirmPassword: 'a good password',
      role,
    });
  });

  it.each([
    [fakeCreator(), '/auth', '/dashboard'],
    [fakeUser(), '/auth?mode=signup', '/supporter-dashboard'],
    [fakeUser(), '/auth?next=/create', '/create'],
  ])('someone already signed in is sent on (case %#)', async (signedIn, route, destination) => {
    renderAuth(route, { 'GET /api/auth/me': { body: { user: signedIn } } });
    await waitFor(() => expect(location().textContent).toBe(destination));
  });
});

describe('AuthPage: two-factor sign-in', () => {
  const challengeAnswer: MockReply = {
    status: 202,
    body: { twoFactor: { challenge: 'challenge-token', expiresAt: '2026-11-24T10:05:00.000Z' } },
  };

  async function toCodeStep(
    user: ReturnType<typeof userEvent.setup>,
    signedIn: SessionUser,
    codeAnswer: MockHandler,
    route = '/auth',
  ) {
    const calls = renderAuth(route, {
      'POST /api/auth/sign-in': challengeAnswer,
      'POST /api/auth/sign-in/two-factor': codeAnswer,
    });
    await form();
    await fillSignIn(user, signedIn.email);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    return calls;
  }

  it('after a right password asks for the code (not signed in yet), then signs in with it', async () => {
    const user = userEvent.setup();
    const signedIn = fakeCreator();
    const calls = await toCodeStep(user, signedIn, sessionAnswer(signedIn), '/auth?next=/settings%3Ftab%3Daccount');
    expect(useSessionStore.getState().user).toBeNull();
    await waitFor(() => expect(screen.getByLabelText('Authentication code')).toHaveFocus());
    await user.type(screen.getByLabelText('Authentication code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(location()).toHaveTextContent('/settings?tab=account'));
    expect(calls.find((call) => call.path === '/api/auth/sign-in/two-factor')?.body).toEqual({
      challenge: 'challenge-token',
      code: '123 456',
    });
    expect(useSessionStore.getState()).toMatchObject({ status: 'signed-in', user: signedIn });
  });

  it('checks the code before sending it, and shows the server’s verdict next to the field', async () => {
    const user = userEvent.setup();
    const wrong = 'That code is not valid. Check your authenticator app, or use an unused recovery code.';
    const calls = await toCodeStep(user, fakeUser(), {
      status: 400,
      body: { message: wrong, fieldErrors: { code: wrong } },
    });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Authentication code'), '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(/or a recovery code \(like/)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/sign-in/two-factor')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Authentication code')).toHaveAccessibleDescription(expect.stringContaining(wrong)),
    );
    expect(screen.getByLabelText('Authentication code')).toHaveFocus();
    expect(useSessionStore.getState().user).toBeNull();
  });

  it('too many tries: says when to try again', async () => {
    const user = userEvent.setup();
    await toCodeStep(user, fakeUser(), {
      status: 429,
      body: { message: 'Too many attempts. Please try again in 15 minutes.' },
      headers: { 'Retry-After': '900' },
    });
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 15 minutes.');
  });

  it('a spent or expired challenge goes back to the password, saying why; "Back to sign in" does too', async () => {
    const user = userEvent.setup();
    const expired = 'This sign-in has expired. Enter your email and password again.';
    await toCodeStep(user, fakeUser(), { status: 401, body: { message: expired } });
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(expired);
    // The email stays; the password is asked again.
    expect(screen.getByLabelText('Email')).not.toHaveValue('');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    await user.type(screen.getByLabelText('Password'), 'a good password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
