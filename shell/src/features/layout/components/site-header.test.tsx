import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import { Route, Routes, useLocation } from 'react-router-dom';
import { SiteHeader } from './site-header';

function Where() {
  const location = useLocation();
  return <output aria-label="current path">{location.pathname}</output>;
}

function renderHeader() {
  return renderWithProviders(
    <>
      <SiteHeader />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { route: '/help' },
  );
}

afterEach(() => useSessionStore.getState().signOut());

describe('SiteHeader', () => {
  it('shows a visitor the logo, For Supporters, Help, Sign In, Join as Supporter and Be a Bro', () => {
    renderHeader();
    expect(screen.getByRole('link', { name: 'Be a Bro home' })).toHaveAttribute('href', '/');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'For Supporters' })).toHaveAttribute('href', '/discover');
    expect(within(main).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Join as Supporter' })).toHaveAttribute('href', '/auth?mode=signup&role=supporter');
    expect(screen.getByRole('link', { name: 'Be a Bro' })).toHaveAttribute('href', '/create');
    expect(screen.queryByRole('button', { name: /account/i })).not.toBeInTheDocument();
  });

  it('shows a creator Dashboard and an account menu with View Profile, Analytics, Settings and Logout', async () => {
    const user = userEvent.setup();
    useSessionStore.getState().signIn({ id: '1', email: 'maya@example.com', username: 'maya', displayName: 'Maya', isCreator: true, userType: 'creator', emailVerified: true });
    renderHeader();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Sign In' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /account/i }));
    expect(screen.getByRole('link', { name: 'View Profile' })).toHaveAttribute('href', '/maya');
    expect(screen.getByRole('link', { name: 'Analytics' })).toHaveAttribute('href', '/analytics');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(useSessionStore.getState().status).toBe('signed-out');
    expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows a supporter My Missions and no View Profile without a username', async () => {
    const user = userEvent.setup();
    useSessionStore.getState().signIn({ id: '2', email: 'sam@example.com', username: null, displayName: 'Sam', isCreator: false, userType: 'supporter', emailVerified: false });
    renderHeader();
    expect(screen.getByRole('link', { name: 'My Missions' })).toHaveAttribute('href', '/supporter-dashboard');
    await user.click(screen.getByRole('button', { name: /account/i }));
    expect(screen.queryByRole('link', { name: 'View Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
  });

  it('mobile menu repeats the links and shows the display name with the "Bro" fallback and the email', async () => {
    const user = userEvent.setup();
    useSessionStore.getState().signIn({ id: '2', email: 'sam@example.com', username: null, displayName: '', isCreator: false, userType: 'supporter', emailVerified: false });
    renderHeader();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const mobile = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(mobile).getByText('Bro')).toBeInTheDocument();
    expect(within(mobile).getByText('sam@example.com')).toBeInTheDocument();
    expect(within(mobile).getByRole('link', { name: 'For Supporters' })).toBeInTheDocument();
    expect(within(mobile).getByRole('link', { name: 'My Missions' })).toBeInTheDocument();
    expect(within(mobile).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });
});
