import { act, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useSessionStore } from '@beabro/shared/session/session-store';
import { renderWithProviders } from '@beabro/shared/testing/render-with-providers';
import type { SessionUser } from '@beabro/shared/types/session-user';
import type { RouteAccess } from '../../config/area-routes';
import { RouteGuard } from './route-guard';

const supporter: SessionUser = {
  id: '6f1c1a52-52a8-4a57-9b3e-0d2f6f0b1a02',
  email: 'sam@example.com',
  username: null,
  displayName: 'Sam',
  isCreator: false,
  userType: 'supporter',
  emailVerified: false,
};
const creator: SessionUser = { ...supporter, username: 'maya', isCreator: true, userType: 'creator' };

function Where() {
  const location = useLocation();
  return <output aria-label="current location">{`${location.pathname}${location.search}`}</output>;
}

function renderGuarded(access: RouteAccess, route: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/dashboard"
        element={
          <RouteGuard access={access} area="Creator dashboard">
            <h1>Dashboard content</h1>
          </RouteGuard>
        }
      />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route },
  );
}

afterEach(() => {
  act(() => useSessionStore.setState({ status: 'unknown', user: null }));
});

describe('RouteGuard', () => {
  it('shows the area loading state while the session is unknown, then the area once a creator is known', () => {
    renderGuarded('creator', '/dashboard');
    expect(screen.getByText('Loading Creator dashboard…')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard content' })).not.toBeInTheDocument();
    act(() => useSessionStore.getState().setUser(creator));
    expect(screen.getByRole('heading', { name: 'Dashboard content' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in with next (path and query)', () => {
    useSessionStore.getState().setUser(null);
    renderGuarded('creator', '/dashboard?from=email');
    expect(screen.getByLabelText('current location')).toHaveTextContent('/auth?next=/dashboard%3Ffrom%3Demail');
  });

  it('sends a signed-in user without a creator page to onboarding', () => {
    useSessionStore.getState().setUser(supporter);
    renderGuarded('creator', '/dashboard');
    expect(screen.getByLabelText('current location')).toHaveTextContent('/create');
  });

  it('lets a supporter into a signed-in route', () => {
    useSessionStore.getState().setUser(supporter);
    renderGuarded('signed-in', '/dashboard');
    expect(screen.getByRole('heading', { name: 'Dashboard content' })).toBeInTheDocument();
  });
});
