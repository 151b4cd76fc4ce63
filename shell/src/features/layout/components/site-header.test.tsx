import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { json, mockApi } from '@beabro/shared/testing/msw';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { SessionUser } from '@beabro/shared/types/session-user';
import { SessionSync } from '@beabro/shared/ui/session-sync';
import { RouteGuard } from '../../guards/route-guard';
import { SiteHeader } from './site-header';

function Where() {
  const location = useLocation();
  return <output aria-label="current path">{location.pathname}</output>;
}

function WhereWithSearch() {
  const location = useLocation();
  return <output aria-label="current location">{`${location.pathname}${location.search}`}</output>;
}

let serverUser: SessionUser | null = null;

/** The API as the header sees it: who am I, and sign-out. */
function fakeApi() {
  return mockApi({
    'GET /api/auth/me': () => json(200, { user: serverUser }),
    'POST /api/auth/sign-out': () => {
      serverUser = null;
      return json(204);
    },
  });
}

async function renderHeader(user: SessionUser | null) {
  serverUser = user;
  const api = fakeApi();
  const view = renderWithProviders(
    <>
      <SessionSync />
      <SiteHeader />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route: '/help' },
  );
  await waitFor(() => expect(useSessionStore.getState().status).toBe(user ? 'signed-in' : 'signed-out'));
  // The store answers before React has drawn the header for it: wait for the header itself.
  if (user) await screen.findByRole('button', { name: /account/i });
  else await screen.findByRole('link', { name: 'Sign In' });
  return { ...view, api };
}

const maya: SessionUser = {
  id: '6f1c1a52-52a8-4a57-9b3e-0d2f6f0b1a01',
  email: 'maya@example.com',
  username: 'maya',
  displayName: 'Maya',
  isCreator: true,
  userType: 'creator',
  emailVerified: true,
};
const sam: SessionUser = {
  id: '6f1c1a52-52a8-4a57-9b3e-0d2f6f0b1a02',
  email: 'sam@example.com',
  username: null,
  displayName: 'Sam',
  isCreator: false,
  userType: 'supporter',
  emailVerified: false,
};

afterEach(() => {
  // Unmount first: resetting the store under a mounted header would re-render it outside act().
  cleanup();
  useSessionStore.setState({ status: 'unknown', user: null });
});

describe('SiteHeader', () => {
  it('shows a visitor the logo, For Supporters, Help, Sign In, Join as Supporter and Be a Bro', async () => {
    await renderHeader(null);
    expect(screen.getByRole('link', { name: 'Be a Bro home' })).toHaveAttribute('href', '/');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'For Supporters' })).toHaveAttribute('href', '/discover');
    expect(within(main).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Join as Supporter' })).toHaveAttribute(
      'href',
      '/auth?mode=signup&role=supporter',
    );
    expect(screen.getByRole('link', { name: 'Be a Bro' })).toHaveAttribute('href', '/create');
    expect(screen.queryByRole('button', { name: /account/i })).not.toBeInTheDocument();
  });

  it('links to the operator console only for an operator', async () => {
    await renderHeader(maya);
    expect(screen.queryByRole('link', { name: 'Operator console' })).not.toBeInTheDocument();
    cleanup();
    await renderHeader({ ...maya, isOperator: true });
    expect(screen.getAllByRole('link', { name: 'Operator console' })[0]).toHaveAttribute('href', '/operator');
  });

  it('shows a creator Dashboard and an account menu with View Profile, Analytics, Settings and Logout', async () => {
    const user = userEvent.setup();
    const { api } = await renderHeader(maya);
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /account/i }));
    expect(screen.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/maya');
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/analytics');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    // A long address stays on one line, cut with an ellipsis, and is shown whole on hover.
    const email = screen
      .getAllByText('maya@example.com')
      .find((element) => element.getAttribute('title') === 'maya@example.com');
    expect(email).toHaveStyle({ whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflow: 'hidden' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(useSessionStore.getState().status).toBe('signed-out'));
    expect(api.callsTo('POST', '/api/auth/sign-out')).toHaveLength(1);
    // Signing out goes home: wait for the router, not just the store.
    await waitFor(() => expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/$/));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('logs out from a signed-in page to the home page, not to sign-in', async () => {
    const user = userEvent.setup();
    serverUser = maya;
    fakeApi();
    renderWithProviders(
      <>
        <SessionSync />
        <SiteHeader />
        <Routes>
          <Route
            path="/settings"
            element={
              <RouteGuard access="signed-in" area="Settings">
                <p>Settings area</p>
              </RouteGuard>
            }
          />
          <Route path="*" element={null} />
        </Routes>
        <WhereWithSearch />
      </>,
      { route: '/settings' },
    );
    expect(await screen.findByText('Settings area')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /account/i }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(useSessionStore.getState().status).toBe('signed-out'));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('current location')).toHaveTextContent(/^\/$/);
  });

  it('shows a supporter My Missions and no View Profile without a username', async () => {
    const user = userEvent.setup();
    await renderHeader(sam);
    expect(screen.getByRole('link', { name: 'My Missions' })).toHaveAttribute('href', '/supporter-dashboard');
    await user.click(screen.getByRole('button', { name: /account/i }));
    expect(screen.queryByRole('link', { name: 'View Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
  });

  it('mobile menu repeats the links and shows the display name with the "Bro" fallback and the email', async () => {
    const user = userEvent.setup();
    await renderHeader({ ...sam, displayName: '' });
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getByText('Bro')).toBeInTheDocument();
    expect(within(mobile).getByText('sam@example.com')).toBeInTheDocument();
    expect(within(mobile).getByRole('link', { name: 'For Supporters' })).toBeInTheDocument();
    expect(within(mobile).getByRole('link', { name: 'My Missions' })).toBeInTheDocument();
    expect(within(mobile).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});

describe('SiteHeader while the session is unknown', () => {
  it('shows neither the visitor actions nor an account menu until the server has answered', () => {
    mockApi({ 'GET /api/auth/me': () => new Promise<never>(() => {}) });
    renderWithProviders(<SiteHeader />);
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /account/i })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'For Supporters' })).toBeInTheDocument();
  });
});
